// Team (collaborative) activities (docs/decisions/0029): the caller's team for an activity, its participants,
// and the team's shared workflow (one written submission and one grade for every member).
import { z } from 'zod';
import { idSchema, isoDateTimeSchema } from './common.ts';
import { listEnvelopeSchema } from './list-query.ts';

export const TeamMode = {
  none: 0,
  /** The instructor forms the teams (API and CLI). */
  instructorFormed: 1,
  /** The instructor's teams, and learners may join one that has room, until its work is submitted. */
  learnersJoin: 2,
} as const;

/** States of a team's workflow (the activity workflow codes). */
export const GroupWorkflowState = { inProgress: 1, submitted: 2, finished: 6 } as const;

export const TEAM_SUBMISSION_MAX_LENGTH = 20_000;
export const TEAM_NAME_MAX_LENGTH = 100;
export const TEAM_FEEDBACK_MAX_LENGTH = 5_000;

/** One row of GET …/activity-paths/{activityPathId}/participants/query (the caller's team only). */
export const teamParticipantSchema = z.object({
  id: idSchema,
  firstName: z.string(),
  middleName: z.string().nullable(),
  lastName: z.string(),
  email: z.string(),
  primaryUnit: z.string().nullable(),
});
export type TeamParticipant = z.infer<typeof teamParticipantSchema>;
export const teamParticipantListSchema = listEnvelopeSchema(teamParticipantSchema);

export const teamSummarySchema = z.object({
  id: idSchema,
  name: z.string(),
  memberCount: z.number().int(),
});
export type TeamSummary = z.infer<typeof teamSummarySchema>;

/** GET users/me/objective-workflows/{id}/activity-paths/{activityPathId}/team */
export const activityTeamSchema = z.object({
  teamMode: z.number().int(),
  /** Null: no limit. */
  teamMaxSize: z.number().int().nullable(),
  objectiveWorkflowAggregateId: idSchema,
  /** The caller's team, or null when they are in none. */
  team: teamSummarySchema.nullable(),
  groupActivityWorkflowId: idSchema.nullable(),
  /** Team mode 2 and not in a team: the teams with a free place whose work is not submitted yet. */
  joinableTeams: z.array(teamSummarySchema),
});
export type ActivityTeam = z.infer<typeof activityTeamSchema>;

/** GET users/me/objective-workflow-aggregates/{aggregateId}/group-activity-workflows/{id} */
export const groupActivityWorkflowSchema = z.object({
  id: idSchema,
  teamId: idSchema,
  teamName: z.string(),
  activityId: idSchema,
  state: z.number().int(),
  submission: z.string(),
  lastEditedByName: z.string().nullable(),
  lastEdited: isoDateTimeSchema.nullable(),
  submittedByName: z.string().nullable(),
  submitted: isoDateTimeSchema.nullable(),
  /** Null until graded. */
  score: z.number().nullable(),
  maxScore: z.number().nullable(),
  feedback: z.string().nullable(),
  graded: isoDateTimeSchema.nullable(),
  /** Graded, but the learner's enrolment withholds grades for now (score and feedback are null). */
  resultHidden: z.boolean(),
  version: z.number().int(),
});
export type GroupActivityWorkflow = z.infer<typeof groupActivityWorkflowSchema>;

/** PUT …/group-activity-workflows/{id}: the draft, against the version it was edited from. */
export const saveTeamDraftSchema = z
  .object({
    submission: z.string().max(TEAM_SUBMISSION_MAX_LENGTH),
    version: z.number().int().min(0),
  })
  .strict();
export type SaveTeamDraft = z.infer<typeof saveTeamDraftSchema>;

/** POST …/group-activity-workflows/{id}/submit: submits the version the member saw. */
export const submitTeamWorkSchema = z.object({ version: z.number().int().min(0) }).strict();

/** POST …/activity-paths/{activityPathId}/team-membership (team mode 2). */
export const joinTeamSchema = z.object({ teamId: idSchema }).strict();

// Instructor and administrator API (Team.Manage).
export const createTeamSchema = z
  .object({ name: z.string().trim().min(1).max(TEAM_NAME_MAX_LENGTH) })
  .strict();
export const addTeamMemberSchema = z.object({ userId: idSchema }).strict();
export const gradeTeamSchema = z
  .object({
    score: z.number().min(0),
    feedback: z.string().max(TEAM_FEEDBACK_MAX_LENGTH).nullable().default(null),
  })
  .strict();
export type GradeTeam = z.infer<typeof gradeTeamSchema>;

export const teamWithMembersSchema = teamSummarySchema.extend({
  activityId: idSchema,
  objectiveId: idSchema,
  members: z.array(z.object({ id: idSchema, name: z.string(), email: z.string() })),
  groupActivityWorkflowId: idSchema,
});
export type TeamWithMembers = z.infer<typeof teamWithMembersSchema>;
