// An external OpenID provider through the same relying-party code path. The "external" provider is the
// built-in one registered a second time under another id, so the test needs no network beyond 127.0.0.1.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, createUser } from '../identity/identity.repository.ts';
import { hashPassword } from '../../lib/password.ts';
import { clientHeaders } from '../../test/test-app.ts';
import { testDialects } from '../../test/test-databases.ts';
import {
  createBrowser,
  createListeningTestApp,
  formAction,
  type ListeningTestApp,
} from '../../test/sign-in.ts';
import { LOCAL_CLIENT_ID, localClientSecret } from './oidc-provider.ts';

const CREATED = '2026-01-05T10:00:00.000Z';
const SECRET = 'test-secret-test-secret-test-secret';

describe.each(await testDialects())('external provider sign-in (%s)', (dialect) => {
  let testApp: ListeningTestApp;
  let defaultTenantId: string;

  beforeAll(async () => {
    testApp = await createListeningTestApp(dialect, {
      config: (baseUrl) => ({
        sessionSecret: SECRET,
        externalProviders: [
          {
            id: 'partner',
            name: 'Partner IdP',
            issuer: `${baseUrl}/oidc-op`,
            clientId: LOCAL_CLIENT_ID,
            clientSecret: localClientSecret({ sessionSecret: SECRET }),
            scopes: 'openid email profile',
          },
        ],
      }),
    });
    const { db } = testApp.ctx;
    defaultTenantId = (
      await createTenant(db, {
        name: 'Northwind Academy',
        domain: 'northwind.test',
        created: CREATED,
      })
    ).id;
    const partnerTenant = await createTenant(db, {
      name: 'Partner',
      domain: 'partner.test',
      created: '2026-02-01T00:00:00.000Z',
    });
    const passwordHash = await hashPassword('Password123');
    // bob's e-mail exists in the tenant where external accounts are created; carol's does not.
    await createUser(db, {
      tenantId: defaultTenantId,
      email: 'bob@example.com',
      firstName: 'Bob',
      lastName: 'Local',
      passwordHash,
      roles: ['Learner'],
      created: CREATED,
    });
    await createUser(db, {
      tenantId: partnerTenant.id,
      email: 'carol@example.com',
      firstName: 'Carol',
      lastName: 'Shaw',
      passwordHash,
      roles: ['Learner'],
      created: CREATED,
    });
  });

  afterAll(async () => {
    await testApp.close();
  });

  async function signInWithPartner(login: string) {
    const browser = createBrowser();
    const isClient = (url: string) => url.startsWith(`${testApp.baseUrl}/learn`);
    const page = await browser.follow(
      `${testApp.baseUrl}/oidc/login?provider=partner&redirectUrl=%2Flearn%2Fcourses`,
      isClient,
    );
    const posted = await browser.request(formAction(page.body, page.visited.at(-1)!), {
      form: { login, password: 'Password123' },
    });
    const done = await browser.follow(posted.location!, isClient);
    return { browser, done };
  }

  it('creates a Learner from the claims on the first sign-in and reuses it afterwards', async () => {
    const first = await signInWithPartner('carol@example.com');
    const target = new URL(first.done.location!);
    expect(target.pathname).toBe('/learn/login-callback');
    expect(target.searchParams.get('provider')).toBe('partner');
    const me = await fetch(`${testApp.baseUrl}/api/platform/v1/users/me`, {
      headers: clientHeaders(`sid=${first.browser.jar.get('sid')}`),
    });
    const user = (await me.json()) as {
      id: string;
      tenant_id: string;
      email: string;
      first_name: string;
      last_name: string;
      roles: string[];
    };
    expect(user).toMatchObject({
      tenant_id: defaultTenantId,
      email: 'carol@example.com',
      first_name: 'Carol',
      last_name: 'Shaw',
      roles: ['Learner'],
    });

    const second = await signInWithPartner('carol@example.com');
    const meAgain = await fetch(`${testApp.baseUrl}/api/platform/v1/users/me`, {
      headers: clientHeaders(`sid=${second.browser.jar.get('sid')}`),
    });
    expect(((await meAgain.json()) as { id: string }).id).toBe(user.id);
  });

  it('does not link to an existing account with the same e-mail', async () => {
    const { browser, done } = await signInWithPartner('bob@example.com');
    expect(done.status).toBe(409);
    expect(done.body).toContain('An account with this e-mail address already exists.');
    expect(browser.jar.has('sid')).toBe(false);
  });
});
