// The relying party end to end: redirectUrl validation as seen after the callback, provider allow-list.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, createUser } from '../identity/identity.repository.ts';
import { hashPassword } from '../../lib/password.ts';
import { testDialects } from '../../test/test-databases.ts';
import {
  createBrowser,
  createListeningTestApp,
  signInThroughBrowser,
  type Browser,
  type ListeningTestApp,
} from '../../test/sign-in.ts';

const CREATED = '2026-01-05T10:00:00.000Z';

describe.each(await testDialects())(
  'relying party /oidc/login → /oidc/callback (%s)',
  (dialect) => {
    let testApp: ListeningTestApp;
    let browser: Browser;

    beforeAll(async () => {
      testApp = await createListeningTestApp(dialect);
      const tenant = await createTenant(testApp.ctx.db, {
        name: 'Northwind Academy',
        domain: 'northwind.test',
        created: CREATED,
      });
      await createUser(testApp.ctx.db, {
        tenantId: tenant.id,
        email: 'ada@example.com',
        firstName: 'Ada',
        lastName: 'Lovelace',
        passwordHash: await hashPassword('Learner123!'),
        roles: ['Learner'],
        created: CREATED,
      });
      browser = createBrowser();
      // Signed in once at the provider: later logins of this browser go straight to the callback.
      await signInThroughBrowser(browser, testApp.baseUrl, 'ada@example.com', 'Learner123!');
    });

    afterAll(async () => {
      await testApp.close();
    });

    async function finalRedirectUrl(redirectUrl: string | undefined): Promise<string | null> {
      const query =
        redirectUrl === undefined ? '' : `?redirectUrl=${encodeURIComponent(redirectUrl)}`;
      const done = await browser.follow(`${testApp.baseUrl}/oidc/login${query}`, (url) =>
        url.startsWith(`${testApp.baseUrl}/learn`),
      );
      expect(done.visited.some((url) => url.startsWith(`${testApp.baseUrl}/oidc/callback?`))).toBe(
        true,
      );
      const target = new URL(done.location!);
      expect(target.pathname).toBe('/learn/login-callback');
      return target.searchParams.get('redirectUrl');
    }

    it.each([
      ['/learn/courses', '/learn/courses'],
      [
        '/learn/courses/o-1/view/content?viewType=REVIEW#part',
        '/learn/courses/o-1/view/content?viewType=REVIEW#part',
      ],
      ['{base}/learn/profile', '/learn/profile'],
    ])('follows the same-origin target %s', async (input, expectedPath) => {
      const base = testApp.baseUrl;
      expect(await finalRedirectUrl(input.replace('{base}', base))).toBe(`${base}${expectedPath}`);
    });

    it.each([
      undefined,
      'https://evil.example/learn',
      '//evil.example',
      '/\\evil.example',
      '%2F%2Fevil.example',
      '/%5Cevil.example',
      'javascript:alert(1)',
      'JAVASCRIPT:alert(1)',
      'https://127.0.0.1:1/learn',
      ' /learn',
      'http://localhost/learn',
    ])('falls back to the client root for %j', async (input) => {
      expect(await finalRedirectUrl(input)).toBe(`${testApp.baseUrl}/learn`);
    });

    it('answers 400 for a provider that is not configured', async () => {
      const response = await fetch(`${testApp.baseUrl}/oidc/login?provider=evil`, {
        redirect: 'manual',
      });
      // A person followed the link: the answer is a page of the portal, not a JSON body.
      expect(response.status).toBe(400);
      expect(response.headers.get('content-type')).toContain('text/html');
      const body = await response.text();
      expect(body).toContain('<h1>Something went wrong</h1>');
      expect(body).toContain(`href="${testApp.baseUrl}/oidc/login"`);
    });

    it('a callback without the transaction cookie is refused', async () => {
      const response = await fetch(`${testApp.baseUrl}/oidc/callback?code=abc&state=def`, {
        redirect: 'manual',
      });
      expect(response.status).toBe(400);
      expect(response.headers.get('set-cookie') ?? '').not.toMatch(/(^|, )sid=[^;]/);
    });

    it('sends the transaction cookie HttpOnly, SameSite=Lax, scoped to /oidc and short-lived', async () => {
      const response = await fetch(`${testApp.baseUrl}/oidc/login`, { redirect: 'manual' });
      expect(response.status).toBe(302);
      const cookie = response.headers.getSetCookie().find((c) => c.startsWith('oidc_tx='));
      expect(cookie).toMatch(/HttpOnly/i);
      expect(cookie).toMatch(/SameSite=Lax/i);
      expect(cookie).toMatch(/Path=\/oidc/);
      expect(cookie).toMatch(/Max-Age=600/);
      const authorization = new URL(response.headers.get('location')!);
      expect(authorization.pathname).toBe('/oidc-op/auth');
      expect(authorization.searchParams.get('code_challenge_method')).toBe('S256');
      expect(authorization.searchParams.get('state')).toBeTruthy();
      expect(authorization.searchParams.get('nonce')).toBeTruthy();
      expect(authorization.searchParams.get('client_id')).toBe('learner-portal');
    });
  },
);
