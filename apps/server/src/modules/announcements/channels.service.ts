// Use cases of the generic channel API (docs/decisions/0023) over every kind of course channel. Members read
// and post (announcement channels: only Announcement.Post holders post); authors edit and delete their own
// messages; a channel the caller is no member of answers 404, like one that does not exist.
import {
  ANNOUNCEMENT_POSTS_PER_MINUTE,
  CHANNEL_PAGE_SIZE,
  type ChannelList,
  type ChannelMessage,
  type ChannelMessagePage,
  type ChannelSummary,
  type MessageReactionEmoji,
} from '@portal/contracts';
import { parseMessageText } from '@portal/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import { ForbiddenError, NotFoundError } from '../../http/errors.ts';
import type { Principal } from '../../http/principal.ts';
import {
  canPost,
  type AnnouncementsRepository,
  type MessageRow,
} from './announcements.repository.ts';
import {
  normaliseAnnouncementText,
  toAnnouncement,
  TooManyRequestsError,
} from './announcements.service.ts';
import type { AnnouncementsHub } from './announcements-hub.ts';
import type { ChannelRow, ChannelsRepository, ChannelSummaryRow } from './channels.repository.ts';

type Caller = Pick<Principal, 'tenantId' | 'userId'>;

const notFound = () => new NotFoundError('channel_not_found', { key: 'notFound' });

export function toChannelMessage(row: MessageRow): ChannelMessage {
  const message = toAnnouncement(row);
  return { ...message, kind: row.kind, content: parseMessageText(message.text) };
}

const fullName = (first: string | null, middle: string | null, last: string | null) =>
  [first, middle, last].filter(Boolean).join(' ');

export type ChannelsService = ReturnType<typeof createChannelsService>;

