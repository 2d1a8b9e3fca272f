// Shared primitives and the spec's enum codes.
import { z } from 'zod';

/** The nil id: "no term" or "no grade" (and the synthetic "uncategorized" collection). */
export const NIL_ID = '00000000-0000-0000-0000-000000000000';

/** A UUID, folded to lower case: ids are stored and compared in lower case. */
export const idSchema = z.uuid().toLowerCase();
export const isoDateTimeSchema = z.iso.datetime({ offset: true });

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
export type CompletionState = (typeof CompletionState)[keyof typeof CompletionState];

export const RoleName = {
  administrator: 'Administrator',
  author: 'Author',
  instructor: 'Instructor',
  learner: 'Learner',
} as const;
export type RoleName = (typeof RoleName)[keyof typeof RoleName];

export const Permission = {
  objectiveWorkflowCreate: 'ObjectiveWorkflow.Create',
  researchAccess: 'Research.Access',
  /** Register and list LTI tools (admin API, docs/decisions/0008). */
  ltiToolManage: 'LtiTool.Manage',
  /** Revoke issued certificates (docs/decisions/0015). */
  certificateRevoke: 'Certificate.Revoke',
  /** Export the learners' product feedback (admin API and CLI, docs/decisions/0016). */
  feedbackExport: 'Feedback.Export',
  /** Export the analytics events as NDJSON (admin API and CLI, docs/decisions/0020). */
  analyticsExport: 'Analytics.Export',
} as const;

export const LicensedFeature = {
  lms: 'LMS',
  research: 'Platform.Research',
  knowledgeModels: 'Platform.KnowledgeModels',
} as const;

/** Body of every non-command error response: 400, 401, 403, 404, 409, 413, 429, 500. */
export const errorBodySchema = z.object({
  code: z.string(),
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;
