// The built-in OpenID provider "local" (oidc-provider), mounted under /oidc-op on the Fastify server.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import Provider, { type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import type { AppContext } from '../../app-context.ts';
import type { AppConfig } from '../../config.ts';
import type { AccountsService } from './accounts.service.ts';
import { applyPagePolicyToRaw } from '../../http/security-headers.ts';
import { renderMessagePage, renderSignOutPage, type PageBase } from './interaction-pages.ts';
import { pageLanguage } from './interaction-texts.ts';
import { createOidcAdapterFactory } from './oidc-adapter.ts';
import { deriveSecret, loadOrCreateSigningKeys } from './oidc-keys.ts';

export const OP_MOUNT_PATH = '/oidc-op';
export const LOCAL_CLIENT_ID = 'learner-portal';
export const LOCAL_SCOPE = 'openid profile email';
/** Name of the provider's own session cookie (oidc-provider default). */
export const OP_SESSION_COOKIE = '_session';

export function localIssuer(config: Pick<AppConfig, 'publicUrl'>): string {
  return `${config.publicUrl}${OP_MOUNT_PATH}`;
}

export function localClientSecret(config: Pick<AppConfig, 'sessionSecret'>): string {
  return deriveSecret(config.sessionSecret, `oidc-client:${LOCAL_CLIENT_ID}`);
}

