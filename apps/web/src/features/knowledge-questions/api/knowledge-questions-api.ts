// Requests of knowledge questions by e-mail: the answer from a mailed link, the unsubscribe link, and the
// learner's opt-in per course.
import { queryOptions } from '@tanstack/react-query';
import {
  knowledgeQuestionAnswerResultSchema,
  knowledgeQuestionSubscriptionSchema,
  knowledgeQuestionUnsubscribeResultSchema,
  type KnowledgeQuestionAnswerRequest,
  type KnowledgeQuestionAnswerResult,
  type KnowledgeQuestionSubscription,
} from '@portal/contracts';
import { LMS_API, apiFetch, apiGet, contractBody } from '../../../lib/api-client.ts';

const subscriptionUrl = (objectiveId: string) =>
  `${LMS_API}/users/me/knowledge-question-subscriptions/${encodeURIComponent(objectiveId)}`;

export const knowledgeQuestionKeys = {
  subscription: (objectiveId: string) =>
    ['lms', 'knowledge-questions', 'subscription', objectiveId] as const,
};

export const questionSubscriptionQuery = (objectiveId: string) =>
  queryOptions({
    queryKey: knowledgeQuestionKeys.subscription(objectiveId),
    queryFn: ({ signal }) =>
      apiGet(
        subscriptionUrl(objectiveId),
        import.meta.env.PROD ? undefined : knowledgeQuestionSubscriptionSchema,
        { signal },
      ),
  });

export async function setQuestionSubscription(
  objectiveId: string,
  optedIn: boolean,
): Promise<KnowledgeQuestionSubscription> {
  const response = await apiFetch(optedIn ? 'PUT' : 'DELETE', subscriptionUrl(objectiveId));
  return contractBody(
    import.meta.env.PROD ? undefined : knowledgeQuestionSubscriptionSchema,
    await response.json(),
  );
}

/** Checks (and records once) the answer of a mailed link; the server decides correct or incorrect. */
export async function answerKnowledgeQuestion(
  request: KnowledgeQuestionAnswerRequest,
): Promise<KnowledgeQuestionAnswerResult> {
  const response = await apiFetch('POST', `${LMS_API}/knowledge-question-answers`, {
    body: request,
  });
  return contractBody(
    import.meta.env.PROD ? undefined : knowledgeQuestionAnswerResultSchema,
    await response.json(),
  );
}

export async function unsubscribeKnowledgeQuestions(
  token: string,
): Promise<{ objectiveId: string }> {
  const response = await apiFetch('POST', `${LMS_API}/knowledge-question-unsubscriptions`, {
    query: { token },
  });
  return contractBody(
    import.meta.env.PROD ? undefined : knowledgeQuestionUnsubscribeResultSchema,
    await response.json(),
  );
}
