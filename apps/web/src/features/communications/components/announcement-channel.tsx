// One course's announcements in the hub: oldest at the top, newest at the bottom, a marker before the first
// message that was unread when the channel opened, the composer for those who may post. Viewing the channel
// marks its newest message read; one arriving live while it is open is announced and marked read too.
import { useEffect, useRef, useState } from 'react';
import { Box, Divider, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { AnnouncementList } from '@portal/contracts';
import { announce } from '../../../lib/announcer.ts';
import { useCurrentUser } from '../../../lib/platform-queries.ts';
import { applyRead } from '../api/announcement-cache.ts';
import { markAnnouncementsRead } from '../api/announcements-api.ts';
import { AnnouncementComposer } from './announcement-composer.tsx';
import { AnnouncementItem } from './announcement-item.tsx';

export function AnnouncementChannel({
  objectiveId,
  list,
  label,
}: {
  objectiveId: string;
  list: AnnouncementList;
  label: string;
}) {
  const { t } = useTranslation('communications');
  const user = useCurrentUser();
  const queryClient = useQueryClient();
  const oldestFirst = [...list.items].reverse();
  const newest = list.items.find((item) => !item.deleted) ?? null;
  const viewport = useRef<HTMLDivElement>(null);

  // Where the marker goes: the first message after what was read when the channel opened, not by the reader.
  const [readWhenOpened] = useState(list.lastReadMessageId);
  const [unreadWhenOpened] = useState(list.unreadCount);
  const firstUnreadId =
    unreadWhenOpened === 0
      ? null
      : (oldestFirst.find((item, index) => {
          const readIndex = oldestFirst.findIndex((m) => m.id === readWhenOpened);
          return index > readIndex && item.author.id !== user.id && !item.deleted;
        })?.id ?? null);

  const markRead = useMutation({
    mutationFn: (messageId: string) => markAnnouncementsRead(objectiveId, messageId),
    onSuccess: (_, messageId) => applyRead(queryClient, objectiveId, list.channelId, messageId),
  });
  const { mutate } = markRead;
  const newestId = newest?.id ?? null;
  const needsRead =
    newestId !== null && (list.unreadCount > 0 || newestId !== list.lastReadMessageId);
  useEffect(() => {
    if (newestId && needsRead) mutate(newestId);
  }, [newestId, needsRead, mutate]);

  // A message by someone else that arrives while the channel is open: said politely. (Only a newer one: when
  // the newest is deleted, the one before it becomes the newest without being news.)
  const newestCreated = newest?.created ?? '';
  const shownUpTo = useRef(newestCreated);
  useEffect(() => {
    if (!newest || newestCreated <= shownUpTo.current) return;
    shownUpTo.current = newestCreated;
    if (newest.author.id !== user.id)
      announce(t('arrived', { author: newest.author.name, text: newest.text }));
  }, [newest, newestCreated, user.id, t]);

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
        <Text c="dimmed">{t('empty')}</Text>
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
                <AnnouncementItem
                  objectiveId={objectiveId}
                  message={item}
                  own={list.canPost && item.author.id === user.id}
                />
              </li>
            ))}
          </Stack>
        </Box>
      )}
      {list.canPost ? <AnnouncementComposer objectiveId={objectiveId} /> : null}
    </Stack>
  );
}
