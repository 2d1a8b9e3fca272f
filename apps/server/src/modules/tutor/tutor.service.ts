// Use cases of the tutor assistant: a course's knowledge model for an enrolled learner, retrieval answers
// limited to what the learner may open now, their history per knowledge model and the daily question limit.
import {
  idSchema,
  tutorGenerationSchema,
  tutorPassageSchema,
  type TutorAnswer,
  type TutorGeneration,
  type TutorStreamEvent,
  type TutorHistory,
  type TutorPassage,
  type TutorQuestionRequest,
} from '@portal/contracts';
import { z } from 'zod';
import { DomainError, NotFoundError } from '../../http/errors.ts';
import type { Principal } from '../../http/principal.ts';
import type { Clock } from '../../lib/clock.ts';
import type { WorkflowsService } from '../workflows/workflows.service.ts';
import { NOT_COVERED, citedIds, streamChat, tutorPrompt, type TutorLlmConfig } from './llm.ts';
import { questionTerms } from './passages.ts';
import { knowledgeModelIdOf, type PassageHit, type TutorRepository } from './tutor.repository.ts';

/** How many passages an answer holds at most. */
export const TUTOR_ANSWER_PASSAGES = 4;

export class TooManyQuestionsError extends DomainError {
  constructor(limit: number) {
    super(429, 'tutor_daily_limit', { key: 'tutorDailyLimit', params: { count: limit } });
  }
}

const storedPassagesSchema = z.array(tutorPassageSchema);

function parsePassages(json: string): TutorPassage[] {
  const parsed = storedPassagesSchema.safeParse(JSON.parse(json));
  return parsed.success ? parsed.data : [];
}

function parseGeneration(json: string | null): TutorGeneration | null {
  if (json === null) return null;
  const parsed = tutorGenerationSchema.safeParse(JSON.parse(json));
  return parsed.success ? parsed.data : null;
}

export type TutorService = ReturnType<typeof createTutorService>;

