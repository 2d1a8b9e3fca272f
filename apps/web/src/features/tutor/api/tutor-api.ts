// Requests of the tutor assistant: the knowledge model of a course, questions and the learner's history.
import { queryOptions } from '@tanstack/react-query';
import {
  knowledgeModelRefSchema,
  tutorAnswerSchema,
  tutorHistorySchema,
  type TutorAnswer,
} from '@portal/contracts';
import { LMS_API, apiFetch, apiGet, contractBody } from '../../../lib/api-client.ts';

export const tutorKeys = {
  all: ['lms', 'tutor'] as const,
  model: (aggregateId: string) => [...tutorKeys.all, 'model', aggregateId] as const,
  history: (knowledgeModelId: string) => [...tutorKeys.all, 'history', knowledgeModelId] as const,
};

/** The knowledge model of the course of one enrolment aggregate. */
export const knowledgeModelQuery = (aggregateId: string) =>
  queryOptions({
    queryKey: tutorKeys.model(aggregateId),
    queryFn: ({ signal }) =>
      apiGet(
        `${LMS_API}/users/me/objective-workflow-aggregates/${encodeURIComponent(aggregateId)}/knowledge-model`,
        import.meta.env.PROD ? undefined : knowledgeModelRefSchema,
        { signal },
      ),
    staleTime: Infinity,
  });

/** The learner's questions and answers of one knowledge model, oldest first. */
export const tutorHistoryQuery = (knowledgeModelId: string) =>
  queryOptions({
    queryKey: tutorKeys.history(knowledgeModelId),
    queryFn: ({ signal }) =>
      apiGet(`${LMS_API}/tutor/history`, import.meta.env.PROD ? undefined : tutorHistorySchema, {
        signal,
        query: { knowledgeModelId },
      }),
  });

export async function askTutor(knowledgeModelId: string, question: string): Promise<TutorAnswer> {
  const response = await apiFetch('POST', `${LMS_API}/tutor/questions`, {
    body: { knowledgeModelId, question },
  });
  return contractBody(import.meta.env.PROD ? undefined : tutorAnswerSchema, await response.json());
}

export async function clearTutorHistory(knowledgeModelId: string): Promise<void> {
  await apiFetch('DELETE', `${LMS_API}/tutor/history`, { query: { knowledgeModelId } });
}
