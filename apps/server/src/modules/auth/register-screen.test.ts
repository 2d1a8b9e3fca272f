// /oidc/login?screen=register: the open catalog's "Sign up" lands on the registration page and returns
// the new learner, once the address is confirmed, to the deep action; "Sign in instead" still reaches the sign-in page.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant } from '../identity/identity.repository.ts';
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

const DEEP_ACTION =
  '/learn/courses?occflow=addToMyCourses&objectiveId=6f1c2a57-3b7e-4b8e-9d55-0c4e8f1a2b3c';

describe.each(await testDialects())('registration screen (%s)', (dialect) => {
  let testApp: ListeningTestApp;

  beforeAll(async () => {
    testApp = await createListeningTestApp(dialect);
    await createTenant(testApp.ctx.db, {
      name: 'Northwind Academy',
      domain: 'northwind.test',
      created: '2026-01-05T10:00:00.000Z',
    });
  });

  afterAll(async () => {
    await testApp.close();
  });

  const signUpUrl = () =>
    `${testApp.baseUrl}/oidc/login?screen=register&redirectUrl=${encodeURIComponent(DEEP_ACTION)}`;

  it('opens on the registration page and brings the new learner back to the deep action', async () => {
    const browser = createBrowser();
    const page = await browser.follow(signUpUrl());
    expect(page.status).toBe(200);
    expect(page.visited.at(-1)).toMatch(/\/oidc-op\/interaction\/[^/]+\/register$/);
    expect(page.body).toContain('name="confirmPassword"');
    const posted = await browser.request(formAction(page.body, page.visited.at(-1)!), {
      form: {
        firstName: 'Dorothy',
        lastName: 'Vaughan',
        email: 'dorothy@example.com',
        password: 'Password123',
        confirmPassword: 'Password123',
      },
    });
    expect(posted.status).toBe(200);
    const link = await confirmationLinkFor(testApp.ctx.db, 'dorothy@example.com');
    const confirmed = await confirmRegistrationThroughBrowser(browser, link!);
    expect(confirmed.status).toBe(200);
    const done = await signInThroughBrowser(
      browser,
      testApp.baseUrl,
      'dorothy@example.com',
      'Password123',
      new URL(signInLinkOf(confirmed.body, link!)).searchParams.get('redirectUrl') ?? undefined,
    );
    const redirectUrl = new URL(new URL(done.location!).searchParams.get('redirectUrl')!);
    expect(redirectUrl.pathname).toBe('/learn/courses');
    expect(Object.fromEntries(redirectUrl.searchParams)).toEqual({
      occflow: 'addToMyCourses',
      objectiveId: '6f1c2a57-3b7e-4b8e-9d55-0c4e8f1a2b3c',
      selfRegistered: '1',
    });
  });

  it('links from that registration page to a sign-in page that stays put', async () => {
    const browser = createBrowser();
    const page = await browser.follow(signUpUrl());
    const signInLink = /href="([^"]+\?screen=login)"/.exec(page.body)?.[1];
    expect(signInLink).toBeDefined();
    const signIn = await browser.follow(
      new URL(signInLink!.replace(/&amp;/g, '&'), testApp.baseUrl).href,
    );
    expect(signIn.status).toBe(200);
    expect(signIn.body).toContain('name="login"');
    expect(signIn.body).not.toContain('name="confirmPassword"');
  });

  it('opens on the sign-in page without screen=register, and ignores other screens', async () => {
    for (const query of ['', '?screen=other']) {
      const page = await createBrowser().follow(`${testApp.baseUrl}/oidc/login${query}`);
      expect(page.status).toBe(200);
      expect(page.body).toContain('name="login"');
      expect(page.body).not.toContain('name="confirmPassword"');
    }
  });
});
