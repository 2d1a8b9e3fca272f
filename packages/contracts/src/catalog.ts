// Catalog, self-enrolment and the public open catalog.
import { z } from 'zod';
import { idSchema } from './common.ts';
import { showcaseSchema } from './objectives.ts';

/** Body of POST create-self-enrollments (the command id is the optional `id`). */
export const createSelfEnrollmentPayloadSchema = z.object({ objectiveAccessId: idSchema }).strict();

/** Body of POST create-objective-accesses: the learner joins a course of the open catalog. */
export const createObjectiveAccessPayloadSchema = z.object({ objectiveId: idSchema }).strict();

/** GET users/me/objectives/{id}/objective-access */
export const objectiveAccessSchema = z.object({
  id: idSchema,
  objectiveId: idSchema,
  userId: idSchema,
  objectiveWorkflowAggregateId: idSchema,
  isMandatory: z.boolean(),
  showInCatalog: z.boolean(),
  isSelfEnrolled: z.boolean(),
});
export type ObjectiveAccess = z.infer<typeof objectiveAccessSchema>;

/** A course as the public open catalog shows it: nothing about any learner. */
export const publicObjectiveSchema = z.object({
  id: idSchema,
  name: z.string(),
  code: z.string().nullable(),
  description: z.string().nullable(),
  imageUrl: z.string().nullable(),
  showcases: z.array(z.object({ id: idSchema, name: z.string() })),
  childrenCount: z.number().int(),
  presentationMode: z.number().int(),
});
export type PublicObjective = z.infer<typeof publicObjectiveSchema>;

/** GET public/open-catalog/objectives/{id}: adds the sanitisable "About" HTML. */
export const publicObjectiveDetailSchema = publicObjectiveSchema.extend({
  about: z.string().nullable(),
});
export type PublicObjectiveDetail = z.infer<typeof publicObjectiveDetailSchema>;

/** GET public/open-catalog/showcases: the same shape as the learner's showcases, counted over public courses. */
export const publicShowcaseSchema = showcaseSchema;
export type PublicShowcase = z.infer<typeof publicShowcaseSchema>;
