// Registration confirmed by e-mail, over real HTTP on every dialect (docs/decisions/0025): a new address and an
// address with an account get the same page (byte for byte but the CSP nonce) and each its own mail; the account
// exists only once the mailed link is used, which works once; registering again resends a few links and never
// makes a second account; an unconfirmed registration cannot sign in. Expiry with an injected clock.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../lib/clock.ts';
import { hashPassword } from '../../lib/password.ts';
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
  type ListeningTestApp,
} from '../../test/sign-in.ts';
import {
  CONFIRMATION_MAILS_PER_HOUR,
  CONFIRMATION_TTL_MS,
  createRegistrationConfirmationService,
} from './registration-confirmation.ts';

const CREATED = '2026-01-05T10:00:00.000Z';
const PASSWORD = 'Password123';
const withoutNonce = (html: string) => html.replace(/nonce="[^"]*"/g, '');

describe.each(await testDialects())('registration confirmed by e-mail (%s)', (dialect) => {
  let testApp: ListeningTestApp;
  let tenantId: string;

  beforeAll(async () => {
    testApp = await createListeningTestApp(dialect);
    tenantId = (
      await createTenant(testApp.ctx.db, {
        name: 'Northwind Academy',
        domain: 'northwind.test',
        created: CREATED,
      })
    ).id;
    await createUser(testApp.ctx.db, {
      tenantId,
      email: 'taken@example.com',
      firstName: 'Tak',
      lastName: 'En',
      roles: ['Learner'],
      created: CREATED,
      passwordHash: await hashPassword('Taken-password-1'),
    });
  });

  afterAll(async () => {
    await testApp.close();
  });

  async function register(email: string, firstName = 'Mary', redirectUrl?: string) {
    const browser = createBrowser();
    const query = `?screen=register${redirectUrl ? `&redirectUrl=${encodeURIComponent(redirectUrl)}` : ''}`;
    const page = await browser.follow(`${testApp.baseUrl}/oidc/login${query}`);
    expect(page.status).toBe(200);
    const posted = await browser.request(formAction(page.body, page.visited.at(-1)!), {
      form: {
        firstName,
        lastName: 'Jackson',
        email,
        password: PASSWORD,
        confirmPassword: PASSWORD,
      },
    });
    return { browser, posted };
  }

  const usersWith = (email: string) =>
    testApp.ctx.db.selectFrom('users').select('id').where('email', '=', email).execute();
  const mails = (template: string, to: string) =>
    testApp.ctx.db
      .selectFrom('mailOutbox')
      .selectAll()
      .where('template', '=', template)
      .where('toAddress', '=', to)
      .execute();

  it('answers a new address exactly as one with an account, and mails each what applies', async () => {
    const fresh = await register('Mary.Jackson@example.com');
    const taken = await register('taken@example.com');
    expect(fresh.posted.status).toBe(200);
    expect(taken.posted.status).toBe(200);
    expect(fresh.posted.body).toContain('Check your e-mail');
    expect(withoutNonce(fresh.posted.body)).toBe(withoutNonce(taken.posted.body));
    for (const { posted } of [fresh, taken]) {
      expect(posted.setCookies.some((cookie) => cookie.startsWith('sid='))).toBe(false);
    }

    // No account before the confirmation; the owner of the taken address hears about it by mail.
    expect(await usersWith('mary.jackson@example.com')).toEqual([]);
    expect(await mails('accountExists', 'taken@example.com')).toHaveLength(1);
    expect(await mails('confirmRegistration', 'taken@example.com')).toHaveLength(0);
    const [mail] = await mails('confirmRegistration', 'mary.jackson@example.com');
    expect(mail).toBeDefined();
    expect(mail!.subject).toBe('Confirm your e-mail address | Learner portal');
    expect(mail!.textBody).toContain('Hello Mary,');
    expect(mail!.textBody).toContain('expires in 24 hours');
    expect(mail!.htmlBody).toContain('<bdi>Mary</bdi>');
    expect(mail!.htmlBody).toContain('/oidc-op/confirm-registration?token=');
    // Only the token's hash is stored.
    const token = /token=([\w-]+)/.exec(mail!.textBody)![1]!;
    const stored = await testApp.ctx.db
      .selectFrom('pendingRegistrations')
      .selectAll()
      .where('email', '=', 'mary.jackson@example.com')
      .execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]!.id).not.toContain(token);
    expect(stored[0]!.id).toMatch(/^[0-9a-f]{64}$/);
    expect(stored[0]!.passwordHash).toMatch(/^scrypt\$/);
  });

  it('refuses to sign in an unconfirmed registration like a wrong password', async () => {
    const browser = createBrowser();
    const done = await signInThroughBrowser(
      browser,
      testApp.baseUrl,
      'mary.jackson@example.com',
      PASSWORD,
    );
    expect(done.status).toBe(400);
    expect(done.body).toContain('The e-mail or password is incorrect.');
    expect(browser.jar.has('sid')).toBe(false);
  });

  it('confirms once with the link, then the account signs in and lands where the registration was going', async () => {
    await testApp.ctx.db.deleteFrom('pendingRegistrations').execute();
    const deepAction = '/learn/courses?occflow=addToMyCourses&objectiveId=o-1';
    await register('dorothy@example.com', 'Dorothy', deepAction);
    const link = await confirmationLinkFor(testApp.ctx.db, 'dorothy@example.com');
    expect(link).toBeDefined();

    // Fetching the link (a mail scanner does) changes nothing: the page only offers the button.
    const browser = createBrowser();
    const scanned = await browser.request(link!);
    expect(scanned.status).toBe(200);
    expect(scanned.body).toContain('<h1>Confirm your e-mail address</h1>');
    expect(scanned.body).not.toMatch(/<script/i);
    expect(await usersWith('dorothy@example.com')).toEqual([]);

    const confirmed = await confirmRegistrationThroughBrowser(browser, link!);
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toContain('<h1>Your address is confirmed</h1>');
    const users = await testApp.ctx.db
      .selectFrom('users')
      .selectAll()
      .where('email', '=', 'dorothy@example.com')
      .execute();
    expect(users).toHaveLength(1);
    expect(users[0]).toMatchObject({ tenantId, firstName: 'Dorothy', lastName: 'Jackson' });
    expect(
      await testApp.ctx.db
        .selectFrom('pendingRegistrations')
        .select('id')
        .where('email', '=', 'dorothy@example.com')
        .execute(),
    ).toEqual([]);

    // Single use.
    const again = await confirmRegistrationThroughBrowser(createBrowser(), link!);
    expect(again.status).toBe(400);
    expect(again.body).toContain('This link does not work');
    const replay = await createBrowser().request(
      `${testApp.baseUrl}/oidc-op/confirm-registration`,
      {
        form: { token: new URL(link!).searchParams.get('token')! },
      },
    );
    expect(replay.status).toBe(400);
    expect(await usersWith('dorothy@example.com')).toHaveLength(1);

    // The sign-in link continues to the deep action, greeting the new account.
    const signInLink = signInLinkOf(confirmed.body, link!);
    const redirectUrl = new URL(signInLink).searchParams.get('redirectUrl');
    const done = await signInThroughBrowser(
      browser,
      testApp.baseUrl,
      'Dorothy@Example.com',
      PASSWORD,
      redirectUrl ?? undefined,
    );
    const landing = new URL(new URL(done.location!).searchParams.get('redirectUrl')!);
    expect(landing.pathname).toBe('/learn/courses');
    expect(Object.fromEntries(landing.searchParams)).toEqual({
      occflow: 'addToMyCourses',
      objectiveId: 'o-1',
      selfRegistered: '1',
    });
    const me = await fetch(`${testApp.baseUrl}/api/platform/v1/users/me`, {
      headers: clientHeaders(`sid=${browser.jar.get('sid')}`),
    });
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({
      email: 'dorothy@example.com',
      first_name: 'Dorothy',
      tenant_id: tenantId,
      roles: ['Learner'],
    });

    // Registering the confirmed address now is an existing account: the same page, the "you have one" mail.
    const later = await register('dorothy@example.com', 'Eve');
    expect(later.posted.status).toBe(200);
    expect(await mails('accountExists', 'dorothy@example.com')).toHaveLength(1);
    expect(await usersWith('dorothy@example.com')).toHaveLength(1);
  });

  it('refuses a wrong, malformed or missing token', async () => {
    for (const query of ['?token=' + 'A'.repeat(43), '?token=short', '?token=%3Cx%3E', '']) {
      const page = await createBrowser().request(
        `${testApp.baseUrl}/oidc-op/confirm-registration${query}`,
      );
      expect(page.status).toBe(400);
      expect(page.body).toContain('This link does not work');
      expect(page.body).toContain(`href="${testApp.baseUrl}/oidc/login"`);
    }
    const posted = await createBrowser().request(
      `${testApp.baseUrl}/oidc-op/confirm-registration`,
      { form: { token: 'B'.repeat(43) } },
    );
    expect(posted.status).toBe(400);
  });

  it('refuses a confirmation posted from another site, and serves its page under the CSP without script', async () => {
    await register('cross@example.com', 'Cross');
    const link = (await confirmationLinkFor(testApp.ctx.db, 'cross@example.com'))!;
    const page = await fetch(link);
    expect(page.status).toBe(200);
    const csp = page.headers.get('content-security-policy') ?? '';
    expect(csp).toMatch(/default-src 'none'/);
    expect(csp).toMatch(/script-src 'nonce-[^']+'/);
    expect(csp).not.toContain("'unsafe-inline'");
    expect(await page.text()).not.toMatch(/<script/i);
    const response = await fetch(`${testApp.baseUrl}/oidc-op/confirm-registration`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin: 'https://attacker.test',
        'sec-fetch-site': 'cross-site',
      },
      body: new URLSearchParams({ token: new URL(link).searchParams.get('token')! }).toString(),
    });
    expect(response.status).toBe(403);
    expect(await usersWith('cross@example.com')).toEqual([]);
  });

  it('registering an unconfirmed address again resends a link (a few an hour) and makes one account', async () => {
    await testApp.ctx.db.deleteFrom('pendingRegistrations').execute();
    for (let index = 0; index < CONFIRMATION_MAILS_PER_HOUR + 2; index += 1) {
      const { posted } = await register('annie@example.com', 'Annie');
      expect(posted.status).toBe(200);
    }
    const sent = await mails('confirmRegistration', 'annie@example.com');
    expect(sent).toHaveLength(CONFIRMATION_MAILS_PER_HOUR);
    const links = sent.map(
      (mail) => /https?:\/\/\S+confirm-registration\?token=[\w-]+/.exec(mail.textBody)![0],
    );
    expect(new Set(links).size).toBe(CONFIRMATION_MAILS_PER_HOUR);
    const first = await confirmRegistrationThroughBrowser(createBrowser(), links[0]!);
    expect(first.status).toBe(200);
    // The other links of the address die with the confirmation.
    const second = await confirmRegistrationThroughBrowser(createBrowser(), links[1]!);
    expect(second.status).toBe(400);
    expect(await usersWith('annie@example.com')).toHaveLength(1);
  });

  it('expires a link after 24 hours', async () => {
    const clock = fixedClock(new Date());
    const service = createRegistrationConfirmationService({
      db: testApp.ctx.db,
      clock,
      publicUrl: testApp.baseUrl,
    });
    await service.requestConfirmation(
      {
        tenantId,
        email: 'katherine@example.com',
        firstName: 'Katherine',
        lastName: 'Johnson',
        passwordHash: await hashPassword(PASSWORD),
      },
      'fr-FR',
      null,
    );
    const [mail] = await mails('confirmRegistration', 'katherine@example.com');
    // In the request's language (there is no profile yet).
    expect(mail!.locale).toBe('fr-FR');
    expect(mail!.subject).toMatch(/^Confirmez votre adresse e-mail \| /);
    const token = /token=([\w-]+)/.exec(mail!.textBody)![1]!;
    clock.advance(CONFIRMATION_TTL_MS - 1000);
    expect(await service.isUsable(token)).toBe(true);
    clock.advance(1000);
    expect(await service.isUsable(token)).toBe(false);
    expect(await service.confirm(token)).toEqual({ kind: 'invalidToken' });
    expect(await usersWith('katherine@example.com')).toEqual([]);
    // Expired registrations are cleared with the next one.
    await service.deleteExpired();
    expect(
      await testApp.ctx.db
        .selectFrom('pendingRegistrations')
        .select('id')
        .where('email', '=', 'katherine@example.com')
        .execute(),
    ).toEqual([]);
  });
});
