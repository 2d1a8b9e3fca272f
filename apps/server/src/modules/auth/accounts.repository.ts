// SQL for sign-in accounts: active users by login, identities by (provider, subject), the sign-up tenant.
import type { Kysely } from 'kysely';
import type { Database, UserRow } from '../../db/schema.ts';

export function createAccountsRepository(db: Kysely<Database>) {
  return {
    /** Active users whose e-mail or username is the login, in every tenant (logins are per tenant). */
    async findActiveByLogin(login: string): Promise<UserRow[]> {
      const value = login.trim().toLowerCase();
      return db
        .selectFrom('users')
        .selectAll()
        .where((eb) => eb.or([eb('email', '=', value), eb('username', '=', value)]))
        .where('status', '=', 'Active')
        .orderBy('created')
        .execute();
    },

    async findUserById(id: string): Promise<UserRow | undefined> {
      return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** The user of this tenant whose e-mail or username is `email`, if any. */
    async findByEmailOrUsername(tenantId: string, email: string): Promise<UserRow | undefined> {
      return db
        .selectFrom('users')
        .selectAll()
        .where('tenantId', '=', tenantId)
        .where((eb) => eb.or([eb('email', '=', email), eb('username', '=', email)]))
        .orderBy('created')
        .executeTakeFirst();
    },

    async findUserIdByIdentity(provider: string, subject: string): Promise<string | undefined> {
      const row = await db
        .selectFrom('userIdentities')
        .select('userId')
        .where('provider', '=', provider)
        .where('subject', '=', subject)
        .executeTakeFirst();
      return row?.userId;
    },

    async insertIdentity(row: {
      id: string;
      userId: string;
      provider: string;
      subject: string;
      created: string;
    }): Promise<void> {
      await db
        .insertInto('userIdentities')
        .values(row)
        .onConflict((oc) => oc.columns(['provider', 'subject']).doNothing())
        .execute();
    },

    /** The tenant whose domain is the host, else the oldest tenant (the demo or default one). */
    async findSignUpTenant(
      host: string | undefined,
    ): Promise<{ id: string; name: string } | undefined> {
      if (host) {
        const byDomain = await db
          .selectFrom('tenants')
          .select(['id', 'name'])
          .where('domain', '=', host.toLowerCase())
          .executeTakeFirst();
        if (byDomain) return byDomain;
      }
      return db
        .selectFrom('tenants')
        .select(['id', 'name'])
        .orderBy('created')
        .orderBy('id')
        .limit(1)
        .executeTakeFirst();
    },
  };
}

export type AccountsRepository = ReturnType<typeof createAccountsRepository>;
