// Knowledge-model questions answered from e-mail (docs/decisions/0027): the opt-in per course, the answer sent
// from the e-mail's link (the signed token carries the question and, for choice questions, the answer), and the
// one-click unsubscribe.
import { z } from 'zod';

export const KNOWLEDGE_ANSWER_TEXT_MAX_LENGTH = 300;
/** The signed link token: base64url payload "." base64url HMAC. */
const tokenSchema = z.string().min(10).max(2000);

export const knowledgeQuestionSubscriptionSchema = z.object({
  objectiveId: z.string(),
  optedIn: z.boolean(),
  /** Whether the course has questions to mail (the opt-in is offered only then). */
  hasQuestions: z.boolean(),
});
export type KnowledgeQuestionSubscription = z.infer<typeof knowledgeQuestionSubscriptionSchema>;

/**
 * The answer page's request. activityId, activityPathId and answerId repeat the link's plain query parameters
 * (they must match the token); answerText is the typed answer of a text question.
 */
export const knowledgeQuestionAnswerRequestSchema = z
  .object({
    token: tokenSchema,
    activityId: z.string().max(100).optional(),
    activityPathId: z.string().max(2000).optional(),
    answerId: z.string().max(100).optional(),
    answerText: z.string().trim().min(1).max(KNOWLEDGE_ANSWER_TEXT_MAX_LENGTH).optional(),
  })
  .strict();
export type KnowledgeQuestionAnswerRequest = z.infer<typeof knowledgeQuestionAnswerRequestSchema>;

const questionPartSchema = z.object({
  objectiveId: z.string(),
  activityId: z.string(),
  activityPathId: z.string(),
  /** False when the module was removed from the course since the mail ("module not found"). */
  moduleExists: z.boolean(),
  kind: z.enum(['choice', 'text']),
  prompt: z.string(),
});

/**
 * `awaitingAnswer`: a text question's link opened without an answer (the page shows the form). `recorded`: this
 * request recorded the answer. `replayed`: the answer was recorded before (the link was opened again).
 */
export const knowledgeQuestionAnswerResultSchema = z.discriminatedUnion('status', [
  questionPartSchema.extend({ status: z.literal('awaitingAnswer') }),
  questionPartSchema.extend({
    status: z.enum(['recorded', 'replayed']),
    answer: z.string(),
    correct: z.boolean(),
    correctAnswer: z.string(),
    explanation: z.string().nullable(),
    answeredAt: z.string(),
  }),
]);
export type KnowledgeQuestionAnswerResult = z.infer<typeof knowledgeQuestionAnswerResultSchema>;

export const knowledgeQuestionUnsubscribeRequestSchema = z.object({ token: tokenSchema }).strict();
export const knowledgeQuestionUnsubscribeResultSchema = z.object({ objectiveId: z.string() });
