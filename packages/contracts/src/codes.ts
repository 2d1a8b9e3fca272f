// The spec's enum codes and protocol constants: schema-free, so the first page uses them without zod
// (docs/decisions/0014). The schemas that check them live beside their API areas.
import type { LoadOptions } from './list-query.ts';

/** The nil id: "no term" or "no grade" (and the synthetic "uncategorized" collection). */
export const NIL_ID = '00000000-0000-0000-0000-000000000000';

export const WorkflowState = {
  inProgress: 1,
  submitted: 2,
  inGrading: 3,
  graded: 4,
  gradingApproved: 5,
  finished: 6,
} as const;
export type WorkflowState = (typeof WorkflowState)[keyof typeof WorkflowState];

export const ActivityState = { draft: 1, ready: 2, expired: 3, archived: 4 } as const;
export type ActivityState = (typeof ActivityState)[keyof typeof ActivityState];

export const ObjectiveStatus = { draft: 1, active: 2, archived: 3 } as const;

export const ActivityType = {
  lti13: 1,
  publicFile: 2,
  privateFile: 3,
  lti11: 4,
  text: 5,
  composite: 6,
  videoProvider: 7,
} as const;
export type ActivityType = (typeof ActivityType)[keyof typeof ActivityType];

export const PresentationMode = {
  tree: 0,
  tiles: 1,
  longRead: 2,
  longReadWithoutNames: 3,
} as const;
export type PresentationMode = (typeof PresentationMode)[keyof typeof PresentationMode];

export const DisplayMode = { fullscreen: 1, embeddedAuto: 2, embeddedCustom: 3 } as const;

export const GradeRevealPolicy = { none: 0, never: 1, afterFinish: 2, afterDate: 3 } as const;
export type GradeRevealPolicy = (typeof GradeRevealPolicy)[keyof typeof GradeRevealPolicy];

export const CompletionState = { completed: 1, failed: 2, canceled: 3 } as const;

/** ProctoringSessionState: 0 not started (no session), 1 created, 2 finished (docs/decisions/0028). */
export const ProctoringSessionState = { notStarted: 0, created: 1, finished: 2 } as const;
export type CompletionState = (typeof CompletionState)[keyof typeof CompletionState];

/** Review policy of an activity part (spec 4): when a finished part may be reviewed. */
export const ReviewPolicy = {
  always: 0,
  never: 1,
  afterSubmission: 2,
  afterRevealingResults: 3,
} as const;
/** Results disclosure policy of an activity part: when its score is shown. */
export const ResultsDisclosurePolicy = {
  always: 0,
  never: 1,
  afterDate: 2,
  afterScore: 3,
  afterFinish: 4,
} as const;

export const SUBMIT_POLL_INTERVAL_MS = 2000;
export const SUBMIT_POLL_TIMEOUT_MS = 60000;
export const FULL_TREE_RETRY_MS = 30000;
export const SHARE_COPIED_MS = 10000;
export const DESCRIPTION_COLLAPSE_CHARS = 70;

/** Query flags of deep actions (spec §9). */
export const OCCFLOW_ADD_TO_MY_COURSES = 'addToMyCourses';
export const OCCFLOW_START_THE_COURSE = 'startTheCourse';
export const ENROLMENT_POLL_ATTEMPTS = 15;
export const ENROLMENT_POLL_INTERVAL_MS = 1500;

export const PREFER_ASYNC = 'respond-async';
export const PREFER_SYNC = 'respond-sync';

/** Client-side polling limits of the spec (§9). */
export const COMMAND_POLL_INTERVAL_MS = 1000;
export const COMMAND_POLL_TIMEOUT_MS = 60000;

export const MAX_TAKE = 1000;

/**
 * The longest text value a list filter may carry (the server refuses longer ones), and so the longest
 * search text a list offers: a search goes into the address and, three times (code, name, description),
 * into the request, which must stay far below the servers' and proxies' header limits in any script.
 */
export const MAX_FILTER_TEXT_LENGTH = 200;

/** Turns load options into query-string parameters, JSON-encoding the structured ones. */
export function encodeLoadOptions(options: LoadOptions): URLSearchParams {
  const params = new URLSearchParams();
  if (options.skip !== undefined) params.set('skip', String(options.skip));
  if (options.take !== undefined) params.set('take', String(options.take));
  if (options.sort) params.set('sort', JSON.stringify(options.sort));
  if (options.filter) params.set('filter', JSON.stringify(options.filter));
  if (options.requireTotalCount) params.set('requireTotalCount', 'true');
  if (options.select) params.set('select', JSON.stringify(options.select));
  return params;
}
