// Sign-in helpers for tests: a real session row for a user (signInAs), a test app listening on a real
// port (the relying party reaches the built-in provider over HTTP), and a tiny cookie-keeping browser.
import { createServer } from 'node:net';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { DialectName } from '../db/dialect.ts';
import { findUserById } from '../modules/identity/identity.repository.ts';
import { createSessionsService, sessionCookieName } from '../modules/auth/sessions.service.ts';
import { createTestApp, type TestApp } from './test-app.ts';
import type { BuildAppOptions } from '../app.ts';
import type { AppConfig } from '../config.ts';

/** Creates a session for the user through the sessions service; answers a `cookie` header value. */
export async function signInAs(
  testApp: Pick<TestApp, 'ctx'>,
  userId: string,
  provider = 'local',
): Promise<string> {
  const { ctx } = testApp;
  const user = await findUserById(ctx.db, userId);
  if (!user) throw new Error(`signInAs: no user ${userId}`);
  const sessions = createSessionsService({ db: ctx.db, clock: ctx.clock, config: ctx.config });
  const { token } = await sessions.create({
    userId,
    tenantId: user.tenantId,
    provider,
    idToken: null,
  });
  return `${sessionCookieName(ctx.config)}=${token}`;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}

export interface ListeningTestApp extends TestApp {
  baseUrl: string;
}

/** The real app on a fresh database, listening on 127.0.0.1 with publicUrl set to that address. */
export async function createListeningTestApp(
  dialect: DialectName,
  options: BuildAppOptions & {
    config?: Partial<AppConfig> | ((baseUrl: string) => Partial<AppConfig>);
  } = {},
): Promise<ListeningTestApp> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const overrides = typeof options.config === 'function' ? options.config(baseUrl) : options.config;
  const testApp = await createTestApp(dialect, {
    ...options,
    config: { ...overrides, publicUrl: baseUrl, port },
  });
  await testApp.app.listen({ host: '127.0.0.1', port });
  return Object.assign(testApp, { baseUrl });
}

export interface BrowserResponse {
  status: number;
  url: string;
  location: string | null;
  body: string;
  setCookies: string[];
}

/** fetch with manual redirects and a cookie jar keyed by name (enough for one host in tests). */
export function createBrowser(options: { acceptLanguage?: string } = {}) {
  const jar = new Map<string, string>();

  function store(setCookies: string[]) {
    for (const line of setCookies) {
      const [pair = '', ...attributes] = line.split(';');
      const index = pair.indexOf('=');
      const name = pair.slice(0, index).trim();
      const value = pair.slice(index + 1).trim();
      const expired = attributes.some(
        (a) => /^\s*max-age=0\s*$/i.test(a) || /expires=thu, 01 jan 1970/i.test(a),
      );
      if (expired || value === '') jar.delete(name);
      else jar.set(name, value);
    }
  }

  async function request(
    url: string,
    init: { method?: string; form?: Record<string, string>; headers?: Record<string, string> } = {},
  ): Promise<BrowserResponse> {
    const headers: Record<string, string> = { ...init.headers };
    if (jar.size > 0)
      headers.cookie = [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
    if (options.acceptLanguage) headers['accept-language'] = options.acceptLanguage;
    let body: string | undefined;
    if (init.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(init.form).toString();
    }
    const response = await fetch(url, {
      method: init.method ?? (init.form ? 'POST' : 'GET'),
      headers,
      body,
      redirect: 'manual',
    });
    const setCookies = response.headers.getSetCookie();
    store(setCookies);
    const location = response.headers.get('location');
    return {
      status: response.status,
      url,
      location: location ? new URL(location, url).href : null,
      body: await response.text(),
      setCookies,
    };
  }

  return {
    jar,
    request,
    /** Follows redirects (GET) until a non-redirect answer or a URL for which `stop` says so. */
    async follow(
      url: string,
      stop: (url: string) => boolean = () => false,
    ): Promise<BrowserResponse & { visited: string[] }> {
      const visited: string[] = [];
      let current = url;
      for (let hops = 0; hops < 20; hops += 1) {
        visited.push(current);
        const response = await request(current);
        if (
          response.status < 300 ||
          response.status >= 400 ||
          !response.location ||
          stop(response.location)
        ) {
          return { ...response, visited };
        }
        current = response.location;
      }
      throw new Error(`Too many redirects from ${url}: ${visited.join(' -> ')}`);
    },
  };
}

export type Browser = ReturnType<typeof createBrowser>;

/** The action of the first form on a page (HTML-unescaped), resolved against the page URL. */
export function formAction(html: string, pageUrl: string): string {
  const match = /<form[^>]*action="([^"]+)"/.exec(html);
  if (!match?.[1]) throw new Error(`No form on ${pageUrl}`);
  return new URL(match[1].replace(/&amp;/g, '&'), pageUrl).href;
}

/**
 * Runs the whole browser sign-in against the built-in provider: /oidc/login → sign-in page → POST
 * credentials → /oidc/callback. Answers the final redirect (to /learn/login-callback).
 */
export async function signInThroughBrowser(
  browser: Browser,
  baseUrl: string,
  login: string,
  password: string,
  redirectUrl?: string,
) {
  const start = `${baseUrl}/oidc/login${redirectUrl === undefined ? '' : `?redirectUrl=${encodeURIComponent(redirectUrl)}`}`;
  const isClient = (url: string) => url.startsWith(`${baseUrl}/learn`);
  const page = await browser.follow(start, isClient);
  if (page.location && isClient(page.location)) return page;
  const posted = await browser.request(formAction(page.body, page.visited.at(-1) ?? start), {
    form: { login, password },
  });
  if (!posted.location) return { ...posted, visited: [] };
  return browser.follow(posted.location, isClient);
}

/** The confirmation link of the latest registration mail to `email` in the outbox (docs/decisions/0025). */
export async function confirmationLinkFor(
  db: Kysely<Database>,
  email: string,
): Promise<string | undefined> {
  const mails = await db
    .selectFrom('mailOutbox')
    .select('textBody')
    .where('template', '=', 'confirmRegistration')
    .where('toAddress', '=', email.toLowerCase())
    .orderBy('created')
    .orderBy('id')
    .execute();
  const text = mails.at(-1)?.textBody;
  return text && /https?:\/\/\S+\/oidc-op\/confirm-registration\?token=[\w-]+/.exec(text)?.[0];
}

/**
 * Opens a confirmation link and presses its button, as a person does: answers the page after the post (on
 * success "Your address is confirmed" with the sign-in link).
 */
export async function confirmRegistrationThroughBrowser(browser: Browser, link: string) {
  const page = await browser.request(link);
  if (page.status !== 200) return page;
  const token = /name="token" value="([^"]+)"/.exec(page.body)?.[1] ?? '';
  return browser.request(formAction(page.body, link), { form: { token } });
}

/** The href of the sign-in link on the confirmed page (HTML-unescaped, absolute). */
export function signInLinkOf(html: string, pageUrl: string): string {
  const match = /<a href="([^"]*\/oidc\/login[^"]*)"/.exec(html);
  if (!match?.[1]) throw new Error(`No sign-in link on ${pageUrl}`);
  return new URL(match[1].replace(/&amp;/g, '&'), pageUrl).href;
}
