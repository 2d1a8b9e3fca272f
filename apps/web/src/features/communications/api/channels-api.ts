// Requests of discussion and direct channels (docs/decisions/0023, 0026): the caller's channels with their unread
// counts, a channel's messages page by page, opening a course's discussion or the learner's direct channel,
// posting, editing, deleting and the read marker. Loaded with the hub, never by the first page.
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import {
  channelListSchema,
  channelMessagePageSchema,
  channelMessageSchema,
  channelSummarySchema,
  type ChannelMessage,
  type ChannelSummary,
  type MessageReactionEmoji,
} from '@portal/contracts';
import { LMS_API, apiFetch, apiGet, contractBody } from '../../../lib/api-client.ts';

import { channelKeys } from './unread-counts-query.ts';

export { channelKeys };

const channelBase = (channelId: string) => `${LMS_API}/channels/${encodeURIComponent(channelId)}`;
const dev = <T>(schema: T): T | undefined => (import.meta.env.PROD ? undefined : schema);

/** Every channel the caller is a member of, with unread counts, most recent activity first. */
export const channelListQuery = () =>
  queryOptions({
    queryKey: channelKeys.list(),
    queryFn: ({ signal }) =>
      apiGet(`${LMS_API}/users/me/channels`, dev(channelListSchema), { signal }),
    // Kept current by the live stream while the portal is open.
    staleTime: 60_000,
  });

/** A channel's messages, newest first; each further page is older ("Show older messages"). */
export const channelMessagesQuery = (channelId: string) =>
  infiniteQueryOptions({
    queryKey: channelKeys.messages(channelId),
    queryFn: ({ signal, pageParam }) =>
      apiGet(`${channelBase(channelId)}/messages`, dev(channelMessagePageSchema), {
        signal,
        query: pageParam ? { before: pageParam } : undefined,
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => (page.hasMore ? page.items.at(-1)?.id : undefined),
    staleTime: 60_000,
  });

/**
 * The course's discussion channel, created on first use, for members only (others get 404). A POST, but one
 * that answers the same channel every time, so it is cached like a read.
 */
export const discussionQuery = (objectiveId: string) =>
  queryOptions({
    queryKey: channelKeys.discussion(objectiveId),
    queryFn: () => openChannel(objectiveId, 'discussion'),
    staleTime: Infinity,
    retry: false,
  });

/** Opens (creating on first use) the course's discussion or the enrolled caller's direct channel. */
export async function openChannel(
  objectiveId: string,
  kind: 'discussion' | 'direct-channel',
): Promise<ChannelSummary> {
  const response = await apiFetch(
    'POST',
    `${LMS_API}/objectives/${encodeURIComponent(objectiveId)}/${kind}`,
  );
  return contractBody(dev(channelSummarySchema), await response.json());
}

export async function postChannelMessage(channelId: string, text: string): Promise<ChannelMessage> {
  const response = await apiFetch('POST', `${channelBase(channelId)}/messages`, { body: { text } });
  return contractBody(dev(channelMessageSchema), await response.json());
}

export async function editChannelMessage(
  channelId: string,
  messageId: string,
  text: string,
): Promise<ChannelMessage> {
  const response = await apiFetch(
    'PATCH',
    `${channelBase(channelId)}/messages/${encodeURIComponent(messageId)}`,
    { body: { text } },
  );
  return contractBody(dev(channelMessageSchema), await response.json());
}

export async function deleteChannelMessage(channelId: string, messageId: string): Promise<void> {
  await apiFetch('DELETE', `${channelBase(channelId)}/messages/${encodeURIComponent(messageId)}`);
}

/** Moves the caller's marker to `messageId` (and everything before it). */
export async function markChannelRead(channelId: string, messageId: string): Promise<void> {
  await apiFetch('POST', `${channelBase(channelId)}/read`, { body: { messageId } });
}

/** Adds (`on`) or removes the caller's reaction; answers the message with the new counts. */
export async function setReaction(
  channelId: string,
  messageId: string,
  emoji: MessageReactionEmoji,
  on: boolean,
): Promise<ChannelMessage> {
  const response = await apiFetch(
    on ? 'PUT' : 'DELETE',
    `${channelBase(channelId)}/messages/${encodeURIComponent(messageId)}/reactions/${encodeURIComponent(emoji)}`,
  );
  return contractBody(dev(channelMessageSchema), await response.json());
}
