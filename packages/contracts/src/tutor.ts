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

export const tutorAnswerSchema = z.object({
  id: z.string(),
  question: z.string(),
  passages: z.array(tutorPassageSchema),
  created: z.string(),
});
export type TutorAnswer = z.infer<typeof tutorAnswerSchema>;

/** The learner's questions of one knowledge model, oldest first. */
export const tutorHistorySchema = z.object({ items: z.array(tutorAnswerSchema) });
export type TutorHistory = z.infer<typeof tutorHistorySchema>;