/** Reads one cookie from a raw Cookie header (the provider's Koa context signs its own cookies). */
export function readCookie(header: string | undefined, name: string): string | undefined {
  for (const part of header?.split(';') ?? []) {
    const index = part.indexOf('=');
    if (index > 0 && part.slice(0, index).trim() === name) {
      try {
        return decodeURIComponent(part.slice(index + 1).trim());
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

function languageOf(koaCtx: KoaContextWithOIDC) {
  return pageLanguage(readCookie(koaCtx.get('cookie'), 'locale'), koaCtx.get('accept-language'));
}

/** Sends one of the provider's pages under the page policy (a nonce for its style element). */
function sendPage(koaCtx: KoaContextWithOIDC, html: (page: PageBase) => string): void {
  const nonce = applyPagePolicyToRaw(koaCtx.req);
  koaCtx.set('cache-control', 'no-store');
  koaCtx.type = 'html';
  koaCtx.body = html({ language: languageOf(koaCtx), nonce });
}

export async function createLocalProvider(
  ctx: AppContext,
  accounts: AccountsService,
): Promise<Provider> {
  const { config } = ctx;
  const configuration: Configuration = {
    adapter: createOidcAdapterFactory(ctx.db, ctx.clock),
    jwks: await loadOrCreateSigningKeys(ctx.db),
    clients: [
      {
        client_id: LOCAL_CLIENT_ID,
        client_secret: localClientSecret(config),
        redirect_uris: [`${config.publicUrl}/oidc/callback`],
        post_logout_redirect_uris: [`${config.publicUrl}/learn`],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    cookies: { keys: [deriveSecret(config.sessionSecret, 'oidc-provider:cookies')] },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'given_name', 'family_name', 'locale'],
    },
    // The portal reads the user's name and e-mail from the id_token; it never calls userinfo.
    conformIdTokenClaims: false,
    responseTypes: ['code'],
    // `screen=register` from /oidc/login: the interaction opens on the registration page.
    extraParams: ['screen'],
    pkce: { required: () => true },
    clientBasedCORS: () => false,
    features: {
      devInteractions: { enabled: false },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: async (koaCtx, form) =>
          sendPage(koaCtx, (page) => renderSignOutPage(page, { html: form, id: 'op.logoutForm' })),
        postLogoutSuccessSource: async (koaCtx) =>
          sendPage(koaCtx, (page) =>
            renderMessagePage({
              ...page,
              titleKey: 'signedOutTitle',
              link: { href: `${config.publicUrl}/learn`, textKey: 'backToPortal' },
            }),
          ),
      },
    },
    interactions: {
      url: async (_koaCtx, interaction) => `${OP_MOUNT_PATH}/interaction/${interaction.uid}`,
    },
    renderError: async (koaCtx, _out, error) => {
      ctx.log.warn({ err: error }, 'built-in OpenID provider refused a request');
      sendPage(koaCtx, (page) =>
        renderMessagePage({
          ...page,
          titleKey: 'errorTitle',
          textKey: 'errorText',
          link: { href: `${config.publicUrl}/learn`, textKey: 'backToPortal' },
        }),
      );
    },
    findAccount: async (_koaCtx, sub) => {
      const user = await accounts.findActiveUser(sub);
      if (!user) return undefined;
      return {
        accountId: user.id,
        claims: async () => ({
          sub: user.id,
          email: user.email,
          email_verified: false,
          given_name: user.firstName,
          family_name: user.lastName,
          name: [user.firstName, user.middleName, user.lastName].filter(Boolean).join(' '),
          ...(user.locale ? { locale: user.locale } : {}),
        }),
      };
    },
    // Consent is implicit for the portal, our own first-party client: grant its scopes on first use.
    loadExistingGrant: async (koaCtx) => {
      const { oidc } = koaCtx;
      const clientId = oidc.client?.clientId;
      if (!clientId || !oidc.session?.accountId) return undefined;
      const grantId = oidc.result?.consent?.grantId ?? oidc.session.grantIdFor(clientId);
      const existing = grantId ? await oidc.provider.Grant.find(grantId) : undefined;
      if (existing) return existing;
      if (clientId !== LOCAL_CLIENT_ID) return undefined;
      const grant = new oidc.provider.Grant({ clientId, accountId: oidc.session.accountId });
      grant.addOIDCScope(LOCAL_SCOPE);
      await grant.save();
      return grant;
    },
    ttl: {
      AuthorizationCode: 60,
      AccessToken: 600,
      IdToken: 3600,
      Interaction: 3600,
      // The provider's own session ends no later than the portal's idle window, so that a portal
      // session that expired from inactivity asks for the password again instead of silently renewing.
      Session: config.sessionIdleSeconds,
      Grant: config.sessionAbsoluteSeconds,
    },
  };
  const provider = new Provider(localIssuer(config), configuration);
  // Behind trusted proxies (TRUST_PROXY), X-Forwarded-Proto tells the provider the request was https.
  provider.proxy = config.trustProxy !== false;
  provider.on('server_error', (_koaCtx, error) =>
    ctx.log.error({ err: error }, 'built-in OpenID provider error'),
  );
  return provider;
}

/**
 * Mounts the provider's Koa app. Routing inside the provider ignores the issuer's path, so the mount
 * prefix is taken off req.url and kept in req.originalUrl, from which the provider computes its own
 * absolute URLs (the same contract as Express mounting). Body parsers are removed in this scope so
 * that the provider reads POST bodies itself.
 */
export async function mountLocalProvider(app: FastifyInstance, provider: Provider): Promise<void> {
  const callback = provider.callback();
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null));
    const handler = (
      request: { raw: IncomingMessage },
      reply: { hijack(): void; raw: ServerResponse },
    ) => {
      reply.hijack();
      const raw = request.raw as IncomingMessage & { originalUrl?: string };
      const url = raw.url ?? OP_MOUNT_PATH;
      raw.originalUrl = url;
      raw.url = url.slice(OP_MOUNT_PATH.length) || '/';
      void callback(raw, reply.raw);
    };
    // The provider's own forms (sign-out confirmation) and its token endpoint (called by the portal's
    // server) are 'form' routes: cross-site browser posts are refused.
    const config = { csrf: 'form' as const };
    scope.route({ method: ['GET', 'POST', 'OPTIONS'], url: OP_MOUNT_PATH, handler, config });
    scope.route({ method: ['GET', 'POST', 'OPTIONS'], url: `${OP_MOUNT_PATH}/*`, handler, config });
  });
}

/** Ends the provider's own session (and its grants) so that the next sign-in asks for the password. */
export async function endLocalProviderSession(
  provider: Provider,
  sessionId: string | undefined,
): Promise<void> {
  if (!sessionId) return;
  const session = await provider.Session.find(sessionId);
  if (!session) return;
  for (const { grantId } of Object.values(session.authorizations ?? {})) {
    if (grantId) {
      const grant = await provider.Grant.find(grantId);
      await grant?.destroy();
      await provider.AccessToken.adapter.revokeByGrantId(grantId);
    }
  }
  await session.destroy();
}
