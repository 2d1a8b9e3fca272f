// One course's announcements in the hub: the shared message log with the announcement requests, and the
// composer for those who may post.
import { useCallback } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Announcement, AnnouncementList } from '@portal/contracts';
import { useCurrentUser } from '../../../lib/platform-queries.ts';
import { applyRead } from '../api/announcement-cache.ts';
import { markAnnouncementsRead } from '../api/announcements-api.ts';
import { AnnouncementComposer } from './announcement-composer.tsx';
import { AnnouncementItem } from './announcement-item.tsx';
import { MessageLog } from './message-log.tsx';

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
  const { mutate } = useMutation({
    mutationFn: (messageId: string) => markAnnouncementsRead(objectiveId, messageId),
    onSuccess: (_, messageId) => applyRead(queryClient, objectiveId, list.channelId, messageId),
  });
  const arrivedText = useCallback(
    (message: Announcement) => t('arrived', { author: message.author.name, text: message.text }),
    [t],
  );
  return (
    <MessageLog
      label={label}
      items={list.items}
      lastReadMessageId={list.lastReadMessageId}
      unreadCount={list.unreadCount}
      markRead={mutate}
      emptyText={t('empty')}
      arrivedText={arrivedText}
      renderItem={(item) => (
        <AnnouncementItem
          objectiveId={objectiveId}
          message={item}
          own={list.canPost && item.author.id === user.id}
        />
      )}
      footer={list.canPost ? <AnnouncementComposer objectiveId={objectiveId} /> : null}
    />
  );
}
