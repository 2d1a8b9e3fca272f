// HTTP edge of LTI 1.1 Basic Outcomes: POST /api/lti/v1/grading/outcomes, answered in the POX envelope
// even when the request fails before reaching the service (size limit, content type).
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import type { LtiModule } from './lti.module.ts';
import { GRADING_API } from './lti-urls.ts';
import {
  createOutcomesService,
  failureReply,
  OUTCOMES_BODY_LIMIT,
  type OutcomeReply,
} from './outcomes.service.ts';

function send(reply: FastifyReply, outcome: OutcomeReply, realm: string) {
  if (outcome.status === 401) reply.header('www-authenticate', `OAuth realm="${realm}"`);
  return reply
    .status(outcome.status)
    .header('cache-control', 'no-store')
    .type('application/xml; charset=utf-8')
    .send(outcome.xml);
}

/** Registers the outcomes endpoint in the LTI scope (which keeps XML bodies as raw strings). */
export function registerOutcomesRoutes(
  scope: FastifyInstance,
  ctx: AppContext,
  lti: LtiModule,
): void {
  const service = createOutcomesService(ctx, lti);
  const realm = lti.urls.outcomes;
  scope.post(`${GRADING_API}/outcomes`, {
    bodyLimit: OUTCOMES_BODY_LIMIT,
    errorHandler: (error: FastifyError, request, reply) => {
      const status = error.statusCode ?? 500;
      if (status >= 500) request.log.error({ err: error }, 'LTI 1.1 outcomes request failed');
      const description = status >= 500 ? 'Internal error.' : error.message;
      return send(reply, failureReply(status, description), realm);
    },
    handler: async (request, reply) => {
      const outcome = await service.handle({
        body: request.body,
        authorization: request.headers.authorization,
        url: request.url,
      });
      return send(reply, outcome, realm);
    },
  });
}
