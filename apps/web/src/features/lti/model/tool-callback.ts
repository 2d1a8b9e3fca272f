// The tool's return to /lti-tool-callback: reading its query safely and the message the page sends its parent.
import { idSchema } from '@portal/contracts';

export const TOOL_CALLBACK_MESSAGE = 'lti-tool-callback';
/** A tool's lti_msg / lti_errormsg is untrusted text: shown as text only, and only so much of it. */
export const MAX_TOOL_MESSAGE_LENGTH = 500;

export interface ToolCallback {
  objectiveId: string;
  workflowId: string;
  /** The activity's axis; "" for the course root. */
  activityPathId: string;
  message: string | null;
  errorMessage: string | null;
}

export interface ToolCallbackMessage extends ToolCallback {
  type: typeof TOOL_CALLBACK_MESSAGE;
}

const isId = (value: string) => idSchema.safeParse(value).success;

function toolText(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const text = value.trim().slice(0, MAX_TOOL_MESSAGE_LENGTH);
  return text === '' ? null : text;
}

/** An axis is part ids joined by "/"; every step must be an id before it becomes part of a path. */
export function isValidAxis(axis: string): boolean {
  return axis === '' || axis.split('/').every(isId);
}

/** The callback's query, or null when an id is missing or malformed (then the learner goes to the list). */
export function parseToolCallback(search: URLSearchParams): ToolCallback | null {
  const objectiveId = search.get('objectiveId') ?? '';
  const workflowId = search.get('workflowId') ?? '';
  const activityPathId = search.get('activityPathId') ?? '';
  if (!isId(objectiveId) || !isId(workflowId) || !isValidAxis(activityPathId)) return null;
  return {
    objectiveId,
    workflowId,
    activityPathId,
    message: toolText(search.get('lti_msg')),
    errorMessage: toolText(search.get('lti_errormsg')),
  };
}

/** Reads a posted message; null unless it is a well-formed callback message. */
export function readToolCallbackMessage(data: unknown): ToolCallbackMessage | null {
  if (typeof data !== 'object' || data === null) return null;
  const record = data as Record<string, unknown>;
  if (record.type !== TOOL_CALLBACK_MESSAGE) return null;
  const { objectiveId, workflowId, activityPathId } = record;
  if (typeof objectiveId !== 'string' || !isId(objectiveId)) return null;
  if (typeof workflowId !== 'string' || !isId(workflowId)) return null;
  if (typeof activityPathId !== 'string' || !isValidAxis(activityPathId)) return null;
  return {
    type: TOOL_CALLBACK_MESSAGE,
    objectiveId,
    workflowId,
    activityPathId,
    message: toolText(record.message),
    errorMessage: toolText(record.errorMessage),
  };
}
