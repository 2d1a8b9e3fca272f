// The members' live streams (text/event-stream) of this instance (docs/decisions/0022), carrying the events
// and unread counts of every kind of channel the user is a member of (docs/decisions/0023). A stream starts
// with what the browser missed since its Last-Event-ID (or, on a first connection, the current position),
// then a `ready` event and the current unread counts; afterwards every hub signal becomes a `message` event
// (id = the event log's seq) for the members of its channel and an `unread` event with their new count.
import type { ServerResponse } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import {
  ANNOUNCEMENT_EVENT_MESSAGE,
  ANNOUNCEMENT_EVENT_UNREAD,
  type AnnouncementMessageEvent,
  type AnnouncementUnreadCounts,
} from '@portal/contracts';
import type { Principal } from '../../http/principal.ts';
import type { AnnouncementsRepository, EventRow } from './announcements.repository.ts';
import type { AnnouncementsHub, HubSignal } from './announcements-hub.ts';
import type { ChannelsRepository } from './channels.repository.ts';
import { toChannelMessage } from './channels.service.ts';

/** Events replayed at most on reconnection; a browser further behind reloads its lists anyway. */
export const CATCH_UP_LIMIT = 1000;
export const HEARTBEAT_MS = 25_000;
/** Open streams one user may hold on one instance (tabs and browsers); more are refused with 429. */
export const MAX_STREAMS_PER_USER = 8;

interface Stream {
  userId: string;
  tenantId: string;
  res: ServerResponse;
  /** The newest event log seq this stream has been sent (or was positioned at). */
  lastSeq: number;
  ready: boolean;
  queued: HubSignal[];
}

function frame(event: string, data: unknown, id?: number): string {
  return `event: ${event}\n${id === undefined ? '' : `id: ${id}\n`}data: ${JSON.stringify(data)}\n\n`;
}

export function createAnnouncementStreams(deps: {
  repository: AnnouncementsRepository;
  channels: ChannelsRepository;
  hub: AnnouncementsHub;
  log: FastifyBaseLogger;
}) {
  const { repository, channels, hub, log } = deps;
  const streams = new Set<Stream>();

  /** Sends the event unless the stream already had it; answers whether it was sent. */
  const sendMessage = (stream: Stream, event: EventRow): boolean => {
    if (event.seq <= stream.lastSeq) return false;
    const data: AnnouncementMessageEvent = { type: event.type, message: toChannelMessage(event) };
    stream.res.write(frame(ANNOUNCEMENT_EVENT_MESSAGE, data, event.seq));
    stream.lastSeq = event.seq;
    return true;
  };
  const sendUnread = async (stream: Stream, signal: HubSignal) => {
    const unreadCount = await repository.unreadCount(stream.userId, signal.channelId);
    const data: AnnouncementUnreadCounts = {
      items: [
        {
          objectiveId: signal.objectiveId,
          channelId: signal.channelId,
          unreadCount,
          kind: signal.channelKind,
        },
      ],
    };
    stream.res.write(frame(ANNOUNCEMENT_EVENT_UNREAD, data));
  };

  async function handle(signal: HubSignal, targets: Stream[]): Promise<void> {
    const inTenant = targets.filter((stream) => stream.tenantId === signal.tenantId);
    if (inTenant.length === 0) return;
    if (signal.kind === 'read') {
      for (const stream of inTenant)
        if (stream.userId === signal.userId) await sendUnread(stream, signal);
      return;
    }
    const readers = await repository.membersAmong(
      [...new Set(inTenant.map((stream) => stream.userId))],
      signal.channelId,
    );
    const members = inTenant.filter((stream) => readers.has(stream.userId));
    if (members.length === 0) return;
    const event = await repository.findEvent(signal.seq);
    if (!event) return;
    // A signal heard twice (the SQLite poll racing a publish) or already replayed changes no count.
    for (const stream of members) if (sendMessage(stream, event)) await sendUnread(stream, signal);
  }

  // Signals are handled one at a time, so each stream gets its events in log order.
  let chain: Promise<void> = Promise.resolve();
  hub.subscribe((signal) => {
    chain = chain
      .then(async () => {
        const ready: Stream[] = [];
        for (const stream of streams) {
          if (stream.ready) ready.push(stream);
          else stream.queued.push(signal);
        }
        await handle(signal, ready);
      })
      .catch((error: unknown) => log.error({ err: error }, 'announcement fan-out failed'));
  });

  return {
    /** Whether the user may open one more stream here. */
    hasRoomFor(userId: string): boolean {
      let open = 0;
      for (const stream of streams) if (stream.userId === userId) open += 1;
      return open < MAX_STREAMS_PER_USER;
    },

    async open(
      principal: Principal,
      res: ServerResponse,
      lastEventId: number | undefined,
    ): Promise<void> {
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
        'x-content-type-options': 'nosniff',
      });
      res.write('retry: 3000\n\n');
      const stream: Stream = {
        userId: principal.userId,
        tenantId: principal.tenantId,
        res,
        lastSeq: 0,
        ready: false,
        queued: [],
      };
      streams.add(stream);
      const heartbeat = setInterval(() => res.write(': keep-alive\n\n'), HEARTBEAT_MS);
      const close = () => {
        clearInterval(heartbeat);
        streams.delete(stream);
      };
      // The response's close (not the request's, which closes once read) is the browser leaving.
      res.on('close', close);
      try {
        if (lastEventId === undefined) {
          stream.lastSeq = await repository.lastSeq();
        } else {
          stream.lastSeq = lastEventId;
          const readable = await repository.readableChannels(principal.tenantId, principal.userId);
          for (const event of await repository.eventsAfter(readable, lastEventId, CATCH_UP_LIMIT))
            sendMessage(stream, event);
        }
        res.write(frame('ready', {}, stream.lastSeq));
        const counts: AnnouncementUnreadCounts = {
          items: await channels.unreadCounts(principal.tenantId, principal.userId),
        };
        res.write(frame(ANNOUNCEMENT_EVENT_UNREAD, counts));
        // Signals that arrived meanwhile, in order, after everything above (seq already sent is skipped).
        chain = chain
          .then(async () => {
            stream.ready = true;
            for (const signal of stream.queued.splice(0)) await handle(signal, [stream]);
          })
          .catch((error: unknown) => log.error({ err: error }, 'announcement catch-up failed'));
        await chain;
      } catch (error) {
        log.error({ err: error }, 'announcement stream failed');
        close();
        res.end();
      }
    },

    closeAll(): void {
      for (const stream of streams) stream.res.end();
      streams.clear();
    },
  };
}
