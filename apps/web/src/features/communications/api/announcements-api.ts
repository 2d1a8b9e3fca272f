// Requests of a course's announcement channel (docs/decisions/0022): the list, posting, editing, deleting
// and the read marker. Loaded with the hub, never by the first page.
import { queryOptions } from '@tanstack/react-query';
import { announcementListSchema, announcementSchema, type Announcement } from '@portal/contracts';
import { LMS_API, apiFetch, apiGet, contractBody } from '../../../lib/api-client.ts';
import { announcementKeys } from './unread-counts-query.ts';

const base = (objectiveId: string) =>
  `${LMS_API}/objectives/${encodeURIComponent(objectiveId)}/announcements`;

/** Newest first, with the caller's unread count, last read message and whether they may post. */
export const announcementListQuery = (objectiveId: string) =>
  queryOptions({
    queryKey: announcementKeys.list(objectiveId),
    queryFn: ({ signal }) =>
      apiGet(base(objectiveId), import.meta.env.PROD ? undefined : announcementListSchema, {
        signal,
      }),
    // Kept current by the live stream while the portal is open.
    staleTime: 60_000,
  });

export async function postAnnouncement(objectiveId: string, text: string): Promise<Announcement> {
  const response = await apiFetch('POST', base(objectiveId), { body: { text } });
  return contractBody(import.meta.env.PROD ? undefined : announcementSchema, await response.json());
}

export async function editAnnouncement(
  objectiveId: string,
  messageId: string,
  text: string,
): Promise<Announcement> {
  const response = await apiFetch(
    'PATCH',
    `${base(objectiveId)}/${encodeURIComponent(messageId)}`,
    { body: { text } },
  );
  return contractBody(import.meta.env.PROD ? undefined : announcementSchema, await response.json());
}

export async function deleteAnnouncement(objectiveId: string, messageId: string): Promise<void> {
  await apiFetch('DELETE', `${base(objectiveId)}/${encodeURIComponent(messageId)}`);
}

/** Moves the caller's marker to `messageId` (and everything before it). */
export async function markAnnouncementsRead(objectiveId: string, messageId: string): Promise<void> {
  await apiFetch('POST', `${base(objectiveId)}/read`, { body: { messageId } });
}
