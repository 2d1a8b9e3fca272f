// The caller's unread announcement counts per course (docs/decisions/0026): the one query of the course cards and
// the Notifications layer, kept tiny because My Courses (the first page) loads it.
import { queryOptions } from '@tanstack/react-query';
import { announcementUnreadCountsSchema, type AnnouncementUnreadCount } from '@portal/contracts';
import { LMS_API, apiGet } from '../../../lib/api-client.ts';

export const announcementKeys = {
  all: ['lms', 'announcements'] as const,
  unreadCounts: () => [...announcementKeys.all, 'unread-counts'] as const,
  list: (objectiveId: string) => [...announcementKeys.all, 'list', objectiveId] as const,
};

/** Discussion and direct channels (docs/decisions/0023): keys only, the requests load with the hub. */
export const channelKeys = {
  all: ['lms', 'channels'] as const,
  list: () => [...channelKeys.all, 'list'] as const,
  messages: (channelId: string) => [...channelKeys.all, 'messages', channelId] as const,
  discussion: (objectiveId: string) => [...channelKeys.all, 'discussion', objectiveId] as const,
};

export const announcementUnreadCountsQuery = () =>
  queryOptions({
    queryKey: announcementKeys.unreadCounts(),
    queryFn: ({ signal }) =>
      apiGet(
        `${LMS_API}/users/me/announcement-unread-counts`,
        import.meta.env.PROD ? undefined : announcementUnreadCountsSchema,
        { signal },
      ),
    // The live stream keeps it current; a refetch on every focus would only repeat what it said.
    staleTime: 60_000,
  });

/** The course's unread count, or null when it has no channel (or the counts are not known yet). */
export function unreadCountOf(
  items: readonly AnnouncementUnreadCount[] | undefined,
  objectiveId: string,
): number | null {
  return items?.find((item) => item.objectiveId === objectiveId)?.unreadCount ?? null;
}
