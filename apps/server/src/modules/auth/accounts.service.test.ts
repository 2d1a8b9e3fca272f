// Mapping OpenID identities to portal users, and the registration rules, on a real database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../lib/clock.ts';
import { DomainError } from '../../http/errors.ts';
import { createTestDatabase, testDialects, type TestDatabase } from '../../test/test-databases.ts';
import { createTenant, createUser, findRoleNames } from '../identity/identity.repository.ts';
import { createAccountsService, validateRegistration } from './accounts.service.ts';

const NOW = '2026-05-01T10:00:00.000Z';

describe('validateRegistration', () => {
  const valid = {
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: 'ada@example.com',
    password: '12345678',
    confirmPassword: '12345678',
  };

  it('accepts a complete form with an 8-character password', () => {
    expect(validateRegistration(valid)).toEqual({});
  });

  it.each([
    [{ firstName: '' }, { firstName: 'firstNameRequired' }],
    [{ lastName: '   ' }, { lastName: 'lastNameRequired' }],
    [{ firstName: 'x'.repeat(201) }, { firstName: 'nameTooLong' }],
    [{ email: '' }, { email: 'emailRequired' }],
    [{ email: 'ada@' }, { email: 'emailInvalid' }],
    [{ email: `${'a'.repeat(250)}@x.io` }, { email: 'emailInvalid' }],
    [{ password: '1234567', confirmPassword: '1234567' }, { password: 'passwordTooShort' }],
    [
      { password: 'p'.repeat(1025), confirmPassword: 'p'.repeat(1025) },
      { password: 'passwordTooLong' },
    ],
    [{ confirmPassword: '' }, { confirmPassword: 'confirmRequired' }],
    [{ confirmPassword: '12345679' }, { confirmPassword: 'passwordMismatch' }],
  ])('reports %j as %j', (change, errors) => {
    expect(validateRegistration({ ...valid, ...change })).toEqual(errors);
  });
});

describe.each(await testDialects())('accounts (%s)', (dialect) => {
  let database: TestDatabase;
  let tenantId: string;
  let accounts: ReturnType<typeof createAccountsService>;

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    tenantId = (
      await createTenant(database.db, {
        name: 'Northwind Academy',
        domain: 'northwind.test',
        created: NOW,
      })
    ).id;
    await createTenant(database.db, {
      name: 'Later',
      domain: 'later.test',
      created: '2026-06-01T00:00:00.000Z',
    });
    await createUser(database.db, {
      tenantId,
      email: 'ada@example.com',
      firstName: 'Ada',
      lastName: 'Lovelace',
      roles: ['Learner'],
      created: NOW,
    });
    accounts = createAccountsService({ db: database.db, clock: fixedClock(NOW) });
  });

  afterAll(async () => {
    await database.dispose();
  });

  it('creates a Learner on the first sign-in of an external identity and finds it again by (provider, subject)', async () => {
    const claims = {
      sub: 'kc-123',
      email: 'Grace@Example.com',
      given_name: 'Grace',
      family_name: 'Hopper',
    };
    const first = await accounts.userForIdentity('keycloak', claims, undefined);
    expect(first).toMatchObject({
      tenantId,
      email: 'grace@example.com',
      firstName: 'Grace',
      lastName: 'Hopper',
      passwordHash: null,
    });
    expect(await findRoleNames(database.db, first.id)).toEqual(['Learner']);
    const again = await accounts.userForIdentity(
      'keycloak',
      { ...claims, email: 'changed@example.com' },
      undefined,
    );
    expect(again.id).toBe(first.id);
  });

  it('never links an external identity to an existing account by e-mail alone', async () => {
    const attempt = accounts.userForIdentity(
      'keycloak',
      { sub: 'kc-999', email: 'ada@example.com', given_name: 'Eve' },
      undefined,
    );
    await expect(attempt).rejects.toMatchObject({ status: 409, code: 'account_exists' });
    const identities = await database.db
      .selectFrom('userIdentities')
      .select('userId')
      .where('subject', '=', 'kc-999')
      .execute();
    expect(identities).toEqual([]);
  });

  it('refuses an external identity without an e-mail claim', async () => {
    await expect(
      accounts.userForIdentity('keycloak', { sub: 'kc-no-mail' }, undefined),
    ).rejects.toBeInstanceOf(DomainError);
  });

  it('registers into the tenant of the host when one matches, else the oldest tenant, creating no account yet', async () => {
    const form = {
      firstName: 'Kat',
      lastName: 'Johnson',
      password: 'Password1',
      confirmPassword: 'Password1',
    };
    const byHost = await accounts.register({ ...form, email: 'kat@example.com' }, 'later.test');
    const byDefault = await accounts.register({ ...form, email: 'KAT2@example.com' }, '127.0.0.1');
    if (!('pending' in byHost) || !('pending' in byDefault)) throw new Error('registration failed');
    const later = await database.db
      .selectFrom('tenants')
      .select('id')
      .where('domain', '=', 'later.test')
      .executeTakeFirstOrThrow();
    expect(byHost.pending.tenantId).toBe(later.id);
    expect(byDefault.pending).toMatchObject({
      tenantId,
      email: 'kat2@example.com',
      firstName: 'Kat',
      lastName: 'Johnson',
    });
    expect(byDefault.pending.passwordHash).toMatch(/^scrypt\$/);
    // The account exists only once the address is confirmed (registration-confirmation.ts).
    expect(await accounts.authenticate('kat2@example.com', 'Password1', undefined)).toEqual({
      kind: 'invalid',
    });
    const existing = await accounts.register({ ...form, email: 'Ada@Example.com' }, undefined);
    expect(existing).toMatchObject({ existing: { email: 'ada@example.com' } });
  });
});
