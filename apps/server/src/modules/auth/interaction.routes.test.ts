// Self-registration and the localized sign-in pages of the built-in provider, over real HTTP.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, createUser } from '../identity/identity.repository.ts';
import { clientHeaders } from '../../test/test-app.ts';
import { testDialects } from '../../test/test-databases.ts';
import {
  confirmationLinkFor,
  confirmRegistrationThroughBrowser,
  createBrowser,
  createListeningTestApp,
  formAction,
  signInLinkOf,
  signInThroughBrowser,
  type Browser,
  type ListeningTestApp,
} from '../../test/sign-in.ts';

const CREATED = '2026-01-05T10:00:00.000Z';

describe.each(await testDialects())('built-in provider pages (%s)', (dialect) => {
  let testApp: ListeningTestApp;
  let defaultTenantId: string;

  beforeAll(async () => {
    testApp = await createListeningTestApp(dialect);
    // The oldest tenant is where self-registered learners go (no tenant has the host 127.0.0.1).
    defaultTenantId = (
      await createTenant(testApp.ctx.db, {
        name: 'Northwind Academy',
        domain: 'northwind.test',
        created: CREATED,
      })
    ).id;
    await createTenant(testApp.ctx.db, {
      name: 'Later Tenant',
      domain: 'later.test',
      created: '2026-02-01T00:00:00.000Z',
    });
    await createUser(testApp.ctx.db, {
      tenantId: defaultTenantId,
      email: 'taken@example.com',
      firstName: 'Tak',
      lastName: 'En',
      roles: ['Learner'],
      created: CREATED,
    });
  });

  afterAll(async () => {
    await testApp.close();
  });

  async function openRegistration(browser: Browser, redirectUrl?: string) {
    const query = redirectUrl ? `?redirectUrl=${encodeURIComponent(redirectUrl)}` : '';
    const signIn = await browser.follow(`${testApp.baseUrl}/oidc/login${query}`);
    const link = /href="([^"]+\/register)"/.exec(signIn.body)?.[1];
    expect(link).toBeDefined();
    const page = await browser.request(new URL(link!, testApp.baseUrl).href);
    expect(page.status).toBe(200);
    return page;
  }

  it('explains every invalid field and links each error to its input', async () => {
    const browser = createBrowser();
    const page = await openRegistration(browser);
    const posted = await browser.request(formAction(page.body, page.url), {
      form: {
        firstName: ' ',
        lastName: 'L'.repeat(201),
        email: 'not-an-email',
        password: 'short',
        confirmPassword: 'other',
      },
    });
    expect(posted.status).toBe(400);
    expect(posted.body).toContain('role="alert"');
    expect(posted.body).toContain('Enter your first name.');
    expect(posted.body).toContain('Use at most 200 characters.');
    expect(posted.body).toContain('Enter a valid e-mail address, like name@example.com.');
    expect(posted.body).toContain('Use at least 8 characters.');
    expect(posted.body).toContain('The passwords do not match.');
    expect(posted.body).toMatch(
      /id="email"[^>]*aria-describedby="email-error"[^>]*aria-invalid="true"/,
    );
    expect(posted.body).toContain('value="not-an-email"');
    expect(posted.body).not.toContain('value="short"');
  });

  it('answers an e-mail that already has an account with "check your e-mail", and says why only in the mail', async () => {
    const register = async (email: string) => {
      const browser = createBrowser();
      const page = await openRegistration(browser);
      return browser.request(formAction(page.body, page.url), {
        form: {
          firstName: 'Someone',
          lastName: 'Else',
          email,
          password: 'Password123',
          confirmPassword: 'Password123',
        },
      });
    };
    const posted = await register('Taken@Example.com');
    expect(posted.status).toBe(200);
    expect(posted.body).toContain('Check your e-mail');
    expect(posted.body).toContain('We&#39;ve sent an e-mail to the address you entered.');
    expect(posted.body).not.toMatch(/already|exists|cannot be created/i);
    expect(posted.setCookies.some((cookie) => cookie.startsWith('sid='))).toBe(false);
    // The same page, byte for byte but the CSP nonce, for another existing address.
    await createUser(testApp.ctx.db, {
      tenantId: defaultTenantId,
      email: 'also-taken@example.com',
      firstName: 'Al',
      lastName: 'So',
      roles: ['Learner'],
      created: CREATED,
    });
    const other = await register('also-taken@example.com');
    const withoutNonce = (html: string) => html.replace(/nonce="[^"]*"/g, '');
    expect(other.status).toBe(200);
    expect(withoutNonce(other.body)).toBe(withoutNonce(posted.body));

    const mails = await testApp.ctx.db
      .selectFrom('mailOutbox')
      .selectAll()
      .where('template', '=', 'accountExists')
      .orderBy('created')
      .execute();
    expect(mails.map((mail) => mail.toAddress).sort()).toEqual([
      'also-taken@example.com',
      'taken@example.com',
    ]);
    const mail = mails.find((row) => row.toAddress === 'taken@example.com')!;
    expect(mail.status).toBe('pending');
    expect(mail.subject).toBe('You already have an account | Learner portal');
    expect(mail.textBody).toContain('Hello Tak,');
    expect(mail.textBody).toContain(`${testApp.baseUrl}/oidc-op/forgot-password`);
    expect(mail.htmlBody).toContain('<bdi>Tak</bdi>');
  });

  it('creates a learner in the default tenant once the address is confirmed, and flags the sign-in after it with selfRegistered=1', async () => {
    const browser = createBrowser();
    const page = await openRegistration(
      browser,
      '/learn/catalog?objectiveId=o-1&occflow=addToMyCourses',
    );
    const posted = await browser.request(formAction(page.body, page.url), {
      form: {
        firstName: 'Mary',
        lastName: 'Jackson',
        email: 'Mary.Jackson@example.com',
        password: 'Password123',
        confirmPassword: 'Password123',
      },
    });
    expect(posted.status).toBe(200);
    expect(posted.body).toContain('Check your e-mail');
    const link = await confirmationLinkFor(testApp.ctx.db, 'mary.jackson@example.com');
    expect(link).toBeDefined();
    const confirmed = await confirmRegistrationThroughBrowser(browser, link!);
    expect(confirmed.status).toBe(200);
    const signInLink = signInLinkOf(confirmed.body, link!);
    const done = await signInThroughBrowser(
      browser,
      testApp.baseUrl,
      'mary.jackson@example.com',
      'Password123',
      new URL(signInLink).searchParams.get('redirectUrl') ?? undefined,
    );
    const redirectUrl = new URL(new URL(done.location!).searchParams.get('redirectUrl')!);
    expect(redirectUrl.pathname).toBe('/learn/catalog');
    expect(redirectUrl.searchParams.get('selfRegistered')).toBe('1');
    expect(redirectUrl.searchParams.get('objectiveId')).toBe('o-1');
    expect(redirectUrl.searchParams.get('occflow')).toBe('addToMyCourses');

    const me = await fetch(`${testApp.baseUrl}/api/platform/v1/users/me`, {
      headers: clientHeaders(`sid=${browser.jar.get('sid')}`),
    });
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({
      email: 'mary.jackson@example.com',
      first_name: 'Mary',
      last_name: 'Jackson',
      tenant_id: defaultTenantId,
      roles: ['Learner'],
    });
    const stored = await testApp.ctx.db
      .selectFrom('users')
      .select('passwordHash')
      .where('email', '=', 'mary.jackson@example.com')
      .executeTakeFirstOrThrow();
    expect(stored.passwordHash).toMatch(/^scrypt\$/);
  });

  it('a plain sign-in does not carry selfRegistered', async () => {
    const browser = createBrowser();
    const page = await browser.follow(
      `${testApp.baseUrl}/oidc/login?redirectUrl=%2Flearn%2Fcourses`,
    );
    const posted = await browser.request(formAction(page.body, page.visited.at(-1)!), {
      form: { login: 'mary.jackson@example.com', password: 'Password123' },
    });
    const done = await browser.follow(posted.location!, (url) =>
      url.includes('/learn/login-callback'),
    );
    expect(new URL(done.location!).searchParams.get('redirectUrl')).toBe(
      `${testApp.baseUrl}/learn/courses`,
    );
  });

  it.each([
    ['de-DE,de;q=0.9', undefined, 'de-DE', 'ltr', 'Anmelden'],
    ['fr-CH', undefined, 'fr-FR', 'ltr', 'Se connecter'],
    ['es', undefined, 'es-ES', 'ltr', 'Iniciar sesión'],
    ['ar', undefined, 'ar-AR', 'rtl', 'تسجيل الدخول'],
    ['ja-JP', undefined, 'ja-JP', 'ltr', 'ログイン'],
    ['my', undefined, 'my-MM', 'ltr', 'လက်မှတ်ထိုးဝင်ရန်'],
    ['xx-YY', undefined, 'en-US', 'ltr', 'Sign in'],
    ['de-DE', 'es-ES', 'es-ES', 'ltr', 'Iniciar sesión'],
  ])(
    'speaks %s (locale cookie %s) as %s',
    async (acceptLanguage, localeCookie, lang, dir, heading) => {
      const browser = createBrowser({ acceptLanguage });
      if (localeCookie) browser.jar.set('locale', localeCookie);
      const page = await browser.follow(`${testApp.baseUrl}/oidc/login`);
      expect(page.status).toBe(200);
      expect(page.body).toContain(`<html lang="${lang}" dir="${dir}">`);
      expect(page.body).toContain(`<h1>${heading}</h1>`);
      expect(page.body).toMatch(/<label for="login">/);
      expect(page.body).toMatch(/<label for="password">/);
    },
  );

  it('an unknown or foreign interaction shows the expired page instead of a form', async () => {
    const response = await fetch(`${testApp.baseUrl}/oidc-op/interaction/not-a-real-uid`);
    expect(response.status).toBe(400);
    expect(await response.text()).toContain('This sign-in page has expired');
    const post = await fetch(`${testApp.baseUrl}/oidc-op/interaction/not-a-real-uid/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'login=a&password=b',
    });
    expect(post.status).toBe(400);
  });

  it('publishes discovery metadata under the mounted issuer', async () => {
    const response = await fetch(`${testApp.baseUrl}/oidc-op/.well-known/openid-configuration`);
    expect(response.status).toBe(200);
    const metadata = (await response.json()) as Record<string, unknown>;
    expect(metadata.issuer).toBe(`${testApp.baseUrl}/oidc-op`);
    expect(metadata.authorization_endpoint).toBe(`${testApp.baseUrl}/oidc-op/auth`);
    expect(metadata.end_session_endpoint).toBe(`${testApp.baseUrl}/oidc-op/session/end`);
    expect(metadata.code_challenge_methods_supported).toEqual(['S256']);
  });
});
