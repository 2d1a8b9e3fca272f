// The profile endpoints through real HTTP on every dialect: own units, own time zone, nobody else's.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentUserSchema, userUnitsSchema } from '@portal/contracts';
import { createTestApp, clientHeaders, type TestApp } from '../../test/test-app.ts';
import { testDialects } from '../../test/test-databases.ts';
import { fixedClock } from '../../lib/clock.ts';
import { newId, newToken } from '../../lib/ids.ts';
import { createTenant, createUser } from '../../modules/identity/identity.repository.ts';

const NOW = '2025-03-10T09:00:00.000Z';
const API = '/api/platform/v1';

describe.each(await testDialects())('profile routes on %s', (dialect) => {
  let t: TestApp;
  let tenantId: string;
  let learnerId: string;
  let otherId: string;
  let learnerCookie: string;

  /** A server-side session for the user, as the sign-in callback would create it. */
  async function sessionCookie(userId: string): Promise<string> {
    const token = newToken();
    await t.ctx.db
      .insertInto('sessions')
      .values({
        id: createHash('sha256').update(token).digest('hex'),
        userId,
        tenantId,
        provider: 'local',
        idToken: null,
        created: NOW,
        lastSeen: NOW,
        expires: '2025-03-11T09:00:00.000Z',
      })
      .execute();
    return `sid=${token}`;
  }

  async function addUnit(name: string, members: { userId: string; isPrimary: boolean }[]) {
    const id = newId();
    await t.ctx.db.insertInto('units').values({ id, tenantId, parentId: null, name }).execute();
    for (const member of members) {
      await t.ctx.db
        .insertInto('unitMemberships')
        .values({ unitId: id, userId: member.userId, isPrimary: member.isPrimary ? 1 : 0 })
        .execute();
    }
    return id;
  }

  beforeAll(async () => {
    t = await createTestApp(dialect, { clock: fixedClock(NOW), startWorker: false });
    tenantId = (await createTenant(t.ctx.db, { name: 'Acme', domain: 'acme.test', created: NOW }))
      .id;
    learnerId = (
      await createUser(t.ctx.db, {
        tenantId,
        email: 'ada@acme.test',
        firstName: 'Ada',
        lastName: 'Lovelace',
        roles: ['Learner'],
        created: NOW,
      })
    ).id;
    otherId = (
      await createUser(t.ctx.db, {
        tenantId,
        email: 'bob@acme.test',
        firstName: 'Bob',
        lastName: 'Other',
        timezone: 'UTC',
        roles: ['Learner'],
        created: NOW,
      })
    ).id;
    learnerCookie = await sessionCookie(learnerId);
  });

  afterAll(async () => {
    await t?.close();
  });

  describe('GET users/{id}/units', () => {
    let primaryUnitId: string;

    beforeAll(async () => {
      // Names sort before the primary one, so "primary first" is not an accident of name order.
      await addUnit('Analytics', [{ userId: learnerId, isPrimary: false }]);
      primaryUnitId = await addUnit('Research', [
        { userId: learnerId, isPrimary: true },
        { userId: otherId, isPrimary: false },
      ]);
      await addUnit('Bob only', [{ userId: otherId, isPrimary: true }]);
    });

    it('lists the caller’s memberships, the primary one first', async () => {
      const response = await t.app.inject({
        method: 'GET',
        url: `${API}/users/me/units`,
        headers: clientHeaders(learnerCookie),
      });
      expect(response.statusCode).toBe(200);
      const body = userUnitsSchema.parse(response.json());
      expect(body.items).toEqual([
        { is_primary: true, unit: { id: primaryUnitId, name: 'Research' } },
        { is_primary: false, unit: expect.objectContaining({ name: 'Analytics' }) },
      ]);
    });

    it('accepts the caller’s own id as well as "me"', async () => {
      const byId = await t.app.inject({
        method: 'GET',
        url: `${API}/users/${learnerId}/units`,
        headers: clientHeaders(learnerCookie),
      });
      const byMe = await t.app.inject({
        method: 'GET',
        url: `${API}/users/me/units`,
        headers: clientHeaders(learnerCookie),
      });
      expect(byId.statusCode).toBe(200);
      expect(byId.json()).toEqual(byMe.json());
    });

    it('answers another user’s id exactly like an unknown one', async () => {
      const other = await t.app.inject({
        method: 'GET',
        url: `${API}/users/${otherId}/units`,
        headers: clientHeaders(learnerCookie),
      });
      const unknown = await t.app.inject({
        method: 'GET',
        url: `${API}/users/${newId()}/units`,
        headers: clientHeaders(learnerCookie),
      });
      expect(other.statusCode).toBe(404);
      expect(unknown.statusCode).toBe(404);
      expect(other.json()).toEqual(unknown.json());
      expect(other.body).not.toContain('Bob');
    });

    it('requires a session', async () => {
      const response = await t.app.inject({
        method: 'GET',
        url: `${API}/users/me/units`,
        headers: clientHeaders(),
      });
      expect(response.statusCode).toBe(401);
    });
  });

  describe('POST users/{id}/timezone', () => {
    it('stores the zone and answers with the current user', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: `${API}/users/me/timezone`,
        headers: clientHeaders(learnerCookie),
        payload: { timezone: 'W. Europe Standard Time' },
      });
      expect(response.statusCode).toBe(200);
      const user = currentUserSchema.parse(response.json());
      expect(user).toMatchObject({
        id: learnerId,
        email: 'ada@acme.test',
        first_name: 'Ada',
        last_name: 'Lovelace',
        timezone: 'W. Europe Standard Time',
        tenant_id: tenantId,
        roles: ['Learner'],
      });
      const row = await t.ctx.db
        .selectFrom('users')
        .select('timezone')
        .where('id', '=', learnerId)
        .executeTakeFirstOrThrow();
      expect(row.timezone).toBe('W. Europe Standard Time');
    });

    it('accepts the caller’s own id', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: `${API}/users/${learnerId}/timezone`,
        headers: clientHeaders(learnerCookie),
        payload: { timezone: 'Tonga Standard Time' },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ timezone: 'Tonga Standard Time' });
    });

    it('never changes another user’s zone', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: `${API}/users/${otherId}/timezone`,
        headers: clientHeaders(learnerCookie),
        payload: { timezone: 'Tokyo Standard Time' },
      });
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toContain('bob@');
      const row = await t.ctx.db
        .selectFrom('users')
        .select('timezone')
        .where('id', '=', otherId)
        .executeTakeFirstOrThrow();
      expect(row.timezone).toBe('UTC');
    });

    it.each([
      ['a zone outside the list', { timezone: 'Mars/Olympus_Mons' }, 'timezone'],
      ['an IANA id instead of a listed id', { timezone: 'Europe/Berlin' }, 'timezone'],
      ['a missing zone', {}, 'timezone'],
      ['a non-string zone', { timezone: 3 }, 'timezone'],
      ['an unknown field', { timezone: 'UTC', theme: 'dark' }, '_'],
    ])('refuses %s with per-field errors', async (_case, payload, field) => {
      const before = await t.ctx.db
        .selectFrom('users')
        .select('timezone')
        .where('id', '=', learnerId)
        .executeTakeFirstOrThrow();
      const response = await t.app.inject({
        method: 'POST',
        url: `${API}/users/me/timezone`,
        headers: clientHeaders(learnerCookie),
        payload,
      });
      expect(response.statusCode).toBe(400);
      const body = response.json() as { code: string; errors: Record<string, string[]> };
      expect(Object.keys(body.errors)).toContain(field);
      const after = await t.ctx.db
        .selectFrom('users')
        .select('timezone')
        .where('id', '=', learnerId)
        .executeTakeFirstOrThrow();
      expect(after.timezone).toBe(before.timezone);
    });

    it('requires a session', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: `${API}/users/me/timezone`,
        headers: clientHeaders(),
        payload: { timezone: 'UTC' },
      });
      expect(response.statusCode).toBe(401);
    });
  });
});
