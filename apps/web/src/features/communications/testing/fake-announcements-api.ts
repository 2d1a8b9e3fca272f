// A stand-in for the server's announcement and channel endpoints (docs/decisions/0022, 0023) behind `fetch`, for
// component tests: it keeps messages, the reader's markers and unread counts, and answers like the real routes.
import { vi } from 'vitest';
import {
  CHANNEL_PAGE_SIZE,
  type Announcement,
  type ChannelMessage,
  type MessageReactionEmoji,
} from '@portal/contracts';
import { parseMessageText } from '@portal/domain';

export const COURSE = '11111111-1111-4111-8111-111111111111';
export const CHANNEL = '22222222-2222-4222-8222-222222222222';
export const READER = '00000000-0000-4000-8000-000000000001';
export const GRACE = '00000000-0000-4000-8000-0000000000ff';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

export function aMessage(index: number, overrides: Partial<Announcement> = {}): Announcement {
  return {
    id: `aaaaaaaa-aaaa-4aaa-8aaa-${String(index).padStart(12, '0')}`,
    channelId: CHANNEL,
    objectiveId: COURSE,
    author: { id: GRACE, name: 'Grace Hopper' },
    text: `Message ${index}`,
    created: `2030-03-0${index}T09:00:00.000Z`,
    edited: null,
    deleted: null,
    ...overrides,
  };
}

export const DISCUSSION = '55555555-5555-4555-8555-555555555555';
export const DIRECT = '66666666-6666-4666-8666-666666666666';

/** A message of the course's discussion (or, with `channelId: DIRECT`, of the reader's direct channel). */
export function aChatMessage(
  index: number,
  overrides: Partial<ChannelMessage> = {},
): ChannelMessage {
  const base = aMessage(index, { channelId: DISCUSSION, ...overrides });
  return {
    ...base,
    id: `bbbbbbbb-bbbb-4bbb-8bbb-${String(index).padStart(12, '0')}`,
    kind: base.channelId === DIRECT ? 'direct' : 'discussion',
    content: parseMessageText(base.text),
    reactions: [],
    ...overrides,
  };
}

/** The reader's reaction on (PUT) or off (DELETE), as the server counts it. */
function toggleReaction(message: Announcement, encodedEmoji: string, on: boolean): void {
  const emoji = decodeURIComponent(encodedEmoji) as MessageReactionEmoji;
  const others = message.reactions?.find((r) => r.emoji === emoji);
  const count = (others ? others.count - (others.mine ? 1 : 0) : 0) + (on ? 1 : 0);
  message.reactions = [
    ...(message.reactions ?? []).filter((r) => r.emoji !== emoji),
    ...(count > 0 ? [{ emoji, count, mine: on }] : []),
  ];
}

interface FakeChannel {
  id: string;
  kind: 'discussion' | 'direct';
  /** Oldest first. */
  messages: ChannelMessage[];
  lastReadMessageId: string | null;
  /** Created (listed in `users/me/channels`); the direct channel is created when first opened. */
  exists: boolean;
}

export interface FakeAnnouncementsApi {
  /** The course's discussion and the reader's direct channel. */
  channels: Record<'discussion' | 'direct', FakeChannel>;
  /** The reader is a member of the course (else the discussion and direct channel answer 404). */
  member: boolean;
  /** Oldest first. */
  messages: Announcement[];
  lastReadMessageId: string | null;
  canPost: boolean;
  /** Answer every announcement request with this status (a server that is down). */
  failWith: number | null;
  /** The next write's answer: a status and the server's message. */
  rejectNextWrite: { status: number; message: string } | null;
  calls: { method: string; url: string; body?: unknown }[];
}

