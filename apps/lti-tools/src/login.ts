// OIDC third-party initiated login: checks the platform's parameters, remembers state and nonce, builds the auth request.
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { PlatformRegistration } from './config.ts';
import { ExpiringStore } from './memory-store.ts';

export const STATE_TTL_MS = 5 * 60 * 1000;
const MAX_PENDING_LOGINS = 10_000;

/** A login waiting for its launch: what the launch must match. */
export interface PendingLogin {
  platform: PlatformRegistration;
  nonce: string;
  targetLinkUri: string;
  /** Random value of the state cookie: proves the launch comes back to the browser that logged in. */
  browserBinding: string;
}

export class LoginError extends Error {}

export function stateCookieName(state: string): string {
  return `lti_state_${state}`;
}

function random(): string {
  return randomBytes(32).toString('base64url');
}

export function sameSecret(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

function param(params: Record<string, unknown>, name: string): string | undefined {
  const value = params[name];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** The target must be this tool (same origin, under its path): never an open redirect. */
export function isOwnUrl(candidate: string, publicUrl: string): boolean {
  let url: URL;
  try {
    url = new URL(candidate);
  } catch {
    return false;
  }
  const own = new URL(publicUrl);
  const ownPath = own.pathname.replace(/\/+$/, '');
  return (
    url.origin === own.origin &&
    !url.username &&
    !url.password &&
    (url.pathname === ownPath || url.pathname.startsWith(`${ownPath}/`))
  );
}

function findPlatform(
  platforms: PlatformRegistration[],
  issuer: string | undefined,
  clientId: string | undefined,
): PlatformRegistration {
  if (!issuer) throw new LoginError('The login request names no platform (iss).');
  const ofIssuer = platforms.filter((platform) => platform.issuer === issuer);
  if (ofIssuer.length === 0)
    throw new LoginError('The platform (iss) is not registered with this tool.');
  if (!clientId) throw new LoginError('The login request names no client id (client_id).');
  const platform = ofIssuer.find((candidate) => candidate.clientId === clientId);
  if (!platform)
    throw new LoginError('The client id (client_id) is not registered for this platform.');
  return platform;
}

export interface LoginStart {
  state: string;
  redirectUrl: string;
  browserBinding: string;
}

export class LoginFlow {
  private readonly pending = new ExpiringStore<PendingLogin>(STATE_TTL_MS, MAX_PENDING_LOGINS);

  constructor(
    private readonly platforms: PlatformRegistration[],
    private readonly publicUrl: string,
  ) {}

  get redirectUri(): string {
    return `${this.publicUrl}/launch`;
  }

  start(params: Record<string, unknown>): LoginStart {
    const platform = findPlatform(this.platforms, param(params, 'iss'), param(params, 'client_id'));
    const loginHint = param(params, 'login_hint');
    if (!loginHint) throw new LoginError('The login request has no login hint (login_hint).');
    const targetLinkUri = param(params, 'target_link_uri');
    if (!targetLinkUri || !isOwnUrl(targetLinkUri, this.publicUrl)) {
      throw new LoginError('The launch target (target_link_uri) is not an address of this tool.');
    }
    const deploymentId = param(params, 'lti_deployment_id');
    if (deploymentId !== undefined && deploymentId !== platform.deploymentId) {
      throw new LoginError('The deployment (lti_deployment_id) is not registered with this tool.');
    }
    const state = random();
    const login: PendingLogin = {
      platform,
      nonce: random(),
      targetLinkUri,
      browserBinding: random(),
    };
    this.pending.set(state, login);
    return {
      state,
      browserBinding: login.browserBinding,
      redirectUrl: this.authenticationRequest(platform, loginHint, params, state, login.nonce),
    };
  }

  private authenticationRequest(
    platform: PlatformRegistration,
    loginHint: string,
    params: Record<string, unknown>,
    state: string,
    nonce: string,
  ): string {
    const url = new URL(platform.authorizationEndpoint);
    const query = url.searchParams;
    query.set('scope', 'openid');
    query.set('response_type', 'id_token');
    query.set('response_mode', 'form_post');
    query.set('prompt', 'none');
    query.set('client_id', platform.clientId);
    query.set('redirect_uri', this.redirectUri);
    query.set('login_hint', loginHint);
    const messageHint = params.lti_message_hint;
    if (typeof messageHint === 'string') query.set('lti_message_hint', messageHint);
    query.set('nonce', nonce);
    query.set('state', state);
    return url.toString();
  }

  /**
   * Takes the pending login of a state when the browser carries its cookie. Taking it consumes the state (and
   * with it the nonce), so one login admits one launch; a request without the cookie leaves it in place.
   */
  take(state: string, cookieValue: string | undefined): PendingLogin | 'unknown' | 'no-cookie' {
    const login = this.pending.get(state);
    if (!login) return 'unknown';
    if (!cookieValue || !sameSecret(cookieValue, login.browserBinding)) return 'no-cookie';
    this.pending.take(state);
    return login;
  }
}
