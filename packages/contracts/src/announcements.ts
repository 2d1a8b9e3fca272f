// A course's announcement channel (docs/decisions/0022): messages, read markers, unread counts and the live
// stream's events. Message text is plain text: clients render it as text, never as HTML.
import { z } from 'zod';
import { idSchema, isoDateTimeSchema } from './common.ts';

/** Longest announcement, in characters (UTF-16 code units), after normalisation. */
export const ANNOUNCEMENT_MAX_LENGTH = 2000;
/** Messages one user may post per minute, across channels. */
export const ANNOUNCEMENT_POSTS_PER_MINUTE = 10;

/** The kinds of channel (docs/decisions/0023); the live stream and unread counts carry all of them. */
export const channelKindSchema = z.enum(['announcement', 'discussion', 'direct']);
export type ChannelKind = z.infer<typeof channelKindSchema>;

/** The emoji members may react with (learners react to announcements; everyone elsewhere). */
export const MESSAGE_REACTION_EMOJI = ['👍', '❤️', '🎉', '😄', '🤔', '👀'] as const;
export const messageReactionEmojiSchema = z.enum(MESSAGE_REACTION_EMOJI);
export type MessageReactionEmoji = z.infer<typeof messageReactionEmojiSchema>;

export const messageReactionSchema = z.object({
  emoji: messageReactionEmojiSchema,
  count: z.number().int().positive(),
  /** The caller reacted with this emoji. */
  mine: z.boolean(),
});
export type MessageReaction = z.infer<typeof messageReactionSchema>;

export const announcementSchema = z.object({
  id: idSchema,
  channelId: idSchema,
  objectiveId: idSchema,
  author: z.object({ id: idSchema, name: z.string() }),
  /** Plain text; empty once deleted. */
  text: z.string(),
  created: isoDateTimeSchema,
  edited: isoDateTimeSchema.nullable(),
  deleted: isoDateTimeSchema.nullable(),
  /**
   * Reactions in allow-list order, for the caller. Present in every list and channel API answer; absent in
   * live stream events (shared by all readers), where clients keep the counts they have.
   */
  reactions: z.array(messageReactionSchema).optional(),
});
export type Announcement = z.infer<typeof announcementSchema>;

export const announcementListSchema = z.object({
  channelId: idSchema,
  /** Newest first; deleted messages are left out. */
  items: z.array(announcementSchema),
  unreadCount: z.number().int().nonnegative(),
  lastReadMessageId: idSchema.nullable(),
  /** The caller may post, edit and delete here. */
  canPost: z.boolean(),
});
export type AnnouncementList = z.infer<typeof announcementListSchema>;

export const announcementTextSchema = z.object({ text: z.string() }).strict();
export type AnnouncementText = z.infer<typeof announcementTextSchema>;

export const announcementReadSchema = z.object({ messageId: idSchema }).strict();
export type AnnouncementRead = z.infer<typeof announcementReadSchema>;

export const announcementUnreadCountSchema = z.object({
  objectiveId: idSchema,
  channelId: idSchema,
  unreadCount: z.number().int().nonnegative(),
  /** The channel's kind; absent means `announcement` (the counts endpoint lists announcement channels only). */
  kind: channelKindSchema.optional(),
});
export type AnnouncementUnreadCount = z.infer<typeof announcementUnreadCountSchema>;

export const announcementUnreadCountsSchema = z.object({
  items: z.array(announcementUnreadCountSchema),
});
export type AnnouncementUnreadCounts = z.infer<typeof announcementUnreadCountsSchema>;

/**
 * Events of `GET users/me/announcement-events` (text/event-stream). `message` events carry the log's
 * sequence number as the SSE id, so a reconnecting browser's Last-Event-ID replays what it missed;
 * `unread` events carry no id (the stream starts with the current counts).
 */
export const announcementMessageEventSchema = z.object({
  type: z.enum(['created', 'edited', 'deleted']),
  message: announcementSchema,
});
export type AnnouncementMessageEvent = z.infer<typeof announcementMessageEventSchema>;
export const ANNOUNCEMENT_EVENT_MESSAGE = 'message';
export const ANNOUNCEMENT_EVENT_UNREAD = 'unread';
