// SQL for server-side sign-in sessions (table sessions; the id is the SHA-256 of the cookie token).
import type { Insertable, Kysely } from 'kysely';
import type { Database, SessionRow, SessionsTable } from '../../db/schema.ts';

export interface SessionWithUserStatus extends SessionRow {
  userStatus: string;
}

export function createSessionsRepository(db: Kysely<Database>) {
  return {
    async insert(row: Insertable<SessionsTable>): Promise<void> {
      await db.insertInto('sessions').values(row).execute();
    },

    async findWithUserStatus(id: string): Promise<SessionWithUserStatus | undefined> {
      return db
        .selectFrom('sessions')
        .innerJoin('users', 'users.id', 'sessions.userId')
        .selectAll('sessions')
        .select('users.status as userStatus')
        .where('sessions.id', '=', id)
        .executeTakeFirst();
    },

    async touch(id: string, lastSeen: string): Promise<void> {
      await db.updateTable('sessions').set({ lastSeen }).where('id', '=', id).execute();
    },

    /** Deletes and returns the row, so that two concurrent sign-outs end one session once. */
    async delete(id: string): Promise<SessionRow | undefined> {
      return db.deleteFrom('sessions').where('id', '=', id).returningAll().executeTakeFirst();
    },

    /** Housekeeping: rows past their absolute expiry or idle for longer than the idle window. */
    async deleteExpired(now: string, idleBefore: string): Promise<void> {
      await db
        .deleteFrom('sessions')
        .where((eb) => eb.or([eb('expires', '<=', now), eb('lastSeen', '<', idleBefore)]))
        .execute();
    },
  };
}

export type SessionsRepository = ReturnType<typeof createSessionsRepository>;
