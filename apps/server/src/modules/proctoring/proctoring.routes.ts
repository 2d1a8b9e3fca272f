// HTTP edge of proctored activities (docs/decisions/0028): the learner's session, start token and end form on
// the LMS API, and the LTI Proctoring Services endpoints inside the /api/lti/v1 plugin.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { requirePrincipal } from '../../http/principal.ts';
import { sendHtmlPage } from '../../http/security-headers.ts';
import { requestLocale, serverTranslator } from '../../i18n/server-i18n.ts';
import { autoPostPage } from '../lti/auth-response-page.ts';
import { ensureBinding } from '../lti/launch-binding.ts';
import type { LtiModule } from '../lti/lti.module.ts';
import { createToolKeys } from '../lti/tool-keys.ts';
import { proctoringToolOrigins } from './frame-policy.ts';
import { acceptStartAssessment, beginStartProctoring } from './proctoring-messages.ts';
import { startAssessmentRefusedPage, startRefusedPage } from './proctoring-pages.ts';
import { createProctoringService } from './proctoring.service.ts';
import { PROCTORING_API } from './proctoring-urls.ts';

const SESSION =
  '/api/lms/v1/users/me/objective-workflows/:ow/activity-workflows/:aw/last-proctoring-session';
const NO_STORE = { 'cache-control': 'no-store' };

type WithIds = { Params: { ow: string; aw: string } };

/** The learner's endpoints (cookie session; reads only, so no CSRF marker is needed). */
export function registerProctoringRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  lti: LtiModule,
): void {
  const service = createProctoringService(ctx, lti);

  app.get<WithIds>(SESSION, async (request, reply) => {
    reply.headers(NO_STORE);
    return service.lastSession(requirePrincipal(request), request.params.ow, request.params.aw);
  });

  app.get<WithIds>(`${SESSION}/start-token`, async (request, reply) => {
    const principal = requirePrincipal(request);
    reply.headers(NO_STORE);
    return service.startToken(principal, request.params.ow, request.params.aw, request.query);
  });

  app.get<WithIds>(`${SESSION}/end-form`, async (request, reply) => {
    const principal = requirePrincipal(request);
    reply.headers(NO_STORE);
    return service.endForm(principal, request.params.ow, request.params.aw, () =>
      ensureBinding(request, reply, ctx.config),
    );
  });
}

/** GET proctoring/start and POST proctoring/start-assessment, registered inside the /api/lti/v1 plugin. */
export function registerProctoringLtiRoutes(
  scope: FastifyInstance,
  ctx: AppContext,
  lti: LtiModule,
): void {
  const toolKeys = createToolKeys();
  const languageOf = (request: {
    cookies: Record<string, string | undefined>;
    headers: Record<string, unknown>;
  }) =>
    serverTranslator(
      requestLocale(
        request.cookies.locale,
        request.headers['accept-language'] as string | undefined,
      ),
      'lti',
    );

  // A top-level navigation of the learner's browser: the portal session (SameSite=Lax) comes along.
  scope.get<{ Querystring: { token?: unknown } }>(
    `${PROCTORING_API}/start`,
    async (request, reply) => {
      const outcome = await beginStartProctoring(
        { db: ctx.db, lti, publicUrl: ctx.config.publicUrl, now: ctx.clock.now() },
        request.principal,
        request.query.token,
        () => ensureBinding(request, reply, ctx.config),
      );
      const language = languageOf(request);
      return sendHtmlPage(
        reply,
        ctx.config,
        outcome.kind === 'post'
          ? {
              ...autoPostPage(language, outcome.action, outcome.fields),
              // The tool's login answers with a redirect to our auth endpoint: form-action checks it too.
              formAction: [new URL(outcome.action).origin, "'self'"],
            }
          : startRefusedPage(language, outcome.status, outcome.reason),
      );
    },
  );

  // A cross-site form post by the tool's page into an iframe: the signed JWT alone authorises it.
  scope.post(`${PROCTORING_API}/start-assessment`, async (request, reply) => {
    const outcome = await acceptStartAssessment(
      { db: ctx.db, lti, toolKeys, publicUrl: ctx.config.publicUrl, now: ctx.clock.now() },
      request.body,
    );
    if (outcome.kind === 'accepted') {
      reply.headers(NO_STORE);
      return reply.redirect(outcome.redirectUrl, 303);
    }
    request.log.info({ reason: outcome.description }, 'LtiStartAssessment refused');
    return sendHtmlPage(
      reply,
      ctx.config,
      startAssessmentRefusedPage(
        languageOf(request),
        outcome.description,
        await proctoringToolOrigins(ctx.db),
      ),
    );
  });
}
