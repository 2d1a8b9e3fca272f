// Sign-in: the session hook that turns the cookie into request.principal, the built-in OpenID
// provider with its pages, and the relying-party routes /oidc/login, /oidc/callback, /oidc/logout.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { DomainError } from '../../http/errors.ts';
import { sendHtmlPage } from '../../http/security-headers.ts';
import { escapeHtml } from '../../lib/escape-html.ts';
import { createAccountsService, LOCAL_PROVIDER_ID } from './accounts.service.ts';
import { registerInteractionRoutes, REGISTER_SCREEN } from './interaction.routes.ts';
import { renderMessagePage, renderSignOutPage, type PageBase } from './interaction-pages.ts';
import { pageLanguage, type TextKey } from './interaction-texts.ts';
import {
  createLocalProvider,
  endLocalProviderSession,
  mountLocalProvider,
  OP_SESSION_COOKIE,
} from './oidc-provider.ts';
import { createRelyingParty, TRANSACTION_TTL_SECONDS } from './relying-party.ts';
import { createPasswordResetService } from './password-reset.ts';
import { registerPasswordResetRoutes } from './password-reset.routes.ts';
import { createRegistrationConfirmationService } from './registration-confirmation.ts';
import { registerRegistrationConfirmationRoutes } from './registration-confirmation.routes.ts';
import {
  createSessionsService,
  hashSessionToken,
  isHttpsPortal,
  sessionCookieName,
  sessionCookieOptions,
} from './sessions.service.ts';

export const TRANSACTION_COOKIE = 'oidc_tx';

const loginQuerySchema = z.object({
  redirectUrl: z.string().max(4096).optional(),
  provider: z.string().max(100).optional(),
  /** `register` opens the built-in provider on its registration page (the open catalog's "Sign up"). */
  screen: z.string().max(100).optional(),
});

