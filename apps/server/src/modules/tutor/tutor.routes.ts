// HTTP edge of the tutor assistant on the LMS API: a course's knowledge model, questions, and history.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { idSchema, tutorQuestionRequestSchema } from '@portal/contracts';
import type { AppContext } from '../../app-context.ts';
import { requirePrincipal } from '../../http/principal.ts';
import { createCoursesRepository } from '../courses/courses.repository.ts';
import { createWorkflowsRepository } from '../workflows/workflows.repository.ts';
import { createWorkflowsService } from '../workflows/workflows.service.ts';
import { createTutorRepository } from './tutor.repository.ts';
import { createTutorService } from './tutor.service.ts';

const LMS_API = '/api/lms/v1';
const historyQuerySchema = z.object({ knowledgeModelId: idSchema }).strict();

export function registerTutorRoutes(app: FastifyInstance, ctx: AppContext): void {
  const service = createTutorService({
    tutorRepository: createTutorRepository(ctx.db, ctx.dialect),
    workflowsService: createWorkflowsService({
      workflowsRepository: createWorkflowsRepository(ctx.db, ctx.dialect),
      coursesRepository: createCoursesRepository(ctx.db),
      clock: ctx.clock,
    }),
    clock: ctx.clock,
    dailyQuestions: ctx.config.tutorDailyQuestions,
  });
  const noStore = { 'cache-control': 'no-store' };

  app.get<{ Params: { id: string } }>(
    `${LMS_API}/users/me/objective-workflow-aggregates/:id/knowledge-model`,
    async (request, reply) => {
      reply.headers(noStore);
      return service.knowledgeModelOf(requirePrincipal(request), request.params.id);
    },
  );

  app.post(`${LMS_API}/tutor/questions`, async (request, reply) => {
    const principal = requirePrincipal(request);
    const body = tutorQuestionRequestSchema.parse(request.body);
    reply.headers(noStore);
    return service.ask(principal, body);
  });

  app.get(`${LMS_API}/tutor/history`, async (request, reply) => {
    const principal = requirePrincipal(request);
    const { knowledgeModelId } = historyQuerySchema.parse(request.query);
    reply.headers(noStore);
    return service.history(principal, knowledgeModelId);
  });

  app.delete(`${LMS_API}/tutor/history`, async (request, reply) => {
    const principal = requirePrincipal(request);
    const { knowledgeModelId } = historyQuerySchema.parse(request.query);
    await service.clearHistory(principal, knowledgeModelId);
    return reply.status(204).send();
  });
}
