// SQL for the relying party's one-time login transactions (state, nonce, PKCE verifier, redirect).
import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Database, OidcTransactionsTable } from '../../db/schema.ts';

export type OidcTransaction = Selectable<OidcTransactionsTable>;

export function createOidcTransactionsRepository(db: Kysely<Database>) {
  return {
    async insert(row: Insertable<OidcTransactionsTable>): Promise<void> {
      await db.insertInto('oidcTransactions').values(row).execute();
    },

    /** Deletes and returns the transaction: a second callback with the same id finds nothing. */
    async consume(id: string): Promise<OidcTransaction | undefined> {
      return db
        .deleteFrom('oidcTransactions')
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst();
    },

    async findByState(state: string): Promise<OidcTransaction | undefined> {
      return db
        .selectFrom('oidcTransactions')
        .selectAll()
        .where('state', '=', state)
        .executeTakeFirst();
    },

    async deleteExpired(now: string): Promise<void> {
      await db.deleteFrom('oidcTransactions').where('expires', '<=', now).execute();
    },
  };
}

export type OidcTransactionsRepository = ReturnType<typeof createOidcTransactionsRepository>;
