// Server-side sessions through real HTTP: idle and absolute expiry, inactive users, cookie names and flags.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, createUser } from '../identity/identity.repository.ts';
import { fixedClock } from '../../lib/clock.ts';
import { clientHeaders, createTestApp, type TestApp } from '../../test/test-app.ts';
import { testDialects } from '../../test/test-databases.ts';
import { signInAs } from '../../test/sign-in.ts';
import { hashSessionToken, sessionCookieName, sessionCookieOptions } from './sessions.service.ts';

const START = '2026-03-02T08:00:00.000Z';
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

describe('session cookie', () => {
  it('is __Host-sid, Secure, HttpOnly, SameSite=Lax on Path=/ under https', () => {
    const config = { publicUrl: 'https://portal.example.com', sessionAbsoluteSeconds: 43200 };
    expect(sessionCookieName(config)).toBe('__Host-sid');
    expect(sessionCookieOptions(config)).toEqual({
      httpOnly: true,
      sameSite: 'lax',
      path: '/',
      secure: true,
      maxAge: 43200,
    });
  });

  it('is plain sid without Secure for a local http install', () => {
    const config = { publicUrl: 'http://localhost:3000', sessionAbsoluteSeconds: 43200 };
    expect(sessionCookieName(config)).toBe('sid');
    expect(sessionCookieOptions(config).secure).toBe(false);
  });
});

describe.each(await testDialects())('sessions (%s)', (dialect) => {
  const clock = fixedClock(START);
  let testApp: TestApp;
  let userId: string;

  beforeAll(async () => {
    testApp = await createTestApp(dialect, { clock, startWorker: false });
    const tenant = await createTenant(testApp.ctx.db, {
      name: 'Northwind Academy',
      domain: 'northwind.test',
      created: START,
    });
    userId = (
      await createUser(testApp.ctx.db, {
        tenantId: tenant.id,
        email: 'ada@example.com',
        firstName: 'Ada',
        lastName: 'Lovelace',
        roles: ['Learner'],
        created: START,
      })
    ).id;
  });

  afterAll(async () => {
    await testApp.close();
  });

  const me = (cookie?: string) =>
    testApp.app.inject({
      method: 'GET',
      url: '/api/platform/v1/users/me',
      headers: clientHeaders(cookie),
    });
  const sessionRow = (cookie: string) =>
    testApp.ctx.db
      .selectFrom('sessions')
      .selectAll()
      .where('id', '=', hashSessionToken(cookie.split('=')[1]!))
      .executeTakeFirst();

  it('answers 401 without a session or with an unknown one', async () => {
    expect((await me()).statusCode).toBe(401);
    const unknown = await me('sid=not-a-session');
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toMatchObject({ code: 'unauthorized' });
  });

  it('stores only the SHA-256 of the cookie token', async () => {
    const cookie = await signInAs(testApp, userId);
    const token = cookie.split('=')[1]!;
    const row = await sessionRow(cookie);
    expect(row?.id).toMatch(/^[0-9a-f]{64}$/);
    expect(row?.id).not.toBe(token);
  });

  it('expires after two idle hours; activity before that extends it', async () => {
    clock.set(START);
    const cookie = await signInAs(testApp, userId);

    clock.advance(30 * 1000);
    expect((await me(cookie)).statusCode).toBe(200);
    // lastSeen is written at most once a minute.
    expect((await sessionRow(cookie))?.lastSeen).toBe(START);

    clock.advance(1 * HOUR + 59 * MINUTE - 30 * 1000);
    expect((await me(cookie)).statusCode).toBe(200);
    expect((await sessionRow(cookie))?.lastSeen).toBe(clock.now().toISOString());

    clock.advance(1 * HOUR + 59 * MINUTE);
    expect((await me(cookie)).statusCode).toBe(200);

    clock.advance(2 * HOUR + 1 * MINUTE);
    const expired = await me(cookie);
    expect(expired.statusCode).toBe(401);
    expect(expired.headers['set-cookie']).toMatch(/^sid=;/);
    expect(await sessionRow(cookie)).toBeUndefined();
  });

  it('expires at the absolute limit even when active', async () => {
    clock.set(START);
    const cookie = await signInAs(testApp, userId);
    for (let step = 0; step < 6; step += 1) {
      clock.advance(1 * HOUR + 50 * MINUTE);
      expect((await me(cookie)).statusCode).toBe(200);
    }
    clock.advance(1 * HOUR + 1 * MINUTE); // 12 h 01 since sign-in, 1 h 01 since the last request
    expect((await me(cookie)).statusCode).toBe(401);
    expect(await sessionRow(cookie)).toBeUndefined();
  });

  it('gives no principal to a user who is no longer Active', async () => {
    clock.set(START);
    const tenant = await testApp.ctx.db
      .selectFrom('tenants')
      .select('id')
      .executeTakeFirstOrThrow();
    const suspended = await createUser(testApp.ctx.db, {
      tenantId: tenant.id,
      email: 'gone@example.com',
      firstName: 'Gone',
      lastName: 'User',
      roles: ['Learner'],
      created: START,
    });
    const cookie = await signInAs(testApp, suspended.id);
    expect((await me(cookie)).statusCode).toBe(200);
    await testApp.ctx.db
      .updateTable('users')
      .set({ status: 'Suspended' })
      .where('id', '=', suspended.id)
      .execute();
    expect((await me(cookie)).statusCode).toBe(401);
  });

  it('refuses a state-changing API call without X-Requested-With even with a valid session', async () => {
    clock.set(START);
    const cookie = await signInAs(testApp, userId);
    const response = await testApp.app.inject({
      method: 'PUT',
      url: '/api/platform/v1/users/me/locale',
      headers: { 'content-type': 'application/json', cookie },
      payload: { locale: 'de-DE' },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 'csrf_marker_missing' });
  });

  it('sign-out by the web client ends the session before it answers with where to go next', async () => {
    clock.set(START);
    const cookie = await signInAs(testApp, userId);
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/oidc/logout',
      headers: { cookie, 'x-requested-with': 'XMLHttpRequest', accept: 'application/json' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      redirectUrl: expect.stringMatching(/^http:\/\/localhost:3000\//),
    });
    expect((await me(cookie)).statusCode).toBe(401);
  });

  it('sign-out without a session goes to the client root', async () => {
    const response = await testApp.app.inject({ method: 'POST', url: '/oidc/logout' });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('http://localhost:3000/learn');
  });
});

