// The live announcement stream (docs/decisions/0022, 0026): one EventSource per portal tab on
// `users/me/announcement-events`, its events applied to the TanStack Query caches. The browser reconnects by
// itself with Last-Event-ID; when it gives up (the server refused: 401, 429, or down) a new stream is opened
// after a growing pause, and since that one starts without Last-Event-ID, the cached lists are refetched.
import type { QueryClient } from '@tanstack/react-query';
import {
  ANNOUNCEMENT_EVENT_MESSAGE,
  ANNOUNCEMENT_EVENT_UNREAD,
  type AnnouncementMessageEvent,
  type AnnouncementUnreadCounts,
} from '@portal/contracts';
import { LMS_API } from '../../../lib/api-client.ts';
import { applyMessageEvent, applyUnreadCounts } from '../api/announcement-cache.ts';
import { announcementKeys, channelKeys } from '../api/unread-counts-query.ts';

export const ANNOUNCEMENT_EVENTS_URL = `${LMS_API}/users/me/announcement-events`;
const FIRST_RETRY_MS = 2_000;
const MAX_RETRY_MS = 60_000;

export interface StreamOptions {
  queryClient: QueryClient;
  /** The browser's EventSource (tests pass a stand-in class speaking the same interface). */
  EventSourceClass?: typeof EventSource;
  onMessage?(event: AnnouncementMessageEvent): void;
}

/** Opens the stream; returns the function that closes it for good. */
export function openAnnouncementStream({
  queryClient,
  EventSourceClass = globalThis.EventSource,
  onMessage,
}: StreamOptions): () => void {
  // A host without server-sent events (a test page, an embedding webview) gets the lists without live updates.
  if (EventSourceClass === undefined) return () => undefined;
  let source: EventSource | null = null;
  let retryMs = FIRST_RETRY_MS;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let closed = false;
  let reopened = false;

  const connect = () => {
    source = new EventSourceClass(ANNOUNCEMENT_EVENTS_URL, { withCredentials: true });
    source.addEventListener('ready', () => {
      retryMs = FIRST_RETRY_MS;
      // A fresh stream replays nothing: what happened while none was open comes from the server again.
      if (reopened) {
        void queryClient.invalidateQueries({ queryKey: announcementKeys.all });
        void queryClient.invalidateQueries({ queryKey: channelKeys.all });
      }
    });
    source.addEventListener(ANNOUNCEMENT_EVENT_UNREAD, (event) => {
      const data = parse<AnnouncementUnreadCounts>(event);
      if (data) applyUnreadCounts(queryClient, data.items);
    });
    source.addEventListener(ANNOUNCEMENT_EVENT_MESSAGE, (event) => {
      const data = parse<AnnouncementMessageEvent>(event);
      if (!data) return;
      applyMessageEvent(queryClient, data);
      onMessage?.(data);
    });
    source.onerror = () => {
      // CONNECTING: the browser retries by itself (with Last-Event-ID). CLOSED: it gave up; so do we, for a while.
      if (!source || source.readyState !== EventSourceClass.CLOSED || closed) return;
      source.close();
      timer = setTimeout(() => {
        reopened = true;
        connect();
      }, retryMs);
      retryMs = Math.min(retryMs * 2, MAX_RETRY_MS);
    };
  };
  connect();

  return () => {
    closed = true;
    clearTimeout(timer);
    source?.close();
  };
}

function parse<T>(event: Event): T | null {
  try {
    return JSON.parse((event as MessageEvent<string>).data) as T;
  } catch {
    return null;
  }
}
