import { describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import type { AnnouncementList, AnnouncementUnreadCounts } from '@portal/contracts';
import type { ChannelList } from '@portal/contracts';
import {
  aChatMessage,
  aMessage,
  CHANNEL,
  COURSE,
  DISCUSSION,
} from '../testing/fake-announcements-api.ts';
import { applyMessageEvent, applyRead, applyUnreadCounts } from './announcement-cache.ts';
import { announcementKeys, channelKeys } from './unread-counts-query.ts';

const OTHER_COURSE = '33333333-3333-4333-8333-333333333333';
const OTHER_CHANNEL = '44444444-4444-4444-8444-444444444444';

function aClient(list?: AnnouncementList) {
  const client = new QueryClient();
  client.setQueryData<AnnouncementUnreadCounts>(announcementKeys.unreadCounts(), {
    items: [{ objectiveId: COURSE, channelId: CHANNEL, unreadCount: 1 }],
  });
  if (list) client.setQueryData(announcementKeys.list(COURSE), list);
  return client;
}

const aList = (items = [aMessage(2), aMessage(1)]): AnnouncementList => ({
  channelId: CHANNEL,
  items,
  unreadCount: 1,
  lastReadMessageId: items[1]?.id ?? null,
  canPost: false,
});

const list = (client: QueryClient) =>
  client.getQueryData<AnnouncementList>(announcementKeys.list(COURSE))!;
const counts = (client: QueryClient) =>
  client.getQueryData<AnnouncementUnreadCounts>(announcementKeys.unreadCounts())!.items;

describe('announcement cache updates', () => {
  it('puts a created message at the top of the open list, newest first, once', () => {
    const client = aClient(aList());
    applyMessageEvent(client, { type: 'created', message: aMessage(3) });
    applyMessageEvent(client, { type: 'created', message: aMessage(3) });
    expect(list(client).items.map((m) => m.text)).toEqual(['Message 3', 'Message 2', 'Message 1']);
  });

  it('orders a late-arriving older message below newer ones', () => {
    const client = aClient(aList([aMessage(3), aMessage(1)]));
    applyMessageEvent(client, { type: 'created', message: aMessage(2) });
    expect(list(client).items.map((m) => m.text)).toEqual(['Message 3', 'Message 2', 'Message 1']);
  });

  it('replaces an edited message and keeps a deleted one in place, marked deleted', () => {
    const client = aClient(aList());
    applyMessageEvent(client, {
      type: 'edited',
      message: aMessage(2, { text: 'Changed', edited: '2030-03-05T00:00:00.000Z' }),
    });
    applyMessageEvent(client, {
      type: 'deleted',
      message: aMessage(1, { text: '', deleted: '2030-03-05T00:00:00.000Z' }),
    });
    const [second, first] = list(client).items;
    expect(second).toMatchObject({ text: 'Changed', edited: '2030-03-05T00:00:00.000Z' });
    expect(first).toMatchObject({ text: '', deleted: '2030-03-05T00:00:00.000Z' });
  });

  it('ignores the deletion of a message the list never had, and lists nobody did not open', () => {
    const client = aClient(aList());
    applyMessageEvent(client, {
      type: 'deleted',
      message: aMessage(7, { deleted: '2030-03-07T00:00:00.000Z' }),
    });
    expect(list(client).items).toHaveLength(2);
    applyMessageEvent(client, {
      type: 'created',
      message: aMessage(3, { objectiveId: OTHER_COURSE }),
    });
    expect(client.getQueryData(announcementKeys.list(OTHER_COURSE))).toBeUndefined();
  });

  it('updates the counts of the courses an unread event names and adds new ones', () => {
    const client = aClient(aList());
    applyUnreadCounts(client, [
      { objectiveId: COURSE, channelId: CHANNEL, unreadCount: 4 },
      { objectiveId: OTHER_COURSE, channelId: OTHER_CHANNEL, unreadCount: 1 },
    ]);
    expect(counts(client)).toEqual([
      { objectiveId: COURSE, channelId: CHANNEL, unreadCount: 4 },
      { objectiveId: OTHER_COURSE, channelId: OTHER_CHANNEL, unreadCount: 1 },
    ]);
    expect(list(client).unreadCount).toBe(4);
  });

  it('reading clears the course count and moves the list marker', () => {
    const client = aClient(aList());
    applyRead(client, COURSE, CHANNEL, aMessage(2).id);
    expect(counts(client)[0]!.unreadCount).toBe(0);
    expect(list(client)).toMatchObject({ unreadCount: 0, lastReadMessageId: aMessage(2).id });
  });

  it('counts only announcement channels on cards and in Notifications; others go to the hub list', () => {
    const client = aClient(aList());
    const discussion: ChannelList['items'][number] = {
      id: DISCUSSION,
      kind: 'discussion',
      objectiveId: COURSE,
      courseName: 'Data literacy',
      title: 'Data literacy',
      learner: null,
      unreadCount: 0,
      lastMessage: null,
      canPost: true,
    };
    client.setQueryData<ChannelList>(channelKeys.list(), { items: [discussion] });
    applyUnreadCounts(client, [
      { objectiveId: COURSE, channelId: DISCUSSION, unreadCount: 5, kind: 'discussion' },
      { objectiveId: COURSE, channelId: OTHER_CHANNEL, unreadCount: 2, kind: 'direct' },
    ]);
    expect(counts(client)).toEqual([{ objectiveId: COURSE, channelId: CHANNEL, unreadCount: 1 }]);
    expect(list(client).unreadCount).toBe(1);
    expect(client.getQueryData<ChannelList>(channelKeys.list())!.items[0]!.unreadCount).toBe(5);
    // An announcement count (kind given or not) still reaches the card.
    applyUnreadCounts(client, [
      { objectiveId: COURSE, channelId: CHANNEL, unreadCount: 3, kind: 'announcement' },
    ]);
    expect(counts(client)[0]!.unreadCount).toBe(3);
  });

  it('puts discussion messages into their channel, never into the announcements', () => {
    const client = aClient(aList());
    client.setQueryData(channelKeys.messages(DISCUSSION), {
      pages: [{ channel: {}, items: [aChatMessage(1)], hasMore: false, lastReadMessageId: null }],
      pageParams: [undefined],
    });
    applyMessageEvent(client, { type: 'created', message: aChatMessage(2) });
    expect(list(client).items).toHaveLength(2);
    const pages = client.getQueryData<{ pages: { items: { id: string }[] }[] }>(
      channelKeys.messages(DISCUSSION),
    )!.pages;
    expect(pages[0]!.items.map((m) => m.id)).toEqual([aChatMessage(2).id, aChatMessage(1).id]);
  });
});
