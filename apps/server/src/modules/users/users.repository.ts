// SQL for the current user's tenant settings, tenant name and preferred locale.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

export function createUsersRepository(db: Kysely<Database>) {
  return {
    /** Raw JSON text of the tenant's settings, by key. */
    async findSettings(tenantId: string, keys: readonly string[]): Promise<Map<string, string>> {
      if (keys.length === 0) return new Map();
      const rows = await db
        .selectFrom('settings')
        .select(['key', 'value'])
        .where('tenantId', '=', tenantId)
        .where('key', 'in', keys)
        .execute();
      return new Map(rows.map((row) => [row.key, row.value]));
    },

    async findTenantName(tenantId: string): Promise<string | undefined> {
      const row = await db
        .selectFrom('tenants')
        .select('name')
        .where('id', '=', tenantId)
        .executeTakeFirst();
      return row?.name;
    },

    async updateLocale(userId: string, locale: string): Promise<void> {
      await db.updateTable('users').set({ locale }).where('id', '=', userId).execute();
    },
  };
}

export type UsersRepository = ReturnType<typeof createUsersRepository>;
