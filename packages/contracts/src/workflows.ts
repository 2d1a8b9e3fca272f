// Course experience: activity trees with the learner's workflows, records, constraints and commands.
import { z } from 'zod';
import { idSchema, isoDateTimeSchema } from './common.ts';

export const activityConstraintSchema = z.object({
  startFrom: isoDateTimeSchema.nullable(),
  startUntil: isoDateTimeSchema.nullable(),
  accessibleUntil: isoDateTimeSchema.nullable(),
  gracePeriodUntil: isoDateTimeSchema.nullable(),
  due: isoDateTimeSchema.nullable(),
  resultsDisclosureFrom: isoDateTimeSchema.nullable(),
  revealResultsFrom: isoDateTimeSchema.nullable(),
  resultsDisclosurePolicy: z.number().int().nullable(),
  reviewPolicy: z.number().int().nullable(),
  resultsDisclosureAbove: z.number().nullable(),
});
export type ActivityConstraint = z.infer<typeof activityConstraintSchema>;

export const activityWorkflowSummarySchema = z.object({
  id: idSchema,
  state: z.number().int(),
  progress: z.number(),
  started: isoDateTimeSchema.nullable(),
  submitted: isoDateTimeSchema.nullable(),
  finished: isoDateTimeSchema.nullable(),
  /** The newest proctoring session of this activity workflow (proctored activities only). */
  lastProctoringSessionId: idSchema.nullable(),
});
export type ActivityWorkflowSummary = z.infer<typeof activityWorkflowSummarySchema>;

/** Score fields are null whenever a disclosure or grade reveal policy hides them from the learner. */
export const activityRecordSummarySchema = z.object({
  id: idSchema,
  score: z.number().nullable(),
  maxScore: z.number().nullable(),
  normalizedScore: z.number().nullable(),
  passed: z.boolean().nullable(),
  progress: z.number(),
  finished: isoDateTimeSchema.nullable(),
});
export type ActivityRecordSummary = z.infer<typeof activityRecordSummarySchema>;

export const activityPartSummarySchema = z.object({
  id: idSchema,
  order: z.number().int(),
  /** Effective: optional when this part or any ancestor part is optional. */
  optional: z.boolean(),
  /** Effective: 0 when this part's or any ancestor part's weight is 0. */
  scoreWeight: z.number(),
  /** 1 free, 2 previous parts must be completed first. */
  gate: z.number().int(),
});

export interface ActivityNode {
  /** The activity id. */
  id: string;
  name: string;
  code: string | null;
  type: number;
  state: number;
  presentationMode: number;
  supportReview: boolean;
  supportMobileView: boolean;
  /** How an LTI activity is shown: 1 fullscreen, 2 embedded auto, 3 embedded custom. */
  displayMode: number;
  /** Recommended duration in seconds. */
  duration: number | null;
  proctored: boolean;
  /** 0 or absent: not a team activity; 1 instructor-formed teams; 2 learners may join a team (decision 0029). */
  teamMode?: number;
  maxScore: number;
  normalizedPassingScore: number | null;
  /** Part ids from the root joined by "/"; "" for the root. Also the activityPathId. */
  axis: string;
  activityPathId: string;
  part: z.infer<typeof activityPartSummarySchema> | null;
  /** False while the gate (completing previous parts) keeps it closed. */
  available: boolean;
  /** False when the content cannot be opened (draft, archived). */
  contentAvailable: boolean;
  activityConstraint: ActivityConstraint | null;
  activityWorkflowAggregate: {
    lastActivityWorkflow: ActivityWorkflowSummary | null;
    bestActivityRecord: ActivityRecordSummary | null;
  };
  childrenCount: number;
  children: ActivityNode[];
}

export const activityNodeSchema: z.ZodType<ActivityNode> = z.lazy(() =>
  z.object({
    id: idSchema,
    name: z.string(),
    code: z.string().nullable(),
    type: z.number().int(),
    state: z.number().int(),
    presentationMode: z.number().int(),
    supportReview: z.boolean(),
    supportMobileView: z.boolean(),
    displayMode: z.number().int(),
    duration: z.number().nullable(),
    proctored: z.boolean(),
    teamMode: z.number().int().optional(),
    maxScore: z.number(),
    normalizedPassingScore: z.number().nullable(),
    axis: z.string(),
    activityPathId: z.string(),
    part: activityPartSummarySchema.nullable(),
    available: z.boolean(),
    contentAvailable: z.boolean(),
    activityConstraint: activityConstraintSchema.nullable(),
    activityWorkflowAggregate: z.object({
      lastActivityWorkflow: activityWorkflowSummarySchema.nullable(),
      bestActivityRecord: activityRecordSummarySchema.nullable(),
    }),
    childrenCount: z.number().int(),
    children: z.array(activityNodeSchema),
  }),
);

/** GET users/me/objective-workflows/{id}/activity[/{activityPathId}]: one node with its content. */
export const activityWithContentSchema = z.object({
  node: activityNodeSchema,
  /** Sanitise before display. Null when the activity has no text content. */
  content: z.string().nullable(),
});
export type ActivityWithContent = z.infer<typeof activityWithContentSchema>;

/** An attempt (objective workflow) as the learner sees it. */
export const objectiveWorkflowSchema = z.object({
  id: idSchema,
  objectiveId: idSchema,
  objectiveWorkflowAggregateId: idSchema,
  state: z.number().int(),
  progress: z.number(),
  started: isoDateTimeSchema.nullable(),
  submitted: isoDateTimeSchema.nullable(),
  finished: isoDateTimeSchema.nullable(),
  objectiveRecordId: idSchema.nullable(),
  protectResults: z.boolean(),
});
export type ObjectiveWorkflow = z.infer<typeof objectiveWorkflowSchema>;

/** A result (objective record); score fields null while grade reveal policy hides them. */
export const objectiveRecordSchema = z.object({
  id: idSchema,
  objectiveId: idSchema,
  objectiveWorkflowId: idSchema.nullable(),
  score: z.number().nullable(),
  maxScore: z.number().nullable(),
  normalizedScore: z.number().nullable(),
  grade: z.string().nullable(),
  gradeColor: z.string().nullable(),
  passed: z.boolean().nullable(),
  progress: z.number(),
  protectResults: z.boolean(),
  started: isoDateTimeSchema.nullable(),
  submitted: isoDateTimeSchema.nullable(),
  finished: isoDateTimeSchema.nullable(),
});
export type ObjectiveRecord = z.infer<typeof objectiveRecordSchema>;

// Command payloads (the optional command `id` is handled by the engine).
export const startObjectiveWorkflowPayloadSchema = z
  .object({ objectiveWorkflowAggregateId: idSchema })
  .strict();
export const startActivityWorkflowPayloadSchema = z
  .object({ objectiveWorkflowId: idSchema, activityPartIds: z.array(idSchema).max(32) })
  .strict();
export const finishActivityWorkflowPayloadSchema = z
  .object({ objectiveWorkflowId: idSchema, activityWorkflowIds: z.array(idSchema).min(1).max(32) })
  .strict();
/**
 * submit-objective-workflows takes only `id`, which is the objective workflow's id (as the real platform's
 * client sends it), so the command id is the workflow id and a workflow can be submitted once.
 */
export const submitObjectiveWorkflowPayloadSchema = z.object({}).strict();
export const finishObjectiveWorkflowPayloadSchema = z
  .object({ objectiveWorkflowId: idSchema })
  .strict();

/** Client constants of spec §9. */
