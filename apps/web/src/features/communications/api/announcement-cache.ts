// How news about course channels (the live stream's events, the caller's own writes) changes the cached unread
// counts and message lists, so cards, the Notifications layer and an open hub follow without a refetch.
// Announcements go to the per-course announcement caches (the card badges count announcements only); discussion
// and direct channels (docs/decisions/0023) go to the hub's channel list and the channel's own pages.
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type {
  Announcement,
  AnnouncementList,
  AnnouncementMessageEvent,
  AnnouncementUnreadCount,
  AnnouncementUnreadCounts,
  ChannelKind,
  ChannelList,
  ChannelMessage,
  ChannelMessagePage,
} from '@portal/contracts';
import { announcementKeys, channelKeys } from './unread-counts-query.ts';

/** A message or count without a kind is an announcement (servers before decision 0023 sent none). */
export const isAnnouncementKind = (kind: ChannelKind | undefined): boolean =>
  kind === undefined || kind === 'announcement';

type AnyMessage = Announcement & { kind?: ChannelKind };
type ChannelPages = InfiniteData<ChannelMessagePage, string | undefined>;

/** Puts a created, edited or deleted message into its channel's cached messages (newest first). */
export function applyMessage(queryClient: QueryClient, message: AnyMessage): void {
  if (!isAnnouncementKind(message.kind)) {
    applyChannelMessage(queryClient, message as ChannelMessage);
    return;
  }
  queryClient.setQueryData<AnnouncementList>(announcementKeys.list(message.objectiveId), (list) => {
    if (!list) return list;
    const index = list.items.findIndex((item) => item.id === message.id);
    if (index >= 0) {
      const items = [...list.items];
      // Live events carry no reactions (they are per reader): keep the counts already shown.
      items[index] = { ...message, reactions: message.reactions ?? list.items[index]!.reactions };
      return { ...list, items };
    }
    // A message the list has never shown: a new one (deleted ones it never had stay out).
    if (message.deleted) return list;
    const items = [...list.items, message].sort(newestFirst);
    return { ...list, channelId: message.channelId, items };
  });
}

/** A discussion or direct message into the cached pages of its channel (when the hub has loaded them). */
function applyChannelMessage(queryClient: QueryClient, message: ChannelMessage): void {
  queryClient.setQueryData<ChannelPages>(channelKeys.messages(message.channelId), (data) => {
    if (!data) return data;
    const pages = data.pages.map((page) => {
      const index = page.items.findIndex((item) => item.id === message.id);
      if (index < 0) return page;
      const items = [...page.items];
      // Live events carry no reactions (they are per reader): keep the counts already shown.
      items[index] = { ...message, reactions: message.reactions ?? page.items[index]!.reactions };
      return { ...page, items };
    });
    const known = pages.some((page, index) => page !== data.pages[index]);
    if (known || message.deleted || pages.length === 0) return { ...data, pages };
    const [first, ...rest] = pages;
    const items = [...first!.items, message].sort(newestFirst);
    return { ...data, pages: [{ ...first!, items }, ...rest] };
  });
}

function newestFirst(a: Announcement, b: Announcement): number {
  return a.created < b.created ? 1 : a.created > b.created ? -1 : a.id < b.id ? 1 : -1;
}

export function applyMessageEvent(queryClient: QueryClient, event: AnnouncementMessageEvent): void {
  applyMessage(queryClient, event.message);
}

/**
 * New unread counts of some channels. Announcement counts feed the card badges, the Notifications layer and the
 * hub's Announcements entry; discussion and direct counts only the hub's channel list.
 */
export function applyUnreadCounts(
  queryClient: QueryClient,
  changes: readonly AnnouncementUnreadCount[],
): void {
  const announcements = changes.filter((change) => isAnnouncementKind(change.kind));
  const others = changes.filter((change) => !isAnnouncementKind(change.kind));
  if (announcements.length > 0) {
    queryClient.setQueryData<AnnouncementUnreadCounts>(
      announcementKeys.unreadCounts(),
      (counts) => {
        if (!counts) return counts;
        const items = [...counts.items];
        for (const change of announcements) {
          const index = items.findIndex((item) => item.objectiveId === change.objectiveId);
          if (index >= 0) items[index] = change;
          else items.push(change);
        }
        return { items };
      },
    );
    for (const change of announcements) {
      queryClient.setQueryData<AnnouncementList>(
        announcementKeys.list(change.objectiveId),
        (list) => (list ? { ...list, unreadCount: change.unreadCount } : list),
      );
    }
  }
  if (others.length === 0) return;
  const list = queryClient.getQueryData<ChannelList>(channelKeys.list());
  if (!list) return;
  queryClient.setQueryData<ChannelList>(channelKeys.list(), {
    items: list.items.map((item) => {
      const change = others.find((candidate) => candidate.channelId === item.id);
      return change ? { ...item, unreadCount: change.unreadCount } : item;
    }),
  });
  // A channel the list does not have yet (a learner's first direct message to the staff): ask again.
  if (others.some((change) => !list.items.some((item) => item.id === change.channelId)))
    void queryClient.invalidateQueries({ queryKey: channelKeys.list() });
}

/** The caller read up to `messageId` in a course's announcements: nothing there is unread any more. */
export function applyRead(
  queryClient: QueryClient,
  objectiveId: string,
  channelId: string,
  messageId: string,
): void {
  queryClient.setQueryData<AnnouncementList>(announcementKeys.list(objectiveId), (list) =>
    list ? { ...list, lastReadMessageId: messageId } : list,
  );
  applyUnreadCounts(queryClient, [{ objectiveId, channelId, unreadCount: 0 }]);
}

/** The caller read up to `messageId` in a discussion or direct channel. */
export function applyChannelRead(
  queryClient: QueryClient,
  channel: { id: string; objectiveId: string; kind: ChannelKind },
  messageId: string,
): void {
  queryClient.setQueryData<ChannelPages>(channelKeys.messages(channel.id), (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page, index) =>
            index === 0
              ? {
                  ...page,
                  lastReadMessageId: messageId,
                  channel: { ...page.channel, unreadCount: 0 },
                }
              : page,
          ),
        }
      : data,
  );
  applyUnreadCounts(queryClient, [
    { objectiveId: channel.objectiveId, channelId: channel.id, unreadCount: 0, kind: channel.kind },
  ]);
}
