// SQL of the xAPI outbox: claiming due statements (FOR UPDATE SKIP LOCKED on PostgreSQL, so instances share the
// work), recording each delivery's outcome, and the counts the CLI shows.
import type { Kysely } from 'kysely';
import type { DialectName } from '../../db/dialect.ts';
import type { Database, XapiOutboxState } from '../../db/schema.ts';

export interface ClaimedStatement {
  id: string;
  statement: string;
  attempts: number;
}

export interface OutboxSummary {
  pending: number;
  /** Pending statements that failed at least once (the LRS is down or refuses for a while). */
  retrying: number;
  delivered: number;
  rejected: number;
  oldestPending: string | null;
  /** The latest refused statements, newest first, with the LRS's answer. */
  recentRejections: { id: string; eventId: string; lastError: string | null; created: string }[];
}

export type XapiOutboxRepository = ReturnType<typeof createXapiOutboxRepository>;

export function createXapiOutboxRepository(db: Kysely<Database>, dialect: DialectName) {
  return {
    /** Claims up to `limit` pending statements that are due and not claimed by a live worker, oldest first. */
    async claimDue(input: {
      workerId: string;
      now: string;
      staleBefore: string;
      limit: number;
    }): Promise<ClaimedStatement[]> {
      const rows = await db
        .updateTable('xapiOutbox')
        .set({ claimedBy: input.workerId, claimedAt: input.now })
        .where('id', 'in', (eb) =>
          eb
            .selectFrom('xapiOutbox')
            .select('id')
            .where('state', '=', 'pending')
            .where('nextAttemptAt', '<=', input.now)
            .where((w) =>
              w.or([w('claimedAt', 'is', null), w('claimedAt', '<', input.staleBefore)]),
            )
            .orderBy('created')
            .orderBy('id')
            .limit(input.limit)
            .$if(dialect === 'postgres', (qb) => qb.forUpdate().skipLocked()),
        )
        // Checked again outside the subquery: PostgreSQL re-evaluates only this part after a concurrent update.
        .where('state', '=', 'pending')
        .where((w) => w.or([w('claimedAt', 'is', null), w('claimedAt', '<', input.staleBefore)]))
        .returning(['id', 'statement', 'attempts', 'created'])
        .execute();
      return rows
        .sort((a, b) => a.created.localeCompare(b.created) || a.id.localeCompare(b.id))
        .map(({ id, statement, attempts }) => ({ id, statement, attempts }));
    },

    async markDelivered(ids: string[], workerId: string, now: string): Promise<void> {
      if (ids.length === 0) return;
      await db
        .updateTable('xapiOutbox')
        .set((eb) => ({
          state: 'delivered' as XapiOutboxState,
          deliveredAt: now,
          attempts: eb('attempts', '+', 1),
          lastError: null,
          claimedBy: null,
          claimedAt: null,
        }))
        .where('id', 'in', ids)
        .where('claimedBy', '=', workerId)
        .execute();
    },

    /** A failure worth retrying: the statement waits until `nextAttemptAt`. */
    async markRetry(
      id: string,
      workerId: string,
      input: { nextAttemptAt: string; error: string },
    ): Promise<void> {
      await db
        .updateTable('xapiOutbox')
        .set((eb) => ({
          attempts: eb('attempts', '+', 1),
          nextAttemptAt: input.nextAttemptAt,
          lastError: input.error,
          claimedBy: null,
          claimedAt: null,
        }))
        .where('id', '=', id)
        .where('claimedBy', '=', workerId)
        .execute();
    },

    /** The LRS refused the statement itself: kept, flagged and never sent again. */
    async markRejected(id: string, workerId: string, error: string, now: string): Promise<void> {
      await db
        .updateTable('xapiOutbox')
        .set((eb) => ({
          state: 'rejected' as XapiOutboxState,
          // When it was refused: the CLI lists the latest refusals first.
          nextAttemptAt: now,
          attempts: eb('attempts', '+', 1),
          lastError: error,
          claimedBy: null,
          claimedAt: null,
        }))
        .where('id', '=', id)
        .where('claimedBy', '=', workerId)
        .execute();
    },

    /** Deletes up to `limit` statements delivered before `before`; how many it deleted. */
    async purgeDelivered(before: string, limit: number): Promise<number> {
      const result = await db
        .deleteFrom('xapiOutbox')
        .where('id', 'in', (eb) =>
          eb
            .selectFrom('xapiOutbox')
            .select('id')
            .where('state', '=', 'delivered')
            .where('deliveredAt', '<', before)
            .limit(limit),
        )
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    async summary(): Promise<OutboxSummary> {
      const counts = await db
        .selectFrom('xapiOutbox')
        .select((eb) => [
          'state',
          eb.fn.countAll<number | string>().as('count'),
          eb.fn.min('created').as('oldest'),
        ])
        .groupBy('state')
        .execute();
      const retrying = await db
        .selectFrom('xapiOutbox')
        .select((eb) => eb.fn.countAll<number | string>().as('count'))
        .where('state', '=', 'pending')
        .where('attempts', '>', 0)
        .executeTakeFirstOrThrow();
      const recentRejections = await db
        .selectFrom('xapiOutbox')
        .select(['id', 'eventId', 'lastError', 'created'])
        .where('state', '=', 'rejected')
        .orderBy('nextAttemptAt', 'desc')
        .orderBy('created', 'desc')
        .orderBy('id', 'desc')
        .limit(10)
        .execute();
      const count = (state: XapiOutboxState) =>
        Number(counts.find((row) => row.state === state)?.count ?? 0);
      return {
        pending: count('pending'),
        retrying: Number(retrying.count),
        delivered: count('delivered'),
        rejected: count('rejected'),
        oldestPending: counts.find((row) => row.state === 'pending')?.oldest ?? null,
        recentRejections,
      };
    },
  };
}
