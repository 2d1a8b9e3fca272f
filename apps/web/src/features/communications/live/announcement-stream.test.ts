import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import type { AnnouncementList, AnnouncementUnreadCounts } from '@portal/contracts';
import { announcementKeys } from '../api/unread-counts-query.ts';
import { aMessage, CHANNEL, COURSE } from '../testing/fake-announcements-api.ts';
import { ANNOUNCEMENT_EVENTS_URL, openAnnouncementStream } from './announcement-stream.ts';

/** The EventSource interface as the stream uses it; the test plays the server's side. */
class StandInEventSource extends EventTarget {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static opened: StandInEventSource[] = [];
  readyState = StandInEventSource.CONNECTING;
  onerror: ((event: Event) => void) | null = null;
  closed = false;
  constructor(
    readonly url: string,
    readonly init?: EventSourceInit,
  ) {
    super();
    StandInEventSource.opened.push(this);
  }
  send(type: string, data: unknown) {
    this.readyState = StandInEventSource.OPEN;
    this.dispatchEvent(new MessageEvent(type, { data: JSON.stringify(data) }));
  }
  fail(readyState: number) {
    this.readyState = readyState;
    this.onerror?.(new Event('error'));
  }
  close() {
    this.closed = true;
    this.readyState = StandInEventSource.CLOSED;
  }
}

let client: QueryClient;
beforeEach(() => {
  vi.useFakeTimers();
  StandInEventSource.opened = [];
  client = new QueryClient();
  client.setQueryData<AnnouncementUnreadCounts>(announcementKeys.unreadCounts(), {
    items: [{ objectiveId: COURSE, channelId: CHANNEL, unreadCount: 0 }],
  });
  client.setQueryData<AnnouncementList>(announcementKeys.list(COURSE), {
    channelId: CHANNEL,
    items: [aMessage(1)],
    unreadCount: 0,
    lastReadMessageId: aMessage(1).id,
    canPost: false,
  });
});
afterEach(() => vi.useRealTimers());

const open = (onMessage?: () => void) =>
  openAnnouncementStream({
    queryClient: client,
    EventSourceClass: StandInEventSource as unknown as typeof EventSource,
    onMessage,
  });

describe('the live announcement stream', () => {
  it('opens one stream with the session cookie and applies message and unread events', () => {
    const onMessage = vi.fn();
    const close = open(onMessage);
    const [source] = StandInEventSource.opened;
    expect(source).toMatchObject({ url: ANNOUNCEMENT_EVENTS_URL, init: { withCredentials: true } });

    source!.send('ready', {});
    source!.send('message', { type: 'created', message: aMessage(2) });
    source!.send('unread', {
      items: [{ objectiveId: COURSE, channelId: CHANNEL, unreadCount: 1 }],
    });

    const list = client.getQueryData<AnnouncementList>(announcementKeys.list(COURSE))!;
    expect(list.items.map((m) => m.text)).toEqual(['Message 2', 'Message 1']);
    expect(list.unreadCount).toBe(1);
    expect(
      client.getQueryData<AnnouncementUnreadCounts>(announcementKeys.unreadCounts())!.items[0]!
        .unreadCount,
    ).toBe(1);
    expect(onMessage).toHaveBeenCalledWith({ type: 'created', message: aMessage(2) });
    close();
    expect(source!.closed).toBe(true);
  });

  it('leaves reconnecting to the browser while it retries (it sends Last-Event-ID itself)', () => {
    open();
    StandInEventSource.opened[0]!.fail(StandInEventSource.CONNECTING);
    vi.advanceTimersByTime(120_000);
    expect(StandInEventSource.opened).toHaveLength(1);
  });

  it('reopens a refused stream after a growing pause and then refetches what it may have missed', () => {
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    const close = open();
    StandInEventSource.opened[0]!.fail(StandInEventSource.CLOSED);
    vi.advanceTimersByTime(1_999);
    expect(StandInEventSource.opened).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(StandInEventSource.opened).toHaveLength(2);

    StandInEventSource.opened[1]!.fail(StandInEventSource.CLOSED);
    vi.advanceTimersByTime(3_999);
    expect(StandInEventSource.opened).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(StandInEventSource.opened).toHaveLength(3);

    StandInEventSource.opened[2]!.send('ready', {});
    expect(invalidate).toHaveBeenCalledWith({ queryKey: announcementKeys.all });

    StandInEventSource.opened[2]!.fail(StandInEventSource.CLOSED);
    close();
    vi.advanceTimersByTime(120_000);
    expect(StandInEventSource.opened).toHaveLength(3);
  });

  it('skips an event whose data is not JSON', () => {
    open();
    const source = StandInEventSource.opened[0]!;
    source.dispatchEvent(new MessageEvent('message', { data: 'not json' }));
    expect(
      client.getQueryData<AnnouncementList>(announcementKeys.list(COURSE))!.items,
    ).toHaveLength(1);
  });
});