export function createChannelsService(deps: {
  db: Kysely<Database>;
  announcements: AnnouncementsRepository;
  repository: ChannelsRepository;
  clock: Clock;
  hub: AnnouncementsHub;
}) {
  const { db, announcements, repository, clock, hub } = deps;

  function toSummary(
    row: ChannelSummaryRow,
    userId: string,
    poster: boolean,
    lastMessage: MessageRow | undefined,
  ): ChannelSummary {
    const learner =
      row.kind === 'direct' && row.learnerId
        ? {
            id: row.learnerId,
            name: fullName(row.learnerFirstName, row.learnerMiddleName, row.learnerLastName),
          }
        : null;
    return {
      id: row.id,
      kind: row.kind,
      objectiveId: row.objectiveId,
      courseName: row.courseName,
      title: learner && learner.id !== userId ? learner.name : row.courseName,
      learner,
      unreadCount: row.unreadCount,
      lastMessage: lastMessage ? toChannelMessage(lastMessage) : null,
      canPost: row.kind !== 'announcement' || poster,
    };
  }

  /** The channel and the caller's right to post in it; 404 unless the caller is a member. */
  async function access(caller: Caller, channelId: string) {
    const channel = await repository.findChannel(caller.tenantId, channelId);
    if (!channel) throw notFound();
    const poster = await canPost(db, caller.userId, channel.objectiveId);
    const member =
      poster ||
      (channel.kind === 'direct'
        ? channel.learnerId === caller.userId
        : await announcements.isEnrolled(caller.userId, channel.objectiveId));
    if (!member) throw notFound();
    return { channel, poster, canPost: channel.kind !== 'announcement' || poster };
  }

  async function ownMessage(caller: Caller, channelId: string, messageId: string) {
    const { channel, canPost: mayPost } = await access(caller, channelId);
    const message = await announcements.findMessage(channel.id, messageId);
    if (!message || message.deleted) throw notFound();
    if (!mayPost || message.authorId !== caller.userId) throw new ForbiddenError();
    return { channel, message };
  }

  /** Messages as the caller sees them: with the reactions and which of them are the caller's. */
  async function withReactions(caller: Caller, rows: MessageRow[]): Promise<ChannelMessage[]> {
    const reactions = await repository.reactionsOf(
      rows.map((row) => row.id),
      caller.userId,
    );
    return rows.map((row) => ({
      ...toChannelMessage(row),
      reactions: reactions.get(row.id) ?? [],
    }));
  }
  const oneWithReactions = async (caller: Caller, row: MessageRow) =>
    (await withReactions(caller, [row]))[0]!;

  const publishEvent = (channel: ChannelRow, seq: number) =>
    hub.publish({
      kind: 'event',
      tenantId: channel.tenantId,
      objectiveId: channel.objectiveId,
      channelId: channel.id,
      channelKind: channel.kind,
      seq,
    });

  async function summary(caller: Caller, channelId: string): Promise<ChannelSummary> {
    const [row] = await repository.summaries(caller.tenantId, caller.userId, channelId);
    if (!row) throw notFound();
    const [last] = await repository.messagesById(row.lastMessageId ? [row.lastMessageId] : []);
    const summarised = toSummary(
      row,
      caller.userId,
      await canPost(db, caller.userId, row.objectiveId),
      last,
    );
    return last ? { ...summarised, lastMessage: await oneWithReactions(caller, last) } : summarised;
  }

  /** The course (in the caller's tenant) and whether the caller is enrolled or holds Announcement.Post. */
  async function course(caller: Caller, objectiveId: string) {
    const found = await announcements.findCourse(caller.tenantId, objectiveId);
    if (!found) throw notFound();
    return {
      enrolled: await announcements.isEnrolled(caller.userId, objectiveId),
      poster: await canPost(db, caller.userId, objectiveId),
    };
  }

  return {
    async list(caller: Caller): Promise<ChannelList> {
      const rows = await repository.summaries(caller.tenantId, caller.userId);
      const lastRows = await repository.messagesById(
        rows.flatMap((row) => (row.lastMessageId ? [row.lastMessageId] : [])),
      );
      const reactions = await repository.reactionsOf(
        lastRows.map((message) => message.id),
        caller.userId,
      );
      const last = new Map(lastRows.map((message) => [message.id, message]));
      const posterOf = new Map<string, boolean>();
      for (const objectiveId of new Set(rows.map((row) => row.objectiveId)))
        posterOf.set(objectiveId, await canPost(db, caller.userId, objectiveId));
      const items = rows.map((row) => {
        const summarised = toSummary(
          row,
          caller.userId,
          posterOf.get(row.objectiveId) ?? false,
          row.lastMessageId ? last.get(row.lastMessageId) : undefined,
        );
        return summarised.lastMessage
          ? {
              ...summarised,
              lastMessage: {
                ...summarised.lastMessage,
                reactions: reactions.get(summarised.lastMessage.id) ?? [],
              },
            }
          : summarised;
      });
      // Most recent activity first; channels without messages after those with.
      const activity = (item: ChannelSummary) => item.lastMessage?.created ?? '';
      items.sort((a, b) => activity(b).localeCompare(activity(a)));
      return { items };
    },

    async messages(
      caller: Caller,
      channelId: string,
      beforeId: string | undefined,
    ): Promise<ChannelMessagePage> {
      const { channel } = await access(caller, channelId);
      let before: MessageRow | undefined;
      if (beforeId !== undefined) {
        before = await announcements.findMessage(channel.id, beforeId);
        if (!before) throw notFound();
      }
      const [rows, marker, { lastMessage: _omitted, ...head }] = await Promise.all([
        repository.listMessages(channel.id, before, CHANNEL_PAGE_SIZE + 1),
        announcements.findReadMarker(caller.userId, channel.id),
        summary(caller, channel.id),
      ]);
      return {
        channel: head,
        items: await withReactions(caller, rows.slice(0, CHANNEL_PAGE_SIZE)),
        hasMore: rows.length > CHANNEL_PAGE_SIZE,
        lastReadMessageId: marker?.lastReadMessageId ?? null,
      };
    },

    async post(caller: Caller, channelId: string, text: string): Promise<ChannelMessage> {
      const { channel, canPost: mayPost } = await access(caller, channelId);
      if (!mayPost) throw new ForbiddenError();
      const body = normaliseAnnouncementText(text, 'Enter the message.');
      const now = clock.now();
      const since = new Date(now.getTime() - 60_000).toISOString();
      // One limit per user across all kinds of channel (decision 0022's count of recent messages).
      if (
        (await announcements.countRecentPosts(caller.userId, since)) >=
        ANNOUNCEMENT_POSTS_PER_MINUTE
      )
        throw new TooManyRequestsError();
      const created = now.toISOString();
      const { id, seq } = await db
        .transaction()
        .execute((trx) =>
          announcements.insertMessage(
            trx,
            { tenantId: caller.tenantId, channelId: channel.id, authorId: caller.userId, body },
            created,
          ),
        );
      await publishEvent(channel, seq);
      return oneWithReactions(caller, (await announcements.findMessage(channel.id, id))!);
    },

    async edit(
      caller: Caller,
      channelId: string,
      messageId: string,
      text: string,
    ): Promise<ChannelMessage> {
      const { channel, message } = await ownMessage(caller, channelId, messageId);
      const body = normaliseAnnouncementText(text, 'Enter the message.');
      const seq = await db
        .transaction()
        .execute((trx) =>
          announcements.changeMessage(
            trx,
            { tenantId: caller.tenantId, channelId: channel.id, id: message.id },
            { type: 'edited', body },
            clock.now().toISOString(),
          ),
        );
      await publishEvent(channel, seq);
      return oneWithReactions(caller, (await announcements.findMessage(channel.id, message.id))!);
    },

    async remove(caller: Caller, channelId: string, messageId: string): Promise<void> {
      const { channel, message } = await ownMessage(caller, channelId, messageId);
      const seq = await db
        .transaction()
        .execute((trx) =>
          announcements.changeMessage(
            trx,
            { tenantId: caller.tenantId, channelId: channel.id, id: message.id },
            { type: 'deleted' },
            clock.now().toISOString(),
          ),
        );
      await publishEvent(channel, seq);
    },

    async markRead(caller: Caller, channelId: string, messageId: string): Promise<void> {
      const { channel } = await access(caller, channelId);
      const message = await announcements.findMessage(channel.id, messageId);
      if (!message) throw notFound();
      if (await announcements.markRead(caller.userId, message, clock.now().toISOString()))
        await hub.publish({
          kind: 'read',
          tenantId: caller.tenantId,
          objectiveId: channel.objectiveId,
          channelId: channel.id,
          channelKind: channel.kind,
          userId: caller.userId,
        });
    },

    /** Adds (`on`) or removes the caller's reaction; every member may react, in every kind of channel. */
    async react(
      caller: Caller,
      channelId: string,
      messageId: string,
      emoji: MessageReactionEmoji,
      on: boolean,
    ): Promise<ChannelMessage> {
      const { channel } = await access(caller, channelId);
      const message = await announcements.findMessage(channel.id, messageId);
      if (!message || message.deleted) throw notFound();
      await repository.setReaction(
        { messageId: message.id, userId: caller.userId, emoji },
        on,
        clock.now().toISOString(),
      );
      return oneWithReactions(caller, message);
    },

    /** The course's discussion channel (created on first use) for its members. */
    async openDiscussion(caller: Caller, objectiveId: string): Promise<ChannelSummary> {
      const { enrolled, poster } = await course(caller, objectiveId);
      if (!enrolled && !poster) throw notFound();
      const channelId = await repository.ensureCourseChannel(
        { tenantId: caller.tenantId, objectiveId, kind: 'discussion' },
        clock.now().toISOString(),
      );
      return summary(caller, channelId);
    },

    /** The enrolled caller's direct channel with the course staff (created on first use). */
    async openDirect(caller: Caller, objectiveId: string): Promise<ChannelSummary> {
      const { enrolled } = await course(caller, objectiveId);
      if (!enrolled) throw notFound();
      const channelId = await repository.ensureCourseChannel(
        { tenantId: caller.tenantId, objectiveId, kind: 'direct', learnerId: caller.userId },
        clock.now().toISOString(),
      );
      return summary(caller, channelId);
    },
  };
}