export function installFakeAnnouncementsApi(
  initial: Partial<FakeAnnouncementsApi> = {},
): FakeAnnouncementsApi {
  const api: FakeAnnouncementsApi = {
    messages: [],
    lastReadMessageId: null,
    canPost: false,
    failWith: null,
    rejectNextWrite: null,
    calls: [],
    member: true,
    channels: {
      discussion: {
        id: DISCUSSION,
        kind: 'discussion',
        messages: [],
        lastReadMessageId: null,
        exists: true,
      },
      direct: { id: DIRECT, kind: 'direct', messages: [], lastReadMessageId: null, exists: false },
    },
    ...initial,
  };
  const chatUnread = (channel: FakeChannel) => {
    const readIndex = channel.messages.findIndex((m) => m.id === channel.lastReadMessageId);
    return channel.messages.filter(
      (m, index) => index > readIndex && !m.deleted && m.author.id !== READER,
    ).length;
  };
  const summary = (channel: FakeChannel) => ({
    id: channel.id,
    kind: channel.kind,
    objectiveId: COURSE,
    courseName: 'Data literacy',
    title: 'Data literacy',
    learner: channel.kind === 'direct' ? { id: READER, name: 'Ada Lovelace' } : null,
    unreadCount: chatUnread(channel),
    lastMessage: channel.messages.filter((m) => !m.deleted).at(-1) ?? null,
    canPost: true,
  });
  const chat = (url: string, method: string, body?: Record<string, string>) => {
    const lms = '/api/lms/v1';
    if (url === `${lms}/users/me/channels`)
      return json({
        items: Object.values(api.channels)
          .filter((c) => c.exists && api.member)
          .map(summary),
      });
    const opened = /\/objectives\/[^/]+\/(discussion|direct-channel)$/.exec(url);
    if (opened && method === 'POST') {
      if (!api.member) return json({ code: 'not_found', message: 'Not found' }, 404);
      const channel = api.channels[opened[1] === 'discussion' ? 'discussion' : 'direct'];
      channel.exists = true;
      return json(summary(channel));
    }
    const announcementReaction = new RegExp(
      `^${lms}/channels/${CHANNEL}/messages/([^/]+)/reactions/([^/]+)$`,
    ).exec(url);
    const announcement =
      announcementReaction &&
      api.member &&
      api.messages.find((m) => m.id === announcementReaction[1]);
    if (announcement && (method === 'PUT' || method === 'DELETE')) {
      toggleReaction(announcement, announcementReaction![2]!, method === 'PUT');
      return json({
        ...announcement,
        kind: 'announcement',
        content: parseMessageText(announcement.text),
      });
    }
    const channel = Object.values(api.channels).find((c) =>
      url.startsWith(`${lms}/channels/${c.id}/`),
    );
    if (!channel || !channel.exists || !api.member) return null;
    const path = url.slice(`${lms}/channels/${channel.id}/`.length);
    if (path.startsWith('messages') && method === 'GET') {
      const before = new URL(url, 'http://portal.test').searchParams.get('before');
      const newestFirst = channel.messages.filter((m) => !m.deleted).reverse();
      const start = before ? newestFirst.findIndex((m) => m.id === before) + 1 : 0;
      const { lastMessage: _omitted, ...head } = summary(channel);
      return json({
        channel: head,
        items: newestFirst.slice(start, start + CHANNEL_PAGE_SIZE),
        hasMore: newestFirst.length > start + CHANNEL_PAGE_SIZE,
        lastReadMessageId: channel.lastReadMessageId,
      });
    }
    const reacted = /^messages\/([^/]+)\/reactions\/([^/]+)$/.exec(path);
    const target = reacted && channel.messages.find((m) => m.id === reacted[1]);
    if (target && (method === 'PUT' || method === 'DELETE')) {
      toggleReaction(target, reacted![2]!, method === 'PUT');
      return json(target);
    }
    if (path === 'read' && method === 'POST') {
      channel.lastReadMessageId = body!.messageId!;
      return new Response(null, { status: 204 });
    }
    if (path === 'messages' && method === 'POST') {
      const message = aChatMessage(100 + channel.messages.length, {
        channelId: channel.id,
        kind: channel.kind,
        author: { id: READER, name: 'Ada Lovelace' },
        text: body!.text!,
        content: parseMessageText(body!.text!),
        created: '2030-03-09T12:00:00.000Z',
      });
      channel.messages.push(message);
      return json(message, 201);
    }
    return null;
  };
  const unreadCount = () => {
    const readIndex = api.messages.findIndex((m) => m.id === api.lastReadMessageId);
    return api.messages.filter(
      (m, index) => index > readIndex && !m.deleted && m.author.id !== READER,
    ).length;
  };
  const base = `/api/lms/v1/objectives/${COURSE}/announcements`;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const body = init?.body
        ? (JSON.parse(String(init.body)) as Record<string, string>)
        : undefined;
      api.calls.push({ method, url, body });
      if (api.failWith !== null) return json({ code: 'down', message: 'Down' }, api.failWith);
      const chatAnswer = chat(url, method, body);
      if (chatAnswer) return chatAnswer;
      if (url === '/api/lms/v1/users/me/announcement-unread-counts')
        return json({
          items: [{ objectiveId: COURSE, channelId: CHANNEL, unreadCount: unreadCount() }],
        });
      if (url === base && method === 'GET')
        return json({
          channelId: CHANNEL,
          items: api.messages.filter((m) => !m.deleted).reverse(),
          unreadCount: unreadCount(),
          lastReadMessageId: api.lastReadMessageId,
          canPost: api.canPost,
        });
      if (method !== 'GET' && api.rejectNextWrite) {
        const { status, message } = api.rejectNextWrite;
        api.rejectNextWrite = null;
        return json({ code: 'rejected', message }, status);
      }
      if (url === `${base}/read` && method === 'POST') {
        api.lastReadMessageId = body!.messageId!;
        return new Response(null, { status: 204 });
      }
      if (url === base && method === 'POST') {
        const message = aMessage(api.messages.length + 1, {
          author: { id: READER, name: 'Ada Lovelace' },
          text: body!.text!,
        });
        api.messages.push(message);
        return json(message, 201);
      }
      const own = api.messages.find((m) => url === `${base}/${m.id}`);
      if (own && method === 'PATCH') {
        Object.assign(own, { text: body!.text!, edited: '2030-03-09T10:00:00.000Z' });
        return json(own);
      }
      if (own && method === 'DELETE') {
        Object.assign(own, { text: '', deleted: '2030-03-09T10:00:00.000Z' });
        return new Response(null, { status: 204 });
      }
      return json({ code: 'not_found', message: 'Not found' }, 404);
    }),
  );
  return api;
}
