// Requests of the tutor assistant: the knowledge model of a course, questions and the learner's history.
import { queryOptions } from '@tanstack/react-query';
import {
  knowledgeModelRefSchema,
  tutorAnswerSchema,
  tutorHistorySchema,
  tutorStreamEventSchema,
  type TutorAnswer,
  type TutorPassage,
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

/** What the learner sees while an answer is composed. */
export interface TutorProgress {
  passages: TutorPassage[] | null;
  text: string;
}

/**
 * Asks through the streaming endpoint (one JSON event per line): `onProgress` gets the passages, then the text
 * composed so far; resolves with the stored answer (with the generative tutor's text and citations, if any).
 */
export async function askTutorStream(
  knowledgeModelId: string,
  question: string,
  onProgress: (progress: TutorProgress) => void,
  signal?: AbortSignal,
): Promise<TutorAnswer> {
  const response = await apiFetch('POST', `${LMS_API}/tutor/questions/stream`, {
    body: { knowledgeModelId, question },
    signal,
  });
  if (!response.body) throw new Error('The tutor sent no answer');
  const progress: TutorProgress = { passages: null, text: '' };
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    buffer += decoder.decode(value, { stream: true });
    let newline: number;
    while ((newline = buffer.indexOf('\n')) >= 0) {
      const line = buffer.slice(0, newline).trim();
      buffer = buffer.slice(newline + 1);
      if (line === '') continue;
      const event = contractBody(
        import.meta.env.PROD ? undefined : tutorStreamEventSchema,
        JSON.parse(line),
      );
      if (event.type === 'done') {
        await reader.cancel();
        return event.answer;
      }
      if (event.type === 'passages') progress.passages = event.passages;
      else progress.text += event.text;
      onProgress({ ...progress });
    }
  }
  throw new Error('The tutor stopped before the answer was complete');
}

export async function clearTutorHistory(knowledgeModelId: string): Promise<void> {
  await apiFetch('DELETE', `${LMS_API}/tutor/history`, { query: { knowledgeModelId } });
}
