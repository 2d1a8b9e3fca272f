// Course-list shapes: enrolment aggregates, terms, showcases (collections), grading scales.
import { z } from 'zod';
import { idSchema, isoDateTimeSchema } from './common.ts';

export const termSchema = z.object({ id: idSchema, name: z.string() });
export type Term = z.infer<typeof termSchema>;

export const showcaseSchema = z.object({
  id: idSchema,
  name: z.string(),
  code: z.string(),
  description: z.string().nullable(),
  objectivesCount: z.number().int(),
  order: z.number().int(),
});
export type Showcase = z.infer<typeof showcaseSchema>;

export const objectiveGradeSchema = z.object({
  id: idSchema,
  name: z.string(),
  color: z.string(),
  normalizedMinScore: z.number(),
});
export type ObjectiveGrade = z.infer<typeof objectiveGradeSchema>;

export const gradingScaleSchema = z.object({
  id: idSchema,
  maxScore: z.number(),
  name: z.string(),
  description: z.string().nullable(),
  normalizedPassingScore: z.number(),
  numberOfGrades: z.number().int(),
  objectiveGrades: z.array(objectiveGradeSchema),
  passingGradeId: idSchema.nullable(),
});
export type GradingScale = z.infer<typeof gradingScaleSchema>;

export const lastObjectiveWorkflowSchema = z.object({
  id: idSchema,
  state: z.number().int(),
  progress: z.number(),
  started: isoDateTimeSchema.nullable(),
  submitted: isoDateTimeSchema.nullable(),
  finished: isoDateTimeSchema.nullable(),
});
export type LastObjectiveWorkflow = z.infer<typeof lastObjectiveWorkflowSchema>;

/** A result as the learner may see it: score fields are null while grade reveal policy hides them. */
export const lastObjectiveRecordSchema = z.object({
  id: idSchema,
  finished: isoDateTimeSchema.nullable(),
  passed: z.boolean().nullable(),
  grade: z.string().nullable(),
  score: z.number().nullable(),
  maxScore: z.number().nullable(),
  normalizedScore: z.number().nullable(),
  progress: z.number(),
  objectiveWorkflowId: idSchema.nullable(),
});
export type LastObjectiveRecord = z.infer<typeof lastObjectiveRecordSchema>;

export const enrollmentAggregateSchema = z.object({
  id: idSchema,
  userId: idSchema,
  termId: idSchema.nullable(),
  isMandatory: z.boolean(),
  showInCatalog: z.boolean(),
  retake: z.boolean(),
  availabilityDate: isoDateTimeSchema.nullable(),
  availabilityEndDate: isoDateTimeSchema.nullable(),
  dueDate: isoDateTimeSchema.nullable(),
  gradeRevealPolicy: z.number().int(),
  gradeRevealDate: isoDateTimeSchema.nullable(),
  objective: z.object({
    id: idSchema,
    name: z.string(),
    code: z.string().nullable(),
    description: z.string().nullable(),
    /** The "About" rich HTML (unsanitised: clients sanitise before showing it); absent in older fixtures. */
    about: z.string().nullable().optional(),
    imageUrl: z.string().nullable(),
    gradingScaleId: idSchema.nullable(),
    showcases: z.array(z.object({ id: idSchema, name: z.string() })),
    announcementChannelId: z.string().nullable(),
    activity: z.object({ id: idSchema, state: z.number().int(), type: z.number().int() }),
    childrenCount: z.number().int(),
    presentationMode: z.number().int(),
  }),
  objectiveWorkflowAggregate: z.object({
    id: idSchema,
    isSelfEnrolled: z.boolean(),
    lastObjectiveWorkflow: lastObjectiveWorkflowSchema.nullable(),
    lastObjectiveRecord: lastObjectiveRecordSchema.nullable(),
  }),
  objectiveAccess: z.object({ id: idSchema }),
});
export type EnrollmentAggregate = z.infer<typeof enrollmentAggregateSchema>;
