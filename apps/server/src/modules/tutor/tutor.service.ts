// Use cases of the tutor assistant: a course's knowledge model for an enrolled learner, retrieval answers
// limited to what the learner may open now, their history per knowledge model and the daily question limit.
import {
  idSchema,
  tutorPassageSchema,
  type TutorAnswer,
  type TutorHistory,
  type TutorPassage,
  type TutorQuestionRequest,
} from '@portal/contracts';
import { z } from 'zod';
import { DomainError, NotFoundError } from '../../http/errors.ts';
import type { Principal } from '../../http/principal.ts';
import type { Clock } from '../../lib/clock.ts';
import type { WorkflowsService } from '../workflows/workflows.service.ts';
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

export type TutorService = ReturnType<typeof createTutorService>;

export function createTutorService(deps: {
  tutorRepository: TutorRepository;
  workflowsService: WorkflowsService;
  clock: Clock;
  dailyQuestions: number;
}) {
  const { tutorRepository, workflowsService, clock } = deps;

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
      return { id, question: request.question, passages, created };
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
        })),
      };
    },

    async clearHistory(principal: Principal, knowledgeModelId: string): Promise<void> {
      const model = await requireModel(principal, knowledgeModelId);
      await tutorRepository.clearHistory(principal.userId, model.id);
    },
  };
}
