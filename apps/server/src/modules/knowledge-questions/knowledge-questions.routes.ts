// HTTP edge of knowledge questions by e-mail: the learner's opt-in per course, the answer page's call, and the
// one-click unsubscribe (RFC 8058: mail clients POST it cross-site; the signed token in the URL is the proof).
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { idSchema, knowledgeQuestionAnswerRequestSchema } from '@portal/contracts';
import type { AppContext } from '../../app-context.ts';
import { requirePrincipal } from '../../http/principal.ts';
import type { KnowledgeQuestionsService } from './knowledge-questions.service.ts';

const LMS_API = '/api/lms/v1';
const paramsSchema = z.object({ objectiveId: idSchema }).strict();
const unsubscribeQuerySchema = z.object({ token: z.string().min(10).max(2000) });
const noStore = { 'cache-control': 'no-store' };

export function registerKnowledgeQuestionsRoutes(
  app: FastifyInstance,
  _ctx: AppContext,
  service: KnowledgeQuestionsService,
): void {
  const subscriptionUrl = `${LMS_API}/users/me/knowledge-question-subscriptions/:objectiveId`;

  app.get(subscriptionUrl, async (request, reply) => {
    const { objectiveId } = paramsSchema.parse(request.params);
    reply.headers(noStore);
    return service.subscriptionOf(requirePrincipal(request), objectiveId);
  });

  app.put(subscriptionUrl, { config: { csrf: 'api' } }, async (request) => {
    const { objectiveId } = paramsSchema.parse(request.params);
    return service.setSubscription(requirePrincipal(request), objectiveId, true);
  });

  app.delete(subscriptionUrl, { config: { csrf: 'api' } }, async (request) => {
    const { objectiveId } = paramsSchema.parse(request.params);
    return service.setSubscription(requirePrincipal(request), objectiveId, false);
  });

  app.post(
    `${LMS_API}/knowledge-question-answers`,
    { config: { csrf: 'api' } },
    async (request, reply) => {
      const principal = requirePrincipal(request);
      const body = knowledgeQuestionAnswerRequestSchema.parse(request.body);
      reply.headers(noStore);
      return service.answer(principal, body);
    },
  );

  app.post(
    `${LMS_API}/knowledge-question-unsubscriptions`,
    { config: { csrf: 'protocol' } },
    async (request, reply) => {
      const { token } = unsubscribeQuerySchema.parse(request.query);
      reply.headers(noStore);
      return service.unsubscribe(token);
    },
  );
}
