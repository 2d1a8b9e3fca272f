// A channel's messages in the hub, shared by announcements and chat channels: oldest at the top, newest at the
// bottom, a marker before the first message that was unread when the channel opened, then the composer. Viewing
// the channel marks its newest message read; one arriving live while it is open is announced and marked read.
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Box, Divider, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Announcement } from '@portal/contracts';
import { announce } from '../../../lib/announcer.ts';
import { useCurrentUser } from '../../../lib/platform-queries.ts';

export function MessageLog<M extends Announcement>({
  label,
  items,
  lastReadMessageId,
  unreadCount,
  markRead,
  emptyText,
  arrivedText,
  renderItem,
  before,
  footer,
}: {
  label: string;
  /** Newest first, as the server sends them. */
  items: readonly M[];
  lastReadMessageId: string | null;
  unreadCount: number;
  markRead(messageId: string): void;
  emptyText: string;
  arrivedText(message: M): string;
  renderItem(message: M): ReactNode;
  /** Above the oldest message shown (e.g. "Show older messages"). */
  before?: ReactNode;
  footer?: ReactNode;
}) {
  const { t } = useTranslation('communications');
  const user = useCurrentUser();
  const oldestFirst = [...items].reverse();
  const newest = items.find((item) => !item.deleted) ?? null;
  const viewport = useRef<HTMLDivElement>(null);

  // Where the marker goes: the first message after what was read when the channel opened, not by the reader.
  const [readWhenOpened] = useState(lastReadMessageId);
  const [unreadWhenOpened] = useState(unreadCount);
  const readIndex = oldestFirst.findIndex((m) => m.id === readWhenOpened);
  const firstUnreadId =
    unreadWhenOpened === 0
      ? null
      : (oldestFirst.find(
          (item, index) => index > readIndex && item.author.id !== user.id && !item.deleted,
        )?.id ?? null);

  const newestId = newest?.id ?? null;
  const needsRead = newestId !== null && (unreadCount > 0 || newestId !== lastReadMessageId);
  useEffect(() => {
    if (newestId && needsRead) markRead(newestId);
  }, [newestId, needsRead, markRead]);

  // A message by someone else that arrives while the channel is open: said politely. (Only a newer one: when
  // the newest is deleted, the one before it becomes the newest without being news.)
  const newestCreated = newest?.created ?? '';
  const shownUpTo = useRef(newestCreated);
  useEffect(() => {
    if (!newest || newestCreated <= shownUpTo.current) return;
    shownUpTo.current = newestCreated;
    if (newest.author.id !== user.id) announce(arrivedText(newest));
  }, [newest, newestCreated, user.id, arrivedText]);

  useEffect(() => {
    const element = viewport.current;
    if (element) element.scrollTop = element.scrollHeight;
  }, [newestId]);

  return (
    <Stack gap="sm">
      <Title order={3} size="h4">
        {label}
      </Title>
      {oldestFirst.length === 0 ? (
        <Text c="dimmed">{emptyText}</Text>
      ) : (
        // Focusable, so keyboard users can scroll a long history.
        <Box
          ref={viewport}
          tabIndex={0}
          role="region"
          aria-label={t('messages', { channel: label })}
          mah="50vh"
          style={{ overflowY: 'auto' }}
        >
          {before}
          <Stack component="ol" gap="sm" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {oldestFirst.map((item) => (
              <li key={item.id}>
                {item.id === firstUnreadId ? (
                  <Divider
                    aria-label={t('unreadMarker')}
                    label={t('unreadMarker')}
                    labelPosition="center"
                    color="orange"
                    mb="xs"
                  />
                ) : null}
                {renderItem(item)}
              </li>
            ))}
          </Stack>
        </Box>
      )}
      {footer}
    </Stack>
  );
}
