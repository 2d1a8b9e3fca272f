// The full browser sign-in through the built-in provider, over real HTTP, on every dialect.
import { afterAll, beforeAll, beforeEach, describe, expect, it, onTestFinished } from 'vitest';
import { createTenant, createUser } from '../modules/identity/identity.repository.ts';
import { hashPassword } from '../lib/password.ts';
import { clientHeaders } from './test-app.ts';
import { testDialects } from './test-databases.ts';
import {
  createBrowser,
  createListeningTestApp,
  formAction,
  signInAs,
  signInThroughBrowser,
  type ListeningTestApp,
} from './sign-in.ts';

const CREATED = '2026-01-05T10:00:00.000Z';

describe.each(await testDialects())(
  'browser sign-in with the built-in provider (%s)',
  (dialect) => {
    let testApp: ListeningTestApp;
    let userId: string;
    // The system clock, which a test may stop so that timing on a busy machine cannot change its outcome.
    let stoppedAt: Date | null = null;
    const clock = { now: () => new Date(stoppedAt ?? Date.now()) };

    beforeAll(async () => {
      testApp = await createListeningTestApp(dialect, { clock });
      const tenant = await createTenant(testApp.ctx.db, {
        name: 'Northwind Academy',
        domain: 'northwind.test',
        created: CREATED,
      });
      const user = await createUser(testApp.ctx.db, {
        tenantId: tenant.id,
        email: 'ada@example.com',
        firstName: 'Ada',
        lastName: 'Lovelace',
        passwordHash: await hashPassword('Learner123!'),
        roles: ['Learner'],
        created: CREATED,
      });
      userId = user.id;
    });

    afterAll(async () => {
      await testApp.close();
    });

    // Each test starts with no failed sign-ins on record (the throttle counts per login).
    beforeEach(async () => {
      await testApp.ctx.db.deleteFrom('signInThrottles').execute();
    });

    async function me(cookie: string) {
      return fetch(`${testApp.baseUrl}/api/platform/v1/users/me`, {
        headers: clientHeaders(cookie),
      });
    }

    it('signs in with e-mail and password, lands on /learn/login-callback and gets the current user', async () => {
      const browser = createBrowser();
      const start = await browser.follow(
        `${testApp.baseUrl}/oidc/login?redirectUrl=${encodeURIComponent('/learn/courses?objectiveId=abc')}`,
      );
      expect(start.status).toBe(200);
      expect(start.body).toContain('<h1>Sign in</h1>');
      expect(start.body).toContain('lang="en-US"');
      expect(browser.jar.has('oidc_tx')).toBe(true);

      const posted = await browser.request(formAction(start.body, start.visited.at(-1)!), {
        form: { login: 'ADA@example.com', password: 'Learner123!' },
      });
      expect(posted.status).toBe(303);
      const done = await browser.follow(posted.location!, (url) =>
        url.includes('/learn/login-callback'),
      );
      expect(done.visited.some((url) => url.startsWith(`${testApp.baseUrl}/oidc/callback?`))).toBe(
        true,
      );
      const target = new URL(done.location!);
      expect(target.pathname).toBe('/learn/login-callback');
      expect(target.searchParams.get('provider')).toBe('local');
      expect(target.searchParams.get('redirectUrl')).toBe(
        `${testApp.baseUrl}/learn/courses?objectiveId=abc`,
      );

      const sessionCookie = done.setCookies.find((c) => c.startsWith('sid='));
      expect(sessionCookie).toMatch(/HttpOnly/i);
      expect(sessionCookie).toMatch(/SameSite=Lax/i);
      expect(sessionCookie).toMatch(/Path=\//);
      expect(sessionCookie).not.toMatch(/Secure/i);
      expect(browser.jar.has('oidc_tx')).toBe(false);

      const response = await me(`sid=${browser.jar.get('sid')}`);
      expect(response.status).toBe(200);
      const body = (await response.json()) as {
        id: string;
        email: string;
        name: string;
        roles: string[];
      };
      expect(body).toMatchObject({
        id: userId,
        email: 'ada@example.com',
        name: 'Ada Lovelace',
        roles: ['Learner'],
      });
    });

    it('keeps the e-mail/password error generic and does not sign in', async () => {
      const browser = createBrowser();
      const start = await browser.follow(`${testApp.baseUrl}/oidc/login`);
      for (const form of [
        { login: 'ada@example.com', password: 'wrong-password' },
        { login: 'nobody@example.com', password: 'Learner123!' },
      ]) {
        const posted = await browser.request(formAction(start.body, start.visited.at(-1)!), {
          form,
        });
        expect(posted.status).toBe(400);
        expect(posted.body).toContain('The e-mail or password is incorrect.');
        expect(posted.body).toContain('aria-describedby="signin-error"');
      }
      expect(browser.jar.has('sid')).toBe(false);
    });

    it('throttles password guesses per account, whatever address they claim to come from', async () => {
      const browser = createBrowser();
      const start = await browser.follow(`${testApp.baseUrl}/oidc/login`);
      const action = formAction(start.body, start.visited.at(-1)!);
      const guess = (login: string, attempt: number) =>
        browser.request(action, {
          form: { login, password: `wrong-password-${attempt}` },
          // A rotating address header must not help: proxies are not trusted unless configured.
          headers: { 'x-forwarded-for': `203.0.113.${attempt}` },
        });
      // Time stands still, so the 1 s delay after the third failure cannot run out between slow requests.
      stoppedAt = new Date();
      onTestFinished(() => {
        stoppedAt = null;
      });
      const answers = [];
      for (let attempt = 0; attempt < 5; attempt += 1)
        answers.push(await guess('ada@example.com', attempt));
      expect(answers.map((a) => a.status)).toEqual([400, 400, 400, 429, 429]);
      expect(answers[3]!.body).toContain('Too many attempts in a row.');
      // An unknown login is throttled in exactly the same way: nothing tells them apart.
      const unknown = [];
      for (let attempt = 0; attempt < 5; attempt += 1)
        unknown.push(await guess('nobody@example.com', attempt));
      expect(unknown.map((a) => a.status)).toEqual([400, 400, 400, 429, 429]);
      // Another account is not blocked by the first one's failures.
      const other = await browser.request(action, {
        form: { login: 'other@example.com', password: 'wrong-password' },
      });
      expect(other.status).toBe(400);
      // The right password waits too while the delay runs: it is not even checked.
      const right = await browser.request(action, {
        form: { login: 'ada@example.com', password: 'Learner123!' },
      });
      expect(right.status).toBe(429);
    });

    it('a second callback with the same transaction is refused (one-time transaction)', async () => {
      const browser = createBrowser();
      const done = await signInThroughBrowser(
        browser,
        testApp.baseUrl,
        'ada@example.com',
        'Learner123!',
      );
      const callback = done.visited.find((url) =>
        url.startsWith(`${testApp.baseUrl}/oidc/callback?`),
      )!;
      expect(callback).toBeDefined();
      const replay = await browser.request(callback);
      expect(replay.status).toBe(400);
      expect(replay.body).toContain('Something went wrong');
    });

    it('signs out by POST only: a GET asks, another site cannot, the old cookie is refused and the next sign-in asks for the password again', async () => {
      const browser = createBrowser();
      await signInThroughBrowser(browser, testApp.baseUrl, 'ada@example.com', 'Learner123!');
      const oldCookie = `sid=${browser.jar.get('sid')}`;
      expect((await me(oldCookie)).status).toBe(200);

      // A link (or an image) that GETs the sign-out URL only shows a question.
      const question = await browser.request(`${testApp.baseUrl}/oidc/logout`);
      expect(question.status).toBe(200);
      expect(question.body).toContain('<h1>Sign out</h1>');
      expect((await me(oldCookie)).status).toBe(200);
      const token = /name="token" value="([^"]+)"/.exec(question.body)![1]!;

      // Another site's form post is refused: by the browser's own marks, and without the page's token.
      const crossSite = await browser.request(`${testApp.baseUrl}/oidc/logout`, {
        form: { token },
        headers: { origin: 'http://evil.example', 'sec-fetch-site': 'cross-site' },
      });
      expect(crossSite.status).toBe(403);
      const withoutToken = await browser.request(`${testApp.baseUrl}/oidc/logout`, {
        form: { token: 'forged' },
      });
      expect(withoutToken.status).toBe(403);
      expect((await me(oldCookie)).status).toBe(200);

      const logout = await browser.request(formAction(question.body, question.url), {
        form: { token },
      });
      expect(logout.status).toBe(303);
      const endSession = new URL(logout.location!);
      expect(endSession.pathname).toBe('/oidc-op/session/end');
      expect(endSession.searchParams.get('post_logout_redirect_uri')).toBe(
        `${testApp.baseUrl}/learn`,
      );
      expect(endSession.searchParams.get('id_token_hint')).toBeTruthy();
      expect(logout.setCookies.some((c) => /^sid=;/.test(c))).toBe(true);
      expect((await me(oldCookie)).status).toBe(401);

      // The provider's end-session step completes back at the client root.
      const endPage = await browser.request(logout.location!);
      expect(endPage.status).toBe(200);
      const confirmed = await browser.request(formAction(endPage.body, logout.location!), {
        form: { xsrf: /name="xsrf" value="([^"]+)"/.exec(endPage.body)![1]!, logout: 'yes' },
      });
      expect(confirmed.location).toBe(`${testApp.baseUrl}/learn`);

      const again = await browser.follow(`${testApp.baseUrl}/oidc/login`);
      expect(again.status).toBe(200);
      expect(again.body).toContain('<h1>Sign in</h1>');
    });

    it('signs out from the web client with a POST that carries X-Requested-With', async () => {
      const browser = createBrowser();
      await signInThroughBrowser(browser, testApp.baseUrl, 'ada@example.com', 'Learner123!');
      const oldCookie = `sid=${browser.jar.get('sid')}`;
      const response = await browser.request(`${testApp.baseUrl}/oidc/logout`, {
        method: 'POST',
        headers: { 'x-requested-with': 'XMLHttpRequest', origin: testApp.baseUrl },
      });
      expect(response.status).toBe(200);
      expect(JSON.parse(response.body)).toMatchObject({
        redirectUrl: expect.stringContaining('/oidc-op/session/end'),
      });
      expect((await me(oldCookie)).status).toBe(401);
    });

    it('signInAs gives a working cookie for other tests', async () => {
      const cookie = await signInAs(testApp, userId);
      expect((await me(cookie)).status).toBe(200);
    });
  },
);
