// Reads and commands of the course content view: the learner's aggregate, the activity tree, one activity's
// content, and the workflow commands (start, finish an activity, submit) over the async command client.
import { queryOptions } from '@tanstack/react-query';
import {
  PREFER_SYNC,
  SUBMIT_POLL_INTERVAL_MS,
  SUBMIT_POLL_TIMEOUT_MS,
  activityNodeSchema,
  activityWithContentSchema,
  enrollmentAggregateSchema,
  objectiveWorkflowSchema,
  type ObjectiveWorkflow,
} from '@portal/contracts';
import { ApiError, LMS_API, apiGet, clientErrorText, runCommand } from '../../../lib/api-client.ts';
import { learnerCourseKeys } from '../../../lib/course-query-keys.ts';

const enc = encodeURIComponent;
const workflowPath = (workflowId: string) =>
  `${LMS_API}/users/me/objective-workflows/${enc(workflowId)}`;
/** The activity path id is the axis: part ids joined by "/"; each id is encoded, the slashes kept. */
const encodeAxis = (axis: string) => axis.split('/').map(enc).join('/');

/** Every key starts with 'lms' so enrolment changes (which invalidate ['lms']) refresh them too. */
export const courseContentKeys = {
  ...learnerCourseKeys,
  content: (workflowId: string, axis: string) =>
    ['lms', 'activity-content', workflowId, axis] as const,
};

export function courseAggregateQuery(objectiveId: string) {
  return queryOptions({
    queryKey: courseContentKeys.aggregate(objectiveId),
    queryFn: ({ signal }) =>
      apiGet(
        `${LMS_API}/users/me/objectives/${enc(objectiveId)}/objective-workflow-aggregate`,
        import.meta.env.PROD ? undefined : enrollmentAggregateSchema,
        { signal },
      ),
  });
}

export function objectiveWorkflowQuery(workflowId: string) {
  return queryOptions({
    queryKey: courseContentKeys.workflow(workflowId),
    queryFn: () => fetchObjectiveWorkflow(workflowId),
  });
}

/** The full tree; never retried by the query itself: the page retries it after 30 s (spec 4). */
export function activityTreeQuery(workflowId: string) {
  return queryOptions({
    queryKey: courseContentKeys.tree(workflowId),
    queryFn: ({ signal }) =>
      apiGet(
        `${workflowPath(workflowId)}/activity-with-aggregates`,
        import.meta.env.PROD ? undefined : activityNodeSchema,
        {
          signal,
        },
      ),
    retry: false,
  });
}

export function activityContentQuery(workflowId: string, axis: string) {
  return queryOptions({
    queryKey: courseContentKeys.content(workflowId, axis),
    queryFn: ({ signal }) =>
      apiGet(
        axis === ''
          ? `${workflowPath(workflowId)}/activity`
          : `${workflowPath(workflowId)}/activity/${encodeAxis(axis)}`,
        import.meta.env.PROD ? undefined : activityWithContentSchema,
        { signal },
      ),
    // A refusal (403) is an answer, not a hiccup.
    retry: false,
  });
}

export interface CommandIds {
  newId?: () => string;
}

const randomId = () => crypto.randomUUID();

/**
 * The starts ask for the synchronous answer (our server waits, bounded, for the command to finish), so the
 * learner's first activity does not wait for a 1-second poll; an answer that is still pending falls back to
 * polling (runCommand). The spec names no preference for these commands; the server accepts both.
 */
const startPreference = { prefer: PREFER_SYNC } as const;

/** start-objective-workflows: the new objective workflow's id is the command id (WIRE §4). */
export async function startObjectiveWorkflow(
  objectiveWorkflowAggregateId: string,
  { newId = randomId }: CommandIds = {},
): Promise<string> {
  const id = newId();
  const status = await runCommand(
    `${LMS_API}/start-objective-workflows`,
    { id, objectiveWorkflowAggregateId },
    startPreference,
  );
  return status.entityId ?? id;
}

/** start-activity-workflows for the node at `axis` ("" = the root); idempotent on the server. */
export async function startActivityWorkflow(
  objectiveWorkflowId: string,
  axis: string,
  { newId = randomId }: CommandIds = {},
): Promise<string | null> {
  const status = await runCommand(
    `${LMS_API}/start-activity-workflows`,
    { id: newId(), objectiveWorkflowId, activityPartIds: axis === '' ? [] : axis.split('/') },
    startPreference,
  );
  return status.entityId ?? null;
}

/** finish-activity-workflows: the last id is the activity completed; the others are its ancestors. */
export async function finishActivityWorkflows(
  objectiveWorkflowId: string,
  activityWorkflowIds: string[],
  { newId = randomId }: CommandIds = {},
): Promise<void> {
  await runCommand(`${LMS_API}/finish-activity-workflows`, {
    id: newId(),
    objectiveWorkflowId,
    activityWorkflowIds,
  });
}

export function fetchObjectiveWorkflow(workflowId: string): Promise<ObjectiveWorkflow> {
  return apiGet(
    workflowPath(workflowId),
    import.meta.env.PROD ? undefined : objectiveWorkflowSchema,
  );
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Submit (spec 4): submit-objective-workflows with the workflow's own id, then poll the workflow every 2 s
 * for up to 60 s until it carries its objective record. Resolves with the record id.
 */
export async function submitObjectiveWorkflow(
  workflowId: string,
  {
    pollIntervalMs = SUBMIT_POLL_INTERVAL_MS,
    timeoutMs = SUBMIT_POLL_TIMEOUT_MS,
  }: { pollIntervalMs?: number; timeoutMs?: number } = {},
): Promise<string> {
  await runCommand(`${LMS_API}/submit-objective-workflows`, { id: workflowId });
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const workflow = await fetchObjectiveWorkflow(workflowId);
    if (workflow.objectiveRecordId) return workflow.objectiveRecordId;
    if (Date.now() + pollIntervalMs > deadline)
      throw new ApiError(408, clientErrorText('timeOver'));
    await sleep(pollIntervalMs);
  }
}
