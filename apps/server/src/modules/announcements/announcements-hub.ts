// Fan-out of announcement changes to the live streams of every app instance (docs/decisions/0022). The
// database is the truth: a signal only says "event `seq` exists" or "this user's read marker moved", and
// each instance reads what it sends from the database. On SQLite (one process) signals go straight to this
// process's listeners; on PostgreSQL every instance LISTENs on one channel and signals are NOTIFYs, so an
// instance hears its own signals the same way as the others'.
import pg from 'pg';
import { sql, type Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/schema.ts';

export const NOTIFY_CHANNEL = 'portal_announcements';

export type HubSignal =
  | { kind: 'event'; tenantId: string; objectiveId: string; channelId: string; seq: number }
  | { kind: 'read'; tenantId: string; objectiveId: string; channelId: string; userId: string };

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
    return {
      async publish(signal) {
        setImmediate(() => deliver(signal));
      },
      subscribe,
      ready: async () => undefined,
      close: async () => listeners.clear(),
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
