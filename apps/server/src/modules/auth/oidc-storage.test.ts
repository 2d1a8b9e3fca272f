// The built-in provider's storage on a real database: payload adapter semantics and the one signing key.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../lib/clock.ts';
import { createTestDatabase, testDialects, type TestDatabase } from '../../test/test-databases.ts';
import { createOidcAdapterFactory } from './oidc-adapter.ts';
import { loadOrCreateSigningKeys } from './oidc-keys.ts';

describe.each(await testDialects())('oidc storage (%s)', (dialect) => {
  let database: TestDatabase;
  const clock = fixedClock('2026-04-01T12:00:00.000Z');

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
  });

  afterAll(async () => {
    await database.dispose();
  });

  it('stores, replaces and finds payloads by id, uid and user code, per model', async () => {
    const adapter = createOidcAdapterFactory(database.db, clock);
    const sessions = adapter('Session');
    await sessions.upsert('s1', { uid: 'u1', accountId: 'a1' }, 60);
    await sessions.upsert('s1', { uid: 'u1', accountId: 'a2' }, 60);
    expect(await sessions.find('s1')).toEqual({ uid: 'u1', accountId: 'a2' });
    expect(await sessions.findByUid('u1')).toEqual({ uid: 'u1', accountId: 'a2' });
    expect(await adapter('Grant').find('s1')).toBeUndefined();
    await adapter('DeviceCode').upsert('d1', { userCode: 'ABCD-EFGH' }, 60);
    expect(await adapter('DeviceCode').findByUserCode('ABCD-EFGH')).toEqual({
      userCode: 'ABCD-EFGH',
    });
    await sessions.destroy('s1');
    expect(await sessions.find('s1')).toBeUndefined();
  });

  it('hides expired payloads', async () => {
    clock.set('2026-04-01T12:00:00.000Z');
    const codes = createOidcAdapterFactory(database.db, clock)('AuthorizationCode');
    await codes.upsert('c-expiring', { grantId: 'g0' }, 60);
    clock.advance(59_000);
    expect(await codes.find('c-expiring')).toBeDefined();
    clock.advance(1_000);
    expect(await codes.find('c-expiring')).toBeUndefined();
  });

  it('marks consumed codes so that reuse is detected', async () => {
    clock.set('2026-04-01T12:00:00.000Z');
    const codes = createOidcAdapterFactory(database.db, clock)('AuthorizationCode');
    await codes.upsert('c1', { grantId: 'g1' }, 60);
    expect(await codes.find('c1')).not.toHaveProperty('consumed');
    await codes.consume('c1');
    expect(await codes.find('c1')).toMatchObject({
      consumed: Math.floor(Date.parse('2026-04-01T12:00:00.000Z') / 1000),
    });
  });

  it('revokes every token of a grant', async () => {
    const adapter = createOidcAdapterFactory(database.db, clock);
    await adapter('AccessToken').upsert('t1', { grantId: 'g2' }, 60);
    await adapter('AuthorizationCode').upsert('c2', { grantId: 'g2' }, 60);
    await adapter('AccessToken').upsert('t2', { grantId: 'g3' }, 60);
    await adapter('AccessToken').revokeByGrantId('g2');
    expect(await adapter('AccessToken').find('t1')).toBeUndefined();
    expect(await adapter('AuthorizationCode').find('c2')).toBeUndefined();
    expect(await adapter('AccessToken').find('t2')).toBeDefined();
  });

  it('concurrent first starts agree on one signing key, kept across restarts', async () => {
    const results = await Promise.all([1, 2, 3, 4].map(() => loadOrCreateSigningKeys(database.db)));
    const kids = new Set(results.map((jwks) => jwks.keys[0]?.kid));
    expect(kids.size).toBe(1);
    expect(results[0]?.keys).toHaveLength(1);
    expect(results[0]?.keys[0]).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig' });
    const again = await loadOrCreateSigningKeys(database.db);
    expect(again.keys[0]?.kid).toBe(results[0]?.keys[0]?.kid);
  });
});
