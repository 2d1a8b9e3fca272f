// What the API client needs from the app (locale, session id, re-login), configured once at start.

export interface ClientEnvironment {
  /** Locale sent as Accept-Language. */
  getLocale(): string;
  /** Id of the client session record, sent as X-Session-Id. */
  getSessionId(): string | null;
  /** Called once per burst of 401s on non-public calls; resolves when the user is signed in again. */
  onUnauthorized(): Promise<void>;
  /** True on public pages (open catalog, public certificate), where 401s are not handled. */
  isPublicMode(): boolean;
}

let environment: ClientEnvironment = {
  getLocale: () => 'en-US',
  getSessionId: () => null,
  onUnauthorized: () => new Promise<void>(() => undefined),
  isPublicMode: () => false,
};

export function configureApiClient(env: Partial<ClientEnvironment>): void {
  environment = { ...environment, ...env };
}

export function getApiEnvironment(): ClientEnvironment {
  return environment;
}

/**
 * The headers every API call carries (spec §7): JSON content type, the X-Requested-With marker (the
 * server's CSRF check), Prefer, the session id and Accept-Language from the stored locale.
 */
export function apiHeaders(prefer: string): Record<string, string> {
  const headers: Record<string, string> = {
    accept: 'application/json',
    'content-type': 'application/json',
    'x-requested-with': 'XMLHttpRequest',
    'accept-language': environment.getLocale(),
    prefer,
  };
  const sessionId = environment.getSessionId();
  if (sessionId) headers['x-session-id'] = sessionId;
  return headers;
}

// One lock: concurrent 401s wait on the same re-login instead of each starting one.
let unauthorizedLock: Promise<void> | null = null;
export function waitForReLogin(): Promise<void> {
  unauthorizedLock ??= environment.onUnauthorized().finally(() => {
    unauthorizedLock = null;
  });
  return unauthorizedLock;
}
