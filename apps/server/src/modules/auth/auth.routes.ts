// Sign-in: the session hook that turns the cookie into request.principal, the built-in OpenID
// provider with its pages, and the relying-party routes /oidc/login, /oidc/callback, /oidc/logout.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { DomainError } from '../../http/errors.ts';
import { createAccountsService, LOCAL_PROVIDER_ID } from './accounts.service.ts';
import { registerInteractionRoutes, REGISTER_SCREEN } from './interaction.routes.ts';
import { PAGE_HEADERS, renderMessagePage } from './interaction-pages.ts';
import { pageLanguage } from './interaction-texts.ts';
import {
  createLocalProvider,
  endLocalProviderSession,
  mountLocalProvider,
  OP_SESSION_COOKIE,
} from './oidc-provider.ts';
import { createRelyingParty, TRANSACTION_TTL_SECONDS } from './relying-party.ts';
import {
  createSessionsService,
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
  registerInteractionRoutes(app, { provider, accounts, relyingParty, config });

  app.get('/oidc/login', { config: { rateLimit: rpRateLimit } }, async (request, reply) => {
    const query = loginQuerySchema.parse(request.query);
    const { transactionId, authorizationUrl } = await relyingParty.startLogin({
      providerId: query.provider || LOCAL_PROVIDER_ID,
      redirectUrl: query.redirectUrl,
      screen: query.screen === REGISTER_SCREEN ? REGISTER_SCREEN : undefined,
    });
    reply.setCookie(TRANSACTION_COOKIE, transactionId, transactionCookieOptions);
    return reply.header('cache-control', 'no-store').redirect(authorizationUrl, 302);
  });

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

  function sendLoginError(request: FastifyRequest, reply: FastifyReply, error: DomainError) {
    const language = pageLanguage(request.cookies.locale, request.headers['accept-language']);
    return reply
      .status(error.status)
      .headers(PAGE_HEADERS)
      .send(
        renderMessagePage({
          language,
          titleKey: 'errorTitle',
          textKey: error.code === 'account_exists' ? 'accountExistsText' : 'errorText',
          link: { href: `${config.publicUrl}/oidc/login`, textKey: 'startAgain' },
        }),
      );
  }

  const logout = async (request: FastifyRequest, reply: FastifyReply) => {
    const target = await relyingParty.logout(request.cookies[cookieName]);
    // The built-in provider's own session ends too, so the next sign-in asks for the password again.
    await endLocalProviderSession(provider, request.cookies[OP_SESSION_COOKIE]);
    reply.clearCookie(cookieName, { path: '/' });
    reply.clearCookie(OP_SESSION_COOKIE, { path: '/' });
    reply.clearCookie(`${OP_SESSION_COOKIE}.sig`, { path: '/' });
    reply.header('cache-control', 'no-store');
    // The web client ends the session first and only then tells its other tabs, so none of them
    // can sign in again against a provider session that is still alive; it navigates itself.
    if (request.method === 'POST' && request.headers['x-requested-with'])
      return { redirectUrl: target };
    return reply.redirect(target, 302);
  };
  app.get('/oidc/logout', logout);
  app.post('/oidc/logout', logout);
}
