// The tutor assistant (retrieval answers from the course's own content; docs/decisions/0021).
import { z } from 'zod';
import { idSchema } from './common.ts';

/** Longest question the tutor accepts, in characters. */
export const TUTOR_QUESTION_MAX_LENGTH = 500;

export const knowledgeModelRefSchema = z.object({ knowledgeModelId: z.string() });
export type KnowledgeModelRef = z.infer<typeof knowledgeModelRefSchema>;

export const tutorQuestionRequestSchema = z
  .object({
    knowledgeModelId: idSchema,
    question: z.string().trim().min(1).max(TUTOR_QUESTION_MAX_LENGTH),
  })
  .strict();
export type TutorQuestionRequest = z.infer<typeof tutorQuestionRequestSchema>;

/** One passage of the course: where it comes from (null activity: the course's About) and its text. */
export const tutorPassageSchema = z.object({
  id: z.string(),
  objectiveId: z.string(),
  /** The text activity's axis (part ids joined by "/"), null for the About. */
  axis: z.string().nullable(),
  title: z.string(),
  text: z.string(),
});
export type TutorPassage = z.infer<typeof tutorPassageSchema>;

/**
 * The generative tutor's answer (TUTOR_LLM_URL; docs/decisions/0024): `answered` — text composed from the
 * passages, citing them as [1], [2] … (`citations`: the ids of the passages cited); `notCovered` — the passages
 * do not answer the question; `failed` — the endpoint failed, the passages alone answer.
 */
export const tutorGenerationSchema = z.object({
  status: z.enum(['answered', 'notCovered', 'failed']),
  text: z.string(),
  citations: z.array(z.string()),
});
export type TutorGeneration = z.infer<typeof tutorGenerationSchema>;

export const tutorAnswerSchema = z.object({
  id: z.string(),
  question: z.string(),
  passages: z.array(tutorPassageSchema),
  created: z.string(),
  /** null (or absent): a retrieval answer, the passages only. */
  generation: tutorGenerationSchema.nullish(),
});
export type TutorAnswer = z.infer<typeof tutorAnswerSchema>;

/** The learner's questions of one knowledge model, oldest first. */
export const tutorHistorySchema = z.object({ items: z.array(tutorAnswerSchema) });
export type TutorHistory = z.infer<typeof tutorHistorySchema>;

/**
 * One line of `POST tutor/questions/stream` (application/x-ndjson): the passages first, then the generated
 * text in pieces, then the stored answer with the citations actually used.
 */
export const tutorStreamEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('passages'), passages: z.array(tutorPassageSchema) }),
  z.object({ type: z.literal('delta'), text: z.string() }),
  z.object({ type: z.literal('done'), answer: tutorAnswerSchema }),
]);
export type TutorStreamEvent = z.infer<typeof tutorStreamEventSchema>;
