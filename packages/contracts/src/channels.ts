// Course channels (docs/decisions/0023): a course's announcement channel, its discussion channel and the
// direct-message channels between one learner and the course staff; their messages in a small formatting
// subset (the AST below, produced by parseMessageText in @portal/domain), read markers and unread counts.
import { z } from 'zod';
import { idSchema } from './common.ts';
import { announcementSchema, channelKindSchema } from './announcements.ts';

/** Longest message of any channel, in characters after normalisation (the announcements' limit). */
export { ANNOUNCEMENT_MAX_LENGTH as CHANNEL_MESSAGE_MAX_LENGTH } from './announcements.ts';
/** Messages one page of `GET channels/{id}/messages` holds at most. */
export const CHANNEL_PAGE_SIZE = 50;

/** Inline pieces of formatted text. Links are http, https or mailto only; there is no HTML node. */
export const messageInlineSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('text'), text: z.string() }),
  z.object({ type: z.literal('strong'), text: z.string() }),
  z.object({ type: z.literal('emphasis'), text: z.string() }),
  z.object({ type: z.literal('code'), text: z.string() }),
  z.object({ type: z.literal('link'), text: z.string(), href: z.string() }),
  z.object({ type: z.literal('break') }),
]);
export type MessageInline = z.infer<typeof messageInlineSchema>;

export const messageBlockSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('paragraph'), children: z.array(messageInlineSchema) }),
  z.object({ type: z.literal('list'), items: z.array(z.array(messageInlineSchema)) }),
]);
export type MessageBlock = z.infer<typeof messageBlockSchema>;

/** A message's text as blocks; `[]` for a deleted message. */
export const messageContentSchema = z.array(messageBlockSchema);
export type MessageContent = z.infer<typeof messageContentSchema>;

/**
 * A message of any channel: the announcement shape plus the channel's kind and the parsed `content`.
 * `text` is the normalised source; clients render `content` (or parse `text` with the same function).
 */
export const channelMessageSchema = announcementSchema.extend({
  kind: channelKindSchema,
  content: messageContentSchema,
});
export type ChannelMessage = z.infer<typeof channelMessageSchema>;

export const channelSummarySchema = z.object({
  id: idSchema,
  kind: channelKindSchema,
  objectiveId: idSchema,
  courseName: z.string(),
  /**
   * Authored name to show (direction-isolated): the course's name, or for a direct channel seen by the
   * course staff, the learner's name. Clients add their own translated label for the kind.
   */
  title: z.string(),
  /** The learner of a direct channel; null for other kinds. */
  learner: z.object({ id: idSchema, name: z.string() }).nullable(),
  unreadCount: z.number().int().nonnegative(),
  lastMessage: channelMessageSchema.nullable(),
  canPost: z.boolean(),
});
export type ChannelSummary = z.infer<typeof channelSummarySchema>;

export const channelListSchema = z.object({ items: z.array(channelSummarySchema) });
export type ChannelList = z.infer<typeof channelListSchema>;

export const channelMessagesQuerySchema = z.object({ before: idSchema.optional() }).strict();

export const channelMessagePageSchema = z.object({
  channel: channelSummarySchema.omit({ lastMessage: true }),
  /** Newest first; deleted messages are left out. */
  items: z.array(channelMessageSchema),
  /** Older messages exist: ask again with `?before=` the last item's id. */
  hasMore: z.boolean(),
  lastReadMessageId: idSchema.nullable(),
});
export type ChannelMessagePage = z.infer<typeof channelMessagePageSchema>;

export const channelMessageTextSchema = z.object({ text: z.string() }).strict();
export const channelReadSchema = z.object({ messageId: idSchema }).strict();
