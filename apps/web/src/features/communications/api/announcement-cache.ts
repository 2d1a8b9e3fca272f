// How news about announcements (the live stream's events, the caller's own writes) changes the cached
// unread counts and channel lists, so cards, the Notifications layer and an open hub follow without a refetch.
import type { QueryClient } from '@tanstack/react-query';
import type {
  Announcement,
  AnnouncementList,
  AnnouncementMessageEvent,
  AnnouncementUnreadCount,
  AnnouncementUnreadCounts,
} from '@portal/contracts';
import { announcementKeys } from './unread-counts-query.ts';

/** Puts a created, edited or deleted message into its course's cached list (newest first). */
export function applyMessage(queryClient: QueryClient, message: Announcement): void {
  queryClient.setQueryData<AnnouncementList>(announcementKeys.list(message.objectiveId), (list) => {
    if (!list) return list;
    const index = list.items.findIndex((item) => item.id === message.id);
    if (index >= 0) {
      const items = [...list.items];
      items[index] = message;
      return { ...list, items };
    }
    // A message the list has never shown: a new one (deleted ones it never had stay out).
    if (message.deleted) return list;
    const items = [...list.items, message].sort(newestFirst);
    return { ...list, channelId: message.channelId, items };
  });
}

function newestFirst(a: Announcement, b: Announcement): number {
  return a.created < b.created ? 1 : a.created > b.created ? -1 : a.id < b.id ? 1 : -1;
}

export function applyMessageEvent(queryClient: QueryClient, event: AnnouncementMessageEvent): void {
  applyMessage(queryClient, event.message);
}

/** New unread counts of some courses: the card badges, the Notifications layer and the hub's list. */
export function applyUnreadCounts(
  queryClient: QueryClient,
  changes: readonly AnnouncementUnreadCount[],
): void {
  queryClient.setQueryData<AnnouncementUnreadCounts>(announcementKeys.unreadCounts(), (counts) => {
    if (!counts) return counts;
    const items = [...counts.items];
    for (const change of changes) {
      const index = items.findIndex((item) => item.objectiveId === change.objectiveId);
      if (index >= 0) items[index] = change;
      else items.push(change);
    }
    return { items };
  });
  for (const change of changes) {
    queryClient.setQueryData<AnnouncementList>(announcementKeys.list(change.objectiveId), (list) =>
      list ? { ...list, unreadCount: change.unreadCount } : list,
    );
  }
}

/** The caller read up to `messageId` in a course: nothing there is unread any more. */
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
