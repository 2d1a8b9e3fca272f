// Shared primitives and role, permission and licence codes (the enum codes are in codes.ts).
import { z } from 'zod';

/** A UUID, folded to lower case: ids are stored and compared in lower case. */
export const idSchema = z.uuid().toLowerCase();
export const isoDateTimeSchema = z.iso.datetime({ offset: true });

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
  /** Post, edit and delete a course's announcements; scope_id limits it to one course (decision 0022). */
  announcementPost: 'Announcement.Post',
  /** Form the teams of a course's team activities and grade them; scope_id limits it to one course (0029). */
  teamManage: 'Team.Manage',
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