export async function registerAuth(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { config } = ctx;
  const rpRateLimit = { max: config.signInRateLimitPerMinute * 6, timeWindow: '1 minute' };
  const sessions = createSessionsService({ db: ctx.db, clock: ctx.clock, config });
  const accounts = createAccountsService({ db: ctx.db, clock: ctx.clock });
  const relyingParty = createRelyingParty({ ctx, sessions, accounts });
  const provider = await createLocalProvider(ctx, accounts);
  const cookieName = sessionCookieName(config);
  const cookieOptions = sessionCookieOptions(config);
  const transactionCookieOptions = {
    httpOnly: true,
    sameSite: 'lax' as const,
    path: '/oidc',
    secure: isHttpsPortal(config),
    maxAge: TRANSACTION_TTL_SECONDS,
  };

  app.addHook('onRequest', async (request, reply) => {
    const token = request.cookies[cookieName];
    if (!token) return;
    request.principal = await sessions.resolve(token);
    if (!request.principal) reply.clearCookie(cookieName, { path: '/' });
  });

  await mountLocalProvider(app, provider);
  const passwordReset = createPasswordResetService({
    db: ctx.db,
    clock: ctx.clock,
    publicUrl: config.publicUrl,
  });
  const registrationConfirmation = createRegistrationConfirmationService({
    db: ctx.db,
    clock: ctx.clock,
    publicUrl: config.publicUrl,
  });
  registerInteractionRoutes(app, {
    provider,
    accounts,
    relyingParty,
    passwordReset,
    registrationConfirmation,
    config,
  });
  registerPasswordResetRoutes(app, { passwordReset, config });
  registerRegistrationConfirmationRoutes(app, { registrationConfirmation, config });

  app.get(
    '/oidc/login',
    { config: { rateLimit: rpRateLimit, canonicalHost: true } },
    async (request, reply) => {
      const query = loginQuerySchema.parse(request.query);
      try {
        const { transactionId, authorizationUrl } = await relyingParty.startLogin({
          providerId: query.provider || LOCAL_PROVIDER_ID,
          redirectUrl: query.redirectUrl,
          screen: query.screen === REGISTER_SCREEN ? REGISTER_SCREEN : undefined,
        });
        reply.setCookie(TRANSACTION_COOKIE, transactionId, transactionCookieOptions);
        return reply.header('cache-control', 'no-store').redirect(authorizationUrl, 302);
      } catch (error) {
        // A person followed a link: an unknown provider gets a page, not a JSON body.
        if (error instanceof DomainError && error.status < 500) {
          return sendLoginError(request, reply, error);
        }
        throw error;
      }
    },
  );

  app.get('/oidc/callback', { config: { rateLimit: rpRateLimit } }, async (request, reply) => {
    reply.clearCookie(TRANSACTION_COOKIE, { path: '/oidc' });
    try {
      const previous = request.cookies[cookieName];
      const { token, redirectTo } = await relyingParty.finishLogin({
        transactionId: request.cookies[TRANSACTION_COOKIE],
        callbackUrl: new URL(request.url, config.publicUrl),
        host: request.hostname,
      });
      // A new session id after login; the one the browser came with (if any) ends here.
      if (previous) await sessions.end(previous);
      reply.setCookie(cookieName, token, cookieOptions);
      return reply.header('cache-control', 'no-store').redirect(redirectTo, 302);
    } catch (error) {
      if (error instanceof DomainError && error.status < 500) {
        return sendLoginError(request, reply, error);
      }
      throw error;
    }
  });

  const languageOf = (request: FastifyRequest) =>
    pageLanguage(request.cookies.locale, request.headers['accept-language']);

  function sendPage(
    request: FastifyRequest,
    reply: FastifyReply,
    status: number,
    html: (page: PageBase) => string,
  ) {
    return sendHtmlPage(reply, config, {
      status,
      html: (nonce) => html({ language: languageOf(request), nonce }),
    });
  }

  function sendLoginError(request: FastifyRequest, reply: FastifyReply, error: DomainError) {
    const textKey: TextKey = error.code === 'account_exists' ? 'accountExistsText' : 'errorText';
    return sendPage(request, reply, error.status, (page) =>
      renderMessagePage({
        ...page,
        titleKey: 'errorTitle',
        textKey,
        link: { href: `${config.publicUrl}/oidc/login`, textKey: 'startAgain' },
      }),
    );
  }

  /** The sign-out form's token: bound to the session, so another site cannot forge the form. */
  const logoutToken = (sessionToken: string) =>
    createHmac('sha256', config.sessionSecret)
      .update(`logout:${hashSessionToken(sessionToken)}`)
      .digest('base64url');
  const isLogoutToken = (sessionToken: string, value: unknown) => {
    if (typeof value !== 'string') return false;
    const expected = Buffer.from(logoutToken(sessionToken));
    const given = Buffer.from(value);
    return given.length === expected.length && timingSafeEqual(given, expected);
  };

  /** A GET only asks: sign-out changes state, so it takes a POST (the web client's, or this page's form). */
  function sendSignOutQuestion(request: FastifyRequest, reply: FastifyReply, status: number) {
    const sessionToken = request.cookies[cookieName];
    if (!sessionToken || !request.principal) {
      return sendPage(request, reply, 200, (page) =>
        renderMessagePage({
          ...page,
          titleKey: 'signedOutTitle',
          link: { href: `${config.publicUrl}/learn`, textKey: 'backToPortal' },
        }),
      );
    }
    const form = `<form id="sign-out" method="post" action="/oidc/logout"><input type="hidden" name="token" value="${escapeHtml(logoutToken(sessionToken))}"></form>`;
    return sendPage(request, reply, status, (page) =>
      renderSignOutPage(page, { html: form, id: 'sign-out' }),
    );
  }

  app.get('/oidc/logout', async (request, reply) => sendSignOutQuestion(request, reply, 200));

  app.post('/oidc/logout', { config: { csrf: 'form' } }, async (request, reply) => {
    const sessionToken = request.cookies[cookieName];
    // The web client's call carries X-Requested-With (a header no other site can send); a form post
    // carries the session-bound token of the confirmation page.
    const fromClient = request.headers['x-requested-with'] !== undefined;
    const token = (request.body as { token?: unknown } | undefined)?.token;
    if (sessionToken && !fromClient && !isLogoutToken(sessionToken, token)) {
      return sendSignOutQuestion(request, reply, 403);
    }
    const target = await relyingParty.logout(sessionToken);
    // The built-in provider's own session ends too, so the next sign-in asks for the password again.
    await endLocalProviderSession(provider, request.cookies[OP_SESSION_COOKIE]);
    reply.clearCookie(cookieName, { path: '/' });
    reply.clearCookie(OP_SESSION_COOKIE, { path: '/' });
    reply.clearCookie(`${OP_SESSION_COOKIE}.sig`, { path: '/' });
    reply.header('cache-control', 'no-store');
    // The web client ends the session first and only then tells its other tabs, so none of them
    // can sign in again against a provider session that is still alive; it navigates itself.
    if (fromClient) return { redirectUrl: target };
    return reply.redirect(target, 303);
  });
}
