// SQL of the analytics event store: the events with their data-lake sessions, the product feedback they carry,
// the xAPI statements waiting for the LRS, and the export's pages.
import { sql, type Insertable, type Kysely } from 'kysely';
import type { DialectName } from '../../db/dialect.ts';
import type {
  AnalyticsEventsTable,
  Database,
  ProductFeedbackTable,
  XapiOutboxTable,
} from '../../db/schema.ts';

/** An event to store; its session id is assigned in the storing transaction from its session key. */
export type NewEventRow = Omit<Insertable<AnalyticsEventsTable>, 'sessionId'>;
export type StoredEventRow = Insertable<AnalyticsEventsTable> & { sessionId: string | null };

export interface ExportedEventRow {
  id: string;
  tenantId: string | null;
  userId: string | null;
  name: string;
  payload: string;
  created: string;
  sessionId: string | null;
}

export type EventsRepository = ReturnType<typeof createEventsRepository>;

export function createEventsRepository(db: Kysely<Database>, dialect: DialectName) {
  return {
    /**
     * Stores the events, the feedback rows and the statements for the LRS in one transaction; an event whose id is
     * already stored (a once-only event sent again) is skipped, and so is its statement. Each event joins its
     * session key's last session when that session's last event is at most `sessionIdleMs` older, else starts
     * a new one.
     */
    async insertMany(
      rows: NewEventRow[],
      options: {
        feedback?: Insertable<ProductFeedbackTable>[];
        sessionIdleMs: number;
        newSessionId: () => string;
        /** The outbox rows of the events actually stored (none when no LRS is configured). */
        outbox?: (stored: StoredEventRow[]) => Insertable<XapiOutboxTable>[];
      },
    ): Promise<void> {
      if (rows.length === 0) return;
      await db.transaction().execute(async (trx) => {
        const keys = [...new Set(rows.flatMap((row) => (row.sessionKey ? [row.sessionKey] : [])))];
        const sessions = new Map<string, string>();
        for (const key of keys.sort()) {
          // Two requests of one learner at once must not open two sessions (SQLite writes one at a time anyway).
          if (dialect === 'postgres') {
            await sql`select pg_advisory_xact_lock(hashtext(${`analytics-session:${key}`}))`.execute(
              trx,
            );
          }
          const last = await trx
            .selectFrom('analyticsEvents')
            .select(['sessionId', 'created'])
            .where('sessionKey', '=', key)
            .where('sessionId', 'is not', null)
            .orderBy('created', 'desc')
            .limit(1)
            .executeTakeFirst();
          const first = rows.find((row) => row.sessionKey === key)!;
          const continues =
            last?.sessionId &&
            Date.parse(first.created) - Date.parse(last.created) <= options.sessionIdleMs;
          sessions.set(key, continues ? last.sessionId! : options.newSessionId());
        }
        const withSessions: StoredEventRow[] = rows.map((row) => ({
          ...row,
          sessionId: row.sessionKey ? (sessions.get(row.sessionKey) ?? null) : null,
        }));
        const inserted = new Set(
          (
            await trx
              .insertInto('analyticsEvents')
              .values(withSessions)
              .onConflict((oc) => oc.column('id').doNothing())
              .returning('id')
              .execute()
          ).map((row) => row.id),
        );
        if (options.feedback && options.feedback.length > 0) {
          await trx.insertInto('productFeedback').values(options.feedback).execute();
        }
        const outbox = options.outbox?.(withSessions.filter((row) => inserted.has(row.id))) ?? [];
        if (outbox.length > 0) {
          await trx
            .insertInto('xapiOutbox')
            .values(outbox)
            .onConflict((oc) => oc.column('id').doNothing())
            .execute();
        }
      });
    },

    /** How many of a tenant's events were received in [from, to). */
    async countForExport(tenantId: string, range: { from: string; to: string }): Promise<number> {
      const row = await db
        .selectFrom('analyticsEvents')
        .select((eb) => eb.fn.countAll<number | string>().as('count'))
        .where('tenantId', '=', tenantId)
        .where('created', '>=', range.from)
        .where('created', '<', range.to)
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    /**
     * One page of a tenant's events received in [from, to), in (created, id) order, after the given position
     * (keyset paging: every page is one indexed range read, however deep).
     */
    async exportPage(
      tenantId: string,
      range: { from: string; to: string },
      after: { created: string; id: string } | null,
      limit: number,
    ): Promise<ExportedEventRow[]> {
      let query = db
        .selectFrom('analyticsEvents')
        .select(['id', 'tenantId', 'userId', 'name', 'payload', 'created', 'sessionId'])
        .where('tenantId', '=', tenantId)
        .where('created', '>=', range.from)
        .where('created', '<', range.to);
      if (after) {
        query = query.where((eb) =>
          eb.or([
            eb('created', '>', after.created),
            eb.and([eb('created', '=', after.created), eb('id', '>', after.id)]),
          ]),
        );
      }
      return query.orderBy('created').orderBy('id').limit(limit).execute();
    },
  };
}
