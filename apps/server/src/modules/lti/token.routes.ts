// POST /api/lti/v1/token: the LTI services' OAuth 2.0 token endpoint (client credentials + JWT assertion).
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { LTI_API } from './lti-urls.ts';
import type { LtiModule } from './lti.module.ts';
import { grantAccessToken, OAuthError } from './token.ts';
import { createToolKeys } from './tool-keys.ts';

export function registerTokenRoutes(app: FastifyInstance, ctx: AppContext, lti: LtiModule): void {
  const toolKeys = createToolKeys();
  app.post(
    `${LTI_API}/token`,
    { config: { rateLimit: { max: ctx.config.rateLimitPerMinute, timeWindow: '1 minute' } } },
    async (request, reply) => {
      // Token responses and their errors are never cached (RFC 6749 §5.1).
      reply.header('cache-control', 'no-store').header('pragma', 'no-cache');
      try {
        return await grantAccessToken(ctx, lti, toolKeys, request.body);
      } catch (error) {
        if (!(error instanceof OAuthError)) throw error;
        return reply
          .status(error.status)
          .send({ error: error.error, error_description: error.description });
      }
    },
  );
}