describe.each(await testDialects())('sessions on an https portal (%s)', (dialect) => {
  let testApp: TestApp;
  let userId: string;

  beforeAll(async () => {
    testApp = await createTestApp(dialect, {
      config: { publicUrl: 'https://portal.example.com' },
      startWorker: false,
    });
    const tenant = await createTenant(testApp.ctx.db, {
      name: 'Northwind Academy',
      domain: 'portal.example.com',
      created: START,
    });
    userId = (
      await createUser(testApp.ctx.db, {
        tenantId: tenant.id,
        email: 'ada@example.com',
        firstName: 'Ada',
        lastName: 'Lovelace',
        roles: ['Learner'],
        created: START,
      })
    ).id;
  });

  afterAll(async () => {
    await testApp.close();
  });

  it('reads only the __Host-sid cookie', async () => {
    const cookie = await signInAs(testApp, userId);
    expect(cookie.startsWith('__Host-sid=')).toBe(true);
    const ok = await testApp.app.inject({
      method: 'GET',
      url: '/api/platform/v1/users/me',
      headers: clientHeaders(cookie),
    });
    expect(ok.statusCode).toBe(200);
    const plain = await testApp.app.inject({
      method: 'GET',
      url: '/api/platform/v1/users/me',
      headers: clientHeaders(cookie.replace('__Host-sid', 'sid')),
    });
    expect(plain.statusCode).toBe(401);
  });
});
