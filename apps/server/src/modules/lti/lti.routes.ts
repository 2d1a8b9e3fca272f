// HTTP edge of the LTI platform. Protocol endpoints live under /api/lti/v1 in one encapsulated plugin, so
// their content types (AGS media types, LTI 1.1 XML) do not leak into the rest of the API.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import type { LtiModule } from './lti.module.ts';
import { registerAuthorizationRoute, registerLaunchRoutes } from './launch.routes.ts';
import { registerTokenRoutes } from './token.routes.ts';
import { registerAgsRoutes } from './ags.routes.ts';
import { registerOutcomesRoutes } from './outcomes.routes.ts';
import { LTI_API } from './lti-urls.ts';
import {
  registerProctoringLtiRoutes,
  registerProctoringRoutes,
} from '../proctoring/proctoring.routes.ts';

/** AGS bodies are JSON under their own media types; LTI 1.1 outcomes are XML kept raw for the body hash. */
function registerLtiContentTypes(app: FastifyInstance): void {
  app.addContentTypeParser(
    /^application\/vnd\.ims\.[a-z0-9.+-]+json$/,
    { parseAs: 'string' },
    (_request, body, done) => {
      try {
        done(null, body === '' ? undefined : JSON.parse(body as string));
      } catch {
        const error = Object.assign(new Error('The body is not valid JSON.'), { statusCode: 400 });
        done(error, undefined);
      }
    },
  );
  app.addContentTypeParser(
    ['application/xml', 'text/xml'],
    { parseAs: 'string' },
    (_request, body, done) => done(null, body),
  );
}

export async function registerLtiRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  lti: LtiModule,
): Promise<void> {
  registerLaunchRoutes(app, ctx, lti);
  registerProctoringRoutes(app, ctx, lti);
  await app.register(async (scope) => {
    // Tools call these (form posts, bearer tokens, OAuth 1 signatures): each request carries its own
    // proof in the protocol, so the CSRF guard's browser checks do not apply (docs/security.md).
    scope.addHook('onRoute', (route) => {
      route.config = { ...route.config, csrf: 'protocol' };
    });
    registerLtiContentTypes(scope);
    scope.get(`${LTI_API}/.well-known/jwks.json`, async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=3600');
      return lti.keys.jwks();
    });
    registerAuthorizationRoute(scope, ctx, lti);
    registerTokenRoutes(scope, ctx, lti);
    registerAgsRoutes(scope, ctx, lti);
    registerOutcomesRoutes(scope, ctx, lti);
    // LTI Proctoring Services (docs/decisions/0028): start-assessment is a cross-site form post signed by
    // the tool, like the other protocol endpoints.
    registerProctoringLtiRoutes(scope, ctx, lti);
  });
}
