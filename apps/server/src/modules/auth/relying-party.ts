// The OpenID Connect relying party for every sign-in provider (the built-in "local" one and those of
// config.externalProviders): authorization code + PKCE S256 + state + nonce, then a portal session.
import * as client from 'openid-client';
import type { AppContext } from '../../app-context.ts';
import { BadRequestError } from '../../http/errors.ts';
import { newToken } from '../../lib/ids.ts';
import {
  LOCAL_PROVIDER_ID,
  type AccountsService,
  type IdentityClaims,
} from './accounts.service.ts';
import { LOCAL_CLIENT_ID, LOCAL_SCOPE, localClientSecret, localIssuer } from './oidc-provider.ts';
import { createOidcTransactionsRepository } from './oidc-transactions.repository.ts';
import { defaultRedirectUrl, sanitizeRedirectUrl } from './redirect-url.ts';
import type { SessionsService } from './sessions.service.ts';

export const TRANSACTION_TTL_SECONDS = 600;

interface SignInProvider {
  id: string;
  issuer: string;
  clientId: string;
  clientSecret: string | undefined;
  scope: string;
}

export interface RelyingPartyDeps {
  ctx: AppContext;
  sessions: SessionsService;
  accounts: AccountsService;
}

export function createRelyingParty({ ctx, sessions, accounts }: RelyingPartyDeps) {
  const { config, clock } = ctx;
  const transactions = createOidcTransactionsRepository(ctx.db);
  const providers = new Map<string, SignInProvider>([
    [
      LOCAL_PROVIDER_ID,
      {
        id: LOCAL_PROVIDER_ID,
        issuer: localIssuer(config),
        clientId: LOCAL_CLIENT_ID,
        clientSecret: localClientSecret(config),
        scope: LOCAL_SCOPE,
      },
    ],
    ...config.externalProviders.map(
      (p) =>
        [
          p.id,
          {
            id: p.id,
            issuer: p.issuer,
            clientId: p.clientId,
            clientSecret: p.clientSecret,
            scope: p.scopes,
          },
        ] as const,
    ),
  ]);
  // Discovery runs on first use (the built-in provider is reached over HTTP at publicUrl, which is
  // only listening once the server is up) and is cached; a failure is retried on the next sign-in.
  const configurations = new Map<string, Promise<client.Configuration>>();

  function configurationFor(provider: SignInProvider): Promise<client.Configuration> {
    let pending = configurations.get(provider.id);
    if (!pending) {
      const issuer = new URL(provider.issuer);
      // Plain http only where the portal itself runs on http (local installs, tests) or outside production.
      const insecure =
        issuer.protocol === 'http:' &&
        (provider.id === LOCAL_PROVIDER_ID || config.env !== 'production');
      pending = client
        .discovery(
          issuer,
          provider.clientId,
          undefined,
          provider.clientSecret ? client.ClientSecretBasic(provider.clientSecret) : client.None(),
          insecure ? { execute: [client.allowInsecureRequests] } : undefined,
        )
        .catch((error: unknown) => {
          configurations.delete(provider.id);
          throw error;
        });
      configurations.set(provider.id, pending);
    }
    return pending;
  }

  function providerById(id: string): SignInProvider {
    const provider = providers.get(id);
    if (!provider)
      throw new BadRequestError('unknown_provider', `Unknown sign-in provider "${id}".`);
    return provider;
  }

  async function claimsOf(
    configuration: client.Configuration,
    tokens: client.TokenEndpointResponse & client.TokenEndpointResponseHelpers,
  ): Promise<IdentityClaims> {
    const idClaims = tokens.claims();
    if (!idClaims)
      throw new BadRequestError('login_failed', 'The sign-in provider did not return an ID token.');
    let claims: IdentityClaims = { ...idClaims, sub: idClaims.sub };
    // Some providers put e-mail and names only in userinfo.
    if (
      claims.email === undefined &&
      tokens.access_token &&
      configuration.serverMetadata().userinfo_endpoint
    ) {
      const userinfo = await client.fetchUserInfo(configuration, tokens.access_token, idClaims.sub);
      claims = { ...userinfo, ...claims, email: userinfo.email };
    }
    return claims;
  }

  return {
    /** Throws a 400 for a provider that is not configured (allow-list). */
    assertProvider(id: string): void {
      providerById(id);
    },

    async startLogin(input: {
      providerId: string;
      redirectUrl: unknown;
      /** A first screen for the built-in provider (`register`); other providers never receive it. */
      screen?: string;
    }): Promise<{ transactionId: string; authorizationUrl: string }> {
      const provider = providerById(input.providerId);
      const configuration = await configurationFor(provider);
      const codeVerifier = client.randomPKCECodeVerifier();
      const state = client.randomState();
      const nonce = client.randomNonce();
      const now = clock.now();
      const transactionId = newToken();
      await transactions.insert({
        id: transactionId,
        provider: provider.id,
        state,
        nonce,
        codeVerifier,
        redirectUrl: sanitizeRedirectUrl(input.redirectUrl, config.publicUrl),
        created: now.toISOString(),
        expires: new Date(now.getTime() + TRANSACTION_TTL_SECONDS * 1000).toISOString(),
      });
      const authorizationUrl = client.buildAuthorizationUrl(configuration, {
        redirect_uri: `${config.publicUrl}/oidc/callback`,
        scope: provider.scope,
        code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
        state,
        nonce,
        ...(input.screen && provider.id === LOCAL_PROVIDER_ID ? { screen: input.screen } : {}),
      });
      return { transactionId, authorizationUrl: authorizationUrl.href };
    },

    /** Completes the code flow and opens a portal session; answers the cookie token and where to go. */
    async finishLogin(input: {
      transactionId: string | undefined;
      callbackUrl: URL;
      host: string | undefined;
    }) {
      const transaction = input.transactionId
        ? await transactions.consume(input.transactionId)
        : undefined;
      const now = clock.now();
      if (!transaction || Date.parse(transaction.expires) <= now.getTime()) {
        throw new BadRequestError(
          'login_transaction_missing',
          'The sign-in took too long or was started in another window. Please sign in again.',
        );
      }
      const provider = providerById(transaction.provider);
      const configuration = await configurationFor(provider);
      let tokens: client.TokenEndpointResponse & client.TokenEndpointResponseHelpers;
      try {
        tokens = await client.authorizationCodeGrant(configuration, input.callbackUrl, {
          pkceCodeVerifier: transaction.codeVerifier,
          expectedState: transaction.state,
          expectedNonce: transaction.nonce,
          idTokenExpected: true,
        });
      } catch (error) {
        ctx.log.warn({ err: error, provider: provider.id }, 'sign-in callback rejected');
        throw new BadRequestError(
          'login_failed',
          'The sign-in could not be completed. Please try again.',
        );
      }
      const user = await accounts.userForIdentity(
        provider.id,
        await claimsOf(configuration, tokens),
        input.host,
      );
      const session = await sessions.create({
        userId: user.id,
        tenantId: user.tenantId,
        provider: provider.id,
        idToken: tokens.id_token ?? null,
      });
      // Housekeeping rides on sign-in, which is rare compared with API calls.
      await Promise.all([
        sessions.deleteExpired(),
        transactions.deleteExpired(now.toISOString()),
        accounts.deleteStaleThrottles(),
      ]);
      const target = new URL(`${config.publicUrl}/learn/login-callback`);
      target.searchParams.set('redirectUrl', transaction.redirectUrl);
      target.searchParams.set('provider', provider.id);
      return { token: session.token, redirectTo: target.href };
    },

    /** Ends the portal session and answers where the browser goes: the provider's logout or the client root. */
    async logout(sessionToken: string | undefined): Promise<string> {
      const fallback = defaultRedirectUrl(config.publicUrl);
      const session = sessionToken ? await sessions.end(sessionToken) : undefined;
      const provider = session ? providers.get(session.provider) : undefined;
      if (!session || !provider) return fallback;
      try {
        const configuration = await configurationFor(provider);
        if (!configuration.serverMetadata().end_session_endpoint) return fallback;
        return client.buildEndSessionUrl(configuration, {
          post_logout_redirect_uri: fallback,
          ...(session.idToken ? { id_token_hint: session.idToken } : {}),
        }).href;
      } catch (error) {
        ctx.log.warn(
          { err: error, provider: provider.id },
          'provider discovery failed during sign-out',
        );
        return fallback;
      }
    },

    /**
     * Where the login transaction whose state the built-in provider received leads, with selfRegistered=1 (the
     * client greets the new account, spec §4): kept with a registration that waits for its e-mail confirmation,
     * so that the sign-in after it lands where the registration was going.
     */
    async selfRegisteredRedirectOf(state: unknown): Promise<string | null> {
      if (typeof state !== 'string' || !state) return null;
      const transaction = await transactions.findByState(state);
      if (!transaction) return null;
      const url = new URL(transaction.redirectUrl);
      url.searchParams.set('selfRegistered', '1');
      return url.href;
    },
  };
}

export type RelyingParty = ReturnType<typeof createRelyingParty>;
