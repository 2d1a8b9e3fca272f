// Fan-out of channel changes (every kind, docs/decisions/0023) to the live streams of every app instance (docs/decisions/0022). The
// database is the truth: a signal only says "event `seq` exists" or "this user's read marker moved", and
// each instance reads what it sends from the database. On SQLite (one process) signals go straight to this
// process's listeners; on PostgreSQL every instance LISTENs on one channel and signals are NOTIFYs, so an
// instance hears its own signals the same way as the others'. On SQLite the event log is also polled for
// events that other processes (the CLI) wrote.
import pg from 'pg';
import { sql, type Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { ChannelKind } from '@portal/contracts';
import type { Database } from '../../db/schema.ts';

export const NOTIFY_CHANNEL = 'portal_announcements';
/** How often a SQLite server looks for events written by other processes (the CLI). */
export const SQLITE_POLL_MS = 500;

interface SignalChannel {
  tenantId: string;
  objectiveId: string;
  channelId: string;
  channelKind: ChannelKind;
}
export type HubSignal =
  | ({ kind: 'event'; seq: number } & SignalChannel)
  | ({ kind: 'read'; userId: string } & SignalChannel);

export interface AnnouncementsHub {
  publish(signal: HubSignal): Promise<void>;
  subscribe(listener: (signal: HubSignal) => void): () => void;
  /** Resolves once signals from other instances can arrive (the LISTEN is in place). */
  ready(): Promise<void>;
  close(): Promise<void>;
}

function parseSignal(payload: string | undefined): HubSignal | undefined {
  try {
    const value = JSON.parse(payload ?? '') as HubSignal;
    if (value.kind === 'event' && typeof value.seq === 'number') return value;
    if (value.kind === 'read' && typeof value.userId === 'string') return value;
  } catch {
    // ignored below
  }
  return undefined;
}

export function createAnnouncementsHub(options: {
  db: Kysely<Database>;
  /** PostgreSQL's connection string; without it, the hub is in-process. */
  postgresUrl?: string;
  log: FastifyBaseLogger;
}): AnnouncementsHub {
  const listeners = new Set<(signal: HubSignal) => void>();
  const deliver = (signal: HubSignal) => {
    for (const listener of listeners) {
      try {
        listener(signal);
      } catch (error) {
        options.log.error({ err: error }, 'announcement listener failed');
      }
    }
  };
  const subscribe = (listener: (signal: HubSignal) => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  };

  if (!options.postgresUrl) {
    // One server process on SQLite; other processes (the CLI) write to the same file, so the event log is
    // also polled for what this process did not publish itself.
    let highWater: number | undefined;
    let polling = false;
    const poll = async () => {
      if (polling || highWater === undefined) return;
      polling = true;
      try {
        const rows = await options.db
          .selectFrom('channelEvents as e')
          .innerJoin('channels as c', 'c.id', 'e.channelId')
          .select(['e.seq', 'e.tenantId', 'e.channelId', 'c.objectiveId', 'c.kind'])
          .where('e.seq', '>', highWater ?? 0)
          .orderBy('e.seq')
          .limit(500)
          .execute();
        for (const row of rows) {
          highWater = Math.max(highWater ?? 0, row.seq);
          if (row.objectiveId)
            deliver({
              kind: 'event',
              tenantId: row.tenantId,
              objectiveId: row.objectiveId,
              channelId: row.channelId,
              channelKind: row.kind,
              seq: row.seq,
            });
        }
      } catch (error) {
        options.log.error({ err: error }, 'announcement event poll failed');
      } finally {
        polling = false;
      }
    };
    const started = (async () => {
      const row = await options.db
        .selectFrom('channelEvents')
        .select((eb) => eb.fn.max('seq').as('seq'))
        .executeTakeFirst();
      highWater = Number(row?.seq ?? 0);
    })();
    const timer = setInterval(() => void poll(), SQLITE_POLL_MS);
    timer.unref();
    return {
      async publish(signal) {
        if (signal.kind === 'event') highWater = Math.max(highWater ?? 0, signal.seq);
        setImmediate(() => deliver(signal));
      },
      subscribe,
      ready: () => started,
      async close() {
        clearInterval(timer);
        listeners.clear();
      },
    };
  }

  const url = options.postgresUrl;
  let closed = false;
  let client: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;

  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: url });
    next.on('notification', (message) => {
      if (message.channel !== NOTIFY_CHANNEL) return;
      const signal = parseSignal(message.payload);
      if (signal) deliver(signal);
    });
    next.on('error', (error) => {
      options.log.warn({ err: error }, 'announcements LISTEN connection lost; reconnecting');
      next.end().catch(() => undefined);
      if (client === next) client = undefined;
      if (!closed) retry = setTimeout(() => void connect().catch(() => undefined), 1000);
    });
    await next.connect();
    await next.query(`LISTEN ${NOTIFY_CHANNEL}`);
    if (closed) {
      await next.end();
      return;
    }
    client = next;
  };
  const listening = connect();

  return {
    async publish(signal) {
      await sql`select pg_notify(${NOTIFY_CHANNEL}, ${JSON.stringify(signal)})`.execute(options.db);
    },
    subscribe,
    ready: () => listening,
    async close() {
      closed = true;
      clearTimeout(retry);
      listeners.clear();
      await listening.catch(() => undefined);
      await client?.end().catch(() => undefined);
      client = undefined;
    },
  };
}
