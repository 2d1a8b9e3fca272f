// Password reset of the built-in provider over real HTTP on every dialect: the same answer for known and unknown
// addresses, a mail with a single-use link, the new password's rules, every session of the account ended (the
// portal's and the provider's), the old password refused and the new one accepted; expiry with an injected clock.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../lib/clock.ts';
import { hashPassword } from '../../lib/password.ts';
import { createTenant, createUser } from '../identity/identity.repository.ts';
import { clientHeaders } from '../../test/test-app.ts';
import { testDialects } from '../../test/test-databases.ts';
import {
  createBrowser,
  createListeningTestApp,
  formAction,
  signInThroughBrowser,
  type ListeningTestApp,
} from '../../test/sign-in.ts';
import {
  createPasswordResetService,
  RESET_MAILS_PER_HOUR,
  RESET_TOKEN_TTL_MS,
} from './password-reset.ts';

const CREATED = '2026-01-05T10:00:00.000Z';
const OLD_PASSWORD = 'Old-password-1';
const NEW_PASSWORD = 'New-password-2';
const withoutNonce = (html: string) => html.replace(/nonce="[^"]*"/g, '');

describe.each(await testDialects())('password reset (%s)', (dialect) => {
  let testApp: ListeningTestApp;
  let userId: string;

  beforeAll(async () => {
    testApp = await createListeningTestApp(dialect);
    const tenant = await createTenant(testApp.ctx.db, {
      name: 'Northwind Academy',
      domain: 'northwind.test',
      created: CREATED,
    });
    userId = (
      await createUser(testApp.ctx.db, {
        tenantId: tenant.id,
        email: 'katherine@example.com',
        firstName: 'Katherine',
        lastName: 'Johnson',
        roles: ['Learner'],
        created: CREATED,
        passwordHash: await hashPassword(OLD_PASSWORD),
      })
    ).id;
    await testApp.ctx.db
      .updateTable('users')
      .set({ locale: 'fr-FR' })
      .where('id', '=', userId)
      .execute();
  });

  afterAll(async () => {
    await testApp.close();
  });

  const resetMails = () =>
    testApp.ctx.db
      .selectFrom('mailOutbox')
      .selectAll()
      .where('template', '=', 'passwordReset')
      .orderBy('created')
      .orderBy('id')
      .execute();
  const tokenOf = (text: string) => /reset-password\?token=([\w-]+)/.exec(text)?.[1];

  async function askForReset(email: string) {
    const browser = createBrowser();
    const signIn = await browser.follow(`${testApp.baseUrl}/oidc/login`);
    const link = /href="([^"]*forgot-password)"/.exec(signIn.body)?.[1];
    expect(link).toBeDefined();
    const page = await browser.request(new URL(link!, testApp.baseUrl).href);
    expect(page.status).toBe(200);
    return browser.request(formAction(page.body, page.url), { form: { email } });
  }

  it('answers the same for an unknown address and sends nothing', async () => {
    const unknown = await askForReset('nobody@example.com');
    const known = await askForReset('Katherine@Example.com');
    expect(unknown.status).toBe(200);
    expect(unknown.body).toContain('If an account exists for this address');
    expect(withoutNonce(known.body)).toBe(withoutNonce(unknown.body));
    const mails = await resetMails();
    expect(mails.map((mail) => mail.toAddress)).toEqual(['katherine@example.com']);
    // In the profile's language, not the request's.
    expect(mails[0]!.locale).toBe('fr-FR');
    expect(mails[0]!.subject).toBe('Réinitialiser votre mot de passe | Portail de formation');
    await testApp.ctx.db.deleteFrom('mailOutbox').execute();
    await testApp.ctx.db.deleteFrom('passwordResetTokens').execute();
  });

  it('sets a new password once, ends every session of the account, and the old password stops working', async () => {
    // Signed in on another device: a portal session and the provider's session and grant.
    const device = createBrowser();
    const signedIn = await signInThroughBrowser(
      device,
      testApp.baseUrl,
      'katherine@example.com',
      OLD_PASSWORD,
    );
    expect(signedIn.location).toContain('/learn/login-callback');
    const me = () =>
      fetch(`${testApp.baseUrl}/api/platform/v1/users/me`, {
        headers: clientHeaders(`sid=${device.jar.get('sid')}`),
      });
    expect((await me()).status).toBe(200);
    const providerRows = async () =>
      (
        await testApp.ctx.db
          .selectFrom('oidcPayloads')
          .select(['model', 'payload'])
          .where('model', 'in', ['Session', 'Grant'])
          .execute()
      ).filter((row) => (JSON.parse(row.payload) as { accountId?: string }).accountId === userId);
    expect((await providerRows()).map((row) => row.model).sort()).toEqual(['Grant', 'Session']);

    await askForReset('katherine@example.com');
    const [mail] = await resetMails();
    const token = tokenOf(mail!.textBody);
    expect(token).toBeDefined();
    // Only the token's hash is stored.
    const stored = await testApp.ctx.db.selectFrom('passwordResetTokens').selectAll().execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]!.id).not.toBe(token);

    const browser = createBrowser();
    const resetUrl = `${testApp.baseUrl}/oidc-op/reset-password?token=${token}`;
    const page = await browser.request(resetUrl);
    expect(page.status).toBe(200);
    expect(page.body).toContain('name="confirmPassword"');

    const mismatch = await browser.request(formAction(page.body, page.url), {
      form: { token: token!, password: NEW_PASSWORD, confirmPassword: 'something else' },
    });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body).toContain('The passwords do not match.');
    const tooShort = await browser.request(formAction(page.body, page.url), {
      form: { token: token!, password: 'short', confirmPassword: 'short' },
    });
    expect(tooShort.status).toBe(400);
    expect(tooShort.body).toContain('Use at least 8 characters.');

    const done = await browser.request(formAction(page.body, page.url), {
      form: { token: token!, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
    });
    expect(done.status).toBe(200);
    expect(done.body).toContain('Your password has been changed');

    // Every session ended: the portal's and the provider's.
    expect((await me()).status).toBe(401);
    expect(
      await testApp.ctx.db
        .selectFrom('sessions')
        .selectAll()
        .where('userId', '=', userId)
        .execute(),
    ).toEqual([]);
    expect(await providerRows()).toEqual([]);

    // Single use.
    expect((await browser.request(resetUrl)).status).toBe(400);
    const again = await browser.request(formAction(page.body, page.url), {
      form: { token: token!, password: 'Third-password-3', confirmPassword: 'Third-password-3' },
    });
    expect(again.status).toBe(400);
    expect(again.body).toContain('This link does not work');

    const withOld = await signInThroughBrowser(
      createBrowser(),
      testApp.baseUrl,
      'katherine@example.com',
      OLD_PASSWORD,
    );
    expect(withOld.status).toBe(400);
    expect(withOld.body).toContain('The e-mail or password is incorrect.');
    const withNew = await signInThroughBrowser(
      createBrowser(),
      testApp.baseUrl,
      'katherine@example.com',
      NEW_PASSWORD,
    );
    expect(withNew.location).toContain('/learn/login-callback');
  });

  it('refuses a post from another site', async () => {
    const before = (await resetMails()).length;
    const response = await fetch(`${testApp.baseUrl}/oidc-op/forgot-password`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin: 'https://attacker.test',
        'sec-fetch-site': 'cross-site',
      },
      body: new URLSearchParams({ email: 'katherine@example.com' }).toString(),
    });
    expect(response.status).toBe(403);
    expect(await resetMails()).toHaveLength(before);
  });

  it('refuses a wrong or malformed token', async () => {
    const browser = createBrowser();
    for (const token of ['x'.repeat(43), 'not a token', '']) {
      const page = await browser.request(
        `${testApp.baseUrl}/oidc-op/reset-password?token=${encodeURIComponent(token)}`,
      );
      expect(page.status).toBe(400);
      expect(page.body).toContain('This link does not work');
    }
    const posted = await browser.request(`${testApp.baseUrl}/oidc-op/reset-password`, {
      form: { token: 'x'.repeat(43), password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
    });
    expect(posted.status).toBe(400);
  });

  it('expires a link after 30 minutes and sends at most a few mails per hour', async () => {
    await testApp.ctx.db.deleteFrom('mailOutbox').execute();
    await testApp.ctx.db.deleteFrom('passwordResetTokens').execute();
    const clock = fixedClock(new Date());
    const service = createPasswordResetService({
      db: testApp.ctx.db,
      clock,
      publicUrl: testApp.baseUrl,
    });
    await service.requestReset('katherine@example.com', 'en-US');
    const token = tokenOf((await resetMails())[0]!.textBody)!;
    clock.advance(RESET_TOKEN_TTL_MS - 1000);
    expect(await service.isUsable(token)).toBe(true);
    clock.advance(1000);
    expect(await service.isUsable(token)).toBe(false);
    expect(await service.resetPassword(token, NEW_PASSWORD, NEW_PASSWORD)).toEqual({
      kind: 'invalidToken',
    });

    for (let index = 0; index < RESET_MAILS_PER_HOUR + 2; index += 1) {
      await service.requestReset('katherine@example.com', 'en-US');
    }
    expect(await resetMails()).toHaveLength(RESET_MAILS_PER_HOUR);
  });
});
