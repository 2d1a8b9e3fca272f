// Proctored activities (docs/decisions/0028): the learner's proctoring session of one activity workflow and the
// single-use start token that opens the 1EdTech LTI Proctoring Services flow (LtiStartProctoring launch to the
// proctoring tool, LtiStartAssessment back to the platform, LtiEndAssessment when the activity ends).
import { z } from 'zod';
import { idSchema, isoDateTimeSchema } from './common.ts';

// ProctoringSessionState lives in codes.ts (schema-free), so the rules can read it without zod on the first page.

/**
 * GET users/me/objective-workflows/{ow}/activity-workflows/{aw}/last-proctoring-session (404 when the activity
 * workflow has none). A created session whose assessment has started is the open proctor session.
 */
export const proctoringSessionSchema = z.object({
  id: idSchema,
  activityWorkflowId: idSchema,
  state: z.number().int(),
  /** 1 for the first session of this activity workflow, then 2, 3… */
  attemptNumber: z.number().int(),
  created: isoDateTimeSchema,
  /** When the tool's LtiStartAssessment was accepted; null until then. */
  assessmentStarted: isoDateTimeSchema.nullable(),
  finished: isoDateTimeSchema.nullable(),
});
export type ProctoringSession = z.infer<typeof proctoringSessionSchema>;

/** Query of GET …/last-proctoring-session/start-token. */
export const proctoringStartTokenQuerySchema = z
  .object({ activityPathId: z.string().max(2000).optional() })
  .strict();

/**
 * GET …/last-proctoring-session/start-token: a single-use, short-lived token; the browser navigates the whole
 * window to startUrl, which starts the LtiStartProctoring launch to the activity's proctoring tool.
 */
export const proctoringStartTokenSchema = z.object({
  token: z.string(),
  startUrl: z.string(),
  expires: isoDateTimeSchema,
});
export type ProctoringStartToken = z.infer<typeof proctoringStartTokenSchema>;
