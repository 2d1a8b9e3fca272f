// HTTP edge of the tutor assistant on the LMS API: a course's knowledge model, questions, and history.
import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { idSchema, tutorQuestionRequestSchema } from '@portal/contracts';
import type { AppContext } from '../../app-context.ts';
import { requirePrincipal } from '../../http/principal.ts';
import { createCoursesRepository } from '../courses/courses.repository.ts';
import { createWorkflowsRepository } from '../workflows/workflows.repository.ts';
import { createWorkflowsService } from '../workflows/workflows.service.ts';
import { requestLocale } from '../../i18n/server-i18n.ts';
import { createTutorRepository, portalPdfReader } from './tutor.repository.ts';
import { createTutorService } from './tutor.service.ts';

const LMS_API = '/api/lms/v1';
const historyQuerySchema = z.object({ knowledgeModelId: idSchema }).strict();

export function registerTutorRoutes(app: FastifyInstance, ctx: AppContext): void {
  const service = createTutorService({
    tutorRepository: createTutorRepository(
      ctx.db,
      ctx.dialect,
      portalPdfReader(ctx.config.webDist),
    ),
    workflowsService: createWorkflowsService({
      workflowsRepository: createWorkflowsRepository(ctx.db, ctx.dialect),
      coursesRepository: createCoursesRepository(ctx.db),
      clock: ctx.clock,
      db: ctx.db,
    }),
    clock: ctx.clock,
    dailyQuestions: ctx.config.tutorDailyQuestions,
    llm: ctx.config.tutorLlm,
    onLlmError: (error) =>
      ctx.log.warn(
        { err: error },
        'tutor: the generative endpoint failed; answering with passages',
      ),
  });
  const languageNames = new Intl.DisplayNames(['en'], { type: 'language' });
  const noStore = { 'cache-control': 'no-store' };

  app.get<{ Params: { id: string } }>(
    `${LMS_API}/users/me/objective-workflow-aggregates/:id/knowledge-model`,
    async (request, reply) => {
      reply.headers(noStore);
      return service.knowledgeModelOf(requirePrincipal(request), request.params.id);
    },
  );

  app.post(`${LMS_API}/tutor/questions`, { config: { csrf: 'api' } }, async (request, reply) => {
    const principal = requirePrincipal(request);
    const body = tutorQuestionRequestSchema.parse(request.body);
    reply.headers(noStore);
    return service.ask(principal, body);
  });

  // The answer as it is composed (application/x-ndjson, one TutorStreamEvent per line). Access, the daily
  // limit and the body are checked before the first byte, so they answer as plain JSON errors.
  app.post(
    `${LMS_API}/tutor/questions/stream`,
    { config: { csrf: 'api' }, compress: false },
    async (request, reply) => {
      const principal = requirePrincipal(request);
      const body = tutorQuestionRequestSchema.parse(request.body);
      const asked = await service.ask(principal, body);
      const locale = requestLocale(request.cookies.locale, request.headers['accept-language']);
      const left = new AbortController();
      reply.raw.on('close', () => {
        if (!reply.raw.writableFinished) left.abort(new Error('the learner left'));
      });
      const lines = async function* () {
        for await (const event of service.answer(
          asked,
          languageNames.of(locale) ?? locale,
          left.signal,
        ))
          yield `${JSON.stringify(event)}\n`;
      };
      reply.headers({ ...noStore, 'x-accel-buffering': 'no' });
      reply.type('application/x-ndjson; charset=utf-8');
      return reply.send(Readable.from(lines()));
    },
  );

  app.get(`${LMS_API}/tutor/history`, async (request, reply) => {
    const principal = requirePrincipal(request);
    const { knowledgeModelId } = historyQuerySchema.parse(request.query);
    reply.headers(noStore);
    return service.history(principal, knowledgeModelId);
  });

  app.delete(`${LMS_API}/tutor/history`, { config: { csrf: 'api' } }, async (request, reply) => {
    const principal = requirePrincipal(request);
    const { knowledgeModelId } = historyQuerySchema.parse(request.query);
    await service.clearHistory(principal, knowledgeModelId);
    return reply.status(204).send();
  });
}