export function createTutorService(deps: {
  tutorRepository: TutorRepository;
  workflowsService: WorkflowsService;
  clock: Clock;
  dailyQuestions: number;
  /** The OpenAI-compatible endpoint; undefined: retrieval answers only. */
  llm?: TutorLlmConfig | undefined;
  /** Told why the endpoint failed (the answer falls back to the passages). */
  onLlmError?: (error: unknown) => void;
}) {
  const { tutorRepository, workflowsService, clock } = deps;
  const log = deps.onLlmError;

  /** The model, when the caller is enrolled in its course (has an enrolment aggregate); otherwise 404. */
  async function requireModel(principal: Principal, knowledgeModelId: string) {
    const model = await tutorRepository.findModel(principal.tenantId, knowledgeModelId);
    if (!model || !(await tutorRepository.hasAggregateOf(principal, model.objectiveId)))
      throw new NotFoundError();
    return model;
  }

  const toPassage = (objectiveId: string, hit: PassageHit): TutorPassage => ({
    id: hit.id,
    objectiveId,
    axis: hit.axis,
    title: hit.title,
    text: hit.text,
  });

  return {
    /**
     * The knowledge model of the course of the caller's enrolment aggregate (404 when it is not theirs); built
     * from the course's content the first time it is asked for.
     */
    async knowledgeModelOf(principal: Principal, aggregateId: string) {
      const parsed = idSchema.safeParse(aggregateId);
      const objectiveId = parsed.success
        ? await tutorRepository.findAggregateObjective(principal, parsed.data)
        : undefined;
      if (objectiveId === undefined) throw new NotFoundError();
      const knowledgeModelId = knowledgeModelIdOf(objectiveId);
      if (!(await tutorRepository.findModel(principal.tenantId, knowledgeModelId)))
        await tutorRepository.rebuild(principal.tenantId, objectiveId, clock.now().toISOString());
      return { knowledgeModelId };
    },

    /**
     * Checks the caller's access and daily limit, finds the passages they may see and stores the question
     * (it counts for the limit from here, whatever happens to the generative answer).
     */
    async ask(principal: Principal, request: TutorQuestionRequest): Promise<TutorAnswer> {
      const model = await requireModel(principal, request.knowledgeModelId);
      const now = clock.now();
      // The UTC day of the question.
      const dayStart = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
      const asked = await tutorRepository.countQuestionsBetween(
        principal.userId,
        new Date(dayStart).toISOString(),
        new Date(dayStart + 86_400_000).toISOString(),
      );
      if (asked >= deps.dailyQuestions) throw new TooManyQuestionsError(deps.dailyQuestions);
      const openable = await workflowsService.openableAxes(principal, model.objectiveId);
      const hits = await tutorRepository.search(
        model.id,
        questionTerms(request.question),
        openable,
        TUTOR_ANSWER_PASSAGES,
      );
      const passages = hits.map((hit) => toPassage(model.objectiveId, hit));
      const created = now.toISOString();
      const id = await tutorRepository.addQuestion({
        tenantId: principal.tenantId,
        userId: principal.userId,
        knowledgeModelId: model.id,
        question: request.question,
        passages: JSON.stringify(passages),
        created,
      });
      return { id, question: request.question, passages, created, generation: null };
    },

    /** Whether questions get a generative answer (TUTOR_LLM_URL is set). */
    generative: deps.llm !== undefined,

    /**
     * The answer to a stored question as stream events: its passages, then (with an endpoint configured) the
     * model's text in pieces and the stored answer with its citations. The endpoint sees only these passages;
     * when it fails the passages alone answer (`failed`). An abort (the learner left) ends the stream and
     * leaves the question a retrieval answer.
     */
    async *answer(
      asked: TutorAnswer,
      languageName: string,
      signal: AbortSignal,
    ): AsyncGenerator<TutorStreamEvent> {
      yield { type: 'passages', passages: asked.passages };
      const llm = deps.llm;
      if (!llm) {
        yield { type: 'done', answer: asked };
        return;
      }
      let generation: TutorGeneration;
      if (asked.passages.length === 0) {
        generation = { status: 'notCovered', text: '', citations: [] };
      } else {
        let text = '';
        let sent = 0;
        try {
          for await (const piece of streamChat(
            llm,
            tutorPrompt(asked.passages, asked.question, languageName),
            signal,
          )) {
            text += piece;
            // Held back while the text may still become the marker, never sent once it holds it.
            const start = text.trimStart().toUpperCase();
            if (NOT_COVERED.startsWith(start) || start.includes(NOT_COVERED)) continue;
            yield { type: 'delta', text: text.slice(sent) };
            sent = text.length;
          }
          generation = text.toUpperCase().includes(NOT_COVERED)
            ? { status: 'notCovered', text: '', citations: [] }
            : {
                status: 'answered',
                text: text.trim(),
                citations: citedIds(
                  text,
                  asked.passages.map((passage) => passage.id),
                ),
              };
        } catch (error) {
          if (signal.aborted) return;
          log?.(error);
          generation = { status: 'failed', text: '', citations: [] };
        }
      }
      await tutorRepository.setGeneration(asked.id, JSON.stringify(generation));
      yield { type: 'done', answer: { ...asked, generation } };
    },

    async history(principal: Principal, knowledgeModelId: string): Promise<TutorHistory> {
      const model = await requireModel(principal, knowledgeModelId);
      const rows = await tutorRepository.history(principal.userId, model.id);
      return {
        items: rows.map((row) => ({
          id: row.id,
          question: row.question,
          passages: parsePassages(row.passages),
          created: row.created,
          generation: parseGeneration(row.generation),
        })),
      };
    },

    async clearHistory(principal: Principal, knowledgeModelId: string): Promise<void> {
      const model = await requireModel(principal, knowledgeModelId);
      await tutorRepository.clearHistory(principal.userId, model.id);
    },
  };
}
