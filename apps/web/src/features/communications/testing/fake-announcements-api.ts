// A stand-in for the server's announcement endpoints (docs/decisions/0022) behind `fetch`, for component
// tests: it keeps messages, the reader's marker and unread counts, and answers like the real routes.
import { vi } from 'vitest';
import type { Announcement } from '@portal/contracts';

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

export interface FakeAnnouncementsApi {
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
    ...initial,
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
