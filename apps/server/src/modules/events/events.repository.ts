// SQL of the analytics event store and of the product feedback the events carry.
import type { Insertable, Kysely } from 'kysely';
import type { AnalyticsEventsTable, Database, ProductFeedbackTable } from '../../db/schema.ts';

export type EventsRepository = ReturnType<typeof createEventsRepository>;

export function createEventsRepository(db: Kysely<Database>) {
  return {
    /**
     * Stores the events and the feedback rows in one transaction; an event whose id is already stored (a
     * once-only event sent again) is skipped.
     */
    async insertMany(
      rows: Insertable<AnalyticsEventsTable>[],
      feedback: Insertable<ProductFeedbackTable>[] = [],
    ): Promise<void> {
      if (rows.length === 0) return;
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('analyticsEvents')
          .values(rows)
          .onConflict((oc) => oc.column('id').doNothing())
          .execute();
        if (feedback.length > 0) await trx.insertInto('productFeedback').values(feedback).execute();
      });
    },
  };
}
