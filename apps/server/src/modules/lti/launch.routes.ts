// HTTP edge of LTI launches: resource-link and resource-form on the LMS API (signed-in learner), and the
// LTI 1.3 authorization endpoint /api/lti/v1/auth (GET or POST) inside the LTI plugin.
import { z } from 'zod';
import { idSchema } from '@portal/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { requirePrincipal } from '../../http/principal.ts';
import { sendHtmlPage } from '../../http/security-headers.ts';
import { requestLocale, serverTranslator } from '../../i18n/server-i18n.ts';
import { proctoringToolOrigins } from '../proctoring/frame-policy.ts';
import { autoPostPage, errorPage } from './auth-response-page.ts';
import { authorize } from './authorization.ts';
import { ensureBinding, readBinding } from './launch-binding.ts';
import { createLaunchService, type RawQuery } from './launch.service.ts';
import type { LtiModule } from './lti.module.ts';
import { LTI_API } from './lti-urls.ts';

const WORKFLOW = '/api/lms/v1/objective-workflows/:id';
const NO_STORE = { 'cache-control': 'no-store' };

/** The wildcard of resource-form: activity workflow ids joined by "/", root first. */
const workflowPathSchema = z.array(idSchema).min(1).max(32);

type WithId = { Params: { id: string }; Querystring: RawQuery };
type WithPath = { Params: { id: string; '*': string } };

export function registerLaunchRoutes(app: FastifyInstance, ctx: AppContext, lti: LtiModule): void {
  const service = createLaunchService(ctx, lti);

  app.post<WithId>(`${WORKFLOW}/resource-link`, async (request, reply) => {
    const principal = requirePrincipal(request);
    reply.headers(NO_STORE);
    return service.resourceLink(principal, request.params.id, request.query);
  });

  app.get<WithPath>(`${WORKFLOW}/resource-form/*`, async (request, reply) => {
    const principal = requirePrincipal(request);
    reply.headers(NO_STORE);
    const ids = workflowPathSchema.parse(request.params['*'].split('/').filter((id) => id !== ''));
    return service.resourceForm(principal, request.params.id, ids, () =>
      ensureBinding(request, reply, ctx.config),
    );
  });
}

/** GET|POST /api/lti/v1/auth, registered inside the /api/lti/v1 plugin (form bodies parsed). */
export function registerAuthorizationRoute(
  scope: FastifyInstance,
  ctx: AppContext,
  lti: LtiModule,
): void {
  const deps = { db: ctx.db, lti, clock: ctx.clock, platformVersion: ctx.config.appVersion };
  async function handle(request: FastifyRequest, reply: FastifyReply) {
    const outcome = await authorize(deps, request.method === 'GET' ? request.query : request.body, {
      bindingToken: readBinding(request, ctx.config),
      principal: request.principal,
    });
    const language = serverTranslator(
      requestLocale(request.cookies.locale, request.headers['accept-language']),
      'lti',
    );
    // A proctored tool activity launches inside the proctoring tool's page (portal frame, tool frame):
    // the proctoring tools are among this page's ancestors then (docs/decisions/0028).
    const frameAncestors = await proctoringToolOrigins(ctx.db);
    const page =
      outcome.kind === 'error-page'
        ? errorPage(language, outcome.error, outcome.description)
        : autoPostPage(language, outcome.redirectUri, outcome.fields);
    return sendHtmlPage(reply, ctx.config, { ...page, frameAncestors });
  }
  scope.get(`${LTI_API}/auth`, handle);
  scope.post(`${LTI_API}/auth`, handle);
}
