// SQL of the analytics event store.
import type { Insertable, Kysely } from 'kysely';
import type { AnalyticsEventsTable, Database } from '../../db/schema.ts';

export type EventsRepository = ReturnType<typeof createEventsRepository>;

export function createEventsRepository(db: Kysely<Database>) {
  return {
    /** Stores the events; an event whose id is already stored (a once-only event sent again) is skipped. */
    async insertMany(rows: Insertable<AnalyticsEventsTable>[]): Promise<void> {
      if (rows.length === 0) return;
      await db
        .insertInto('analyticsEvents')
        .values(rows)
        .onConflict((oc) => oc.column('id').doNothing())
        .execute();
    },
  };
}
