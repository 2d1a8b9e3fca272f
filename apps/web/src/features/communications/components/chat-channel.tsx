// A discussion or direct channel in the hub (docs/decisions/0023, 0026): the shared message log over the
// channel's pages ("Show older messages" asks for the page before the oldest shown), formatted messages, the
// composer with a formatting hint, and its own messages edited or deleted in place by their author.
import { useCallback } from 'react';
import { Button, Center, Loader } from '@mantine/core';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ChannelMessage } from '@portal/contracts';
import { announce } from '../../../lib/announcer.ts';
import { useCurrentUser } from '../../../lib/platform-queries.ts';
import { applyChannelRead, applyMessage } from '../api/announcement-cache.ts';
import {
  channelMessagesQuery,
  deleteChannelMessage,
  editChannelMessage,
  markChannelRead,
  postChannelMessage,
} from '../api/channels-api.ts';
import { AnnouncementEditor } from './announcement-composer.tsx';
import { HubUnavailable } from './hub-unavailable.tsx';
import { MessageItem } from './message-item.tsx';
import { MessageLog } from './message-log.tsx';
import { MessageReactions } from './message-reactions.tsx';

export function ChatChannel({ channelId, label }: { channelId: string; label: string }) {
  const { t } = useTranslation('communications');
  const user = useCurrentUser();
  const queryClient = useQueryClient();
  const pages = useInfiniteQuery(channelMessagesQuery(channelId));
  const head = pages.data?.pages[0];
  const channel = head?.channel;
  const { mutate } = useMutation({
    mutationFn: (messageId: string) => markChannelRead(channelId, messageId),
    onSuccess: (_, messageId) => {
      if (channel) applyChannelRead(queryClient, channel, messageId);
    },
  });
  const arrivedText = useCallback(
    (message: ChannelMessage) =>
      t('chat.arrived', { author: message.author.name, text: message.text }),
    [t],
  );

  if (pages.isError)
    return <HubUnavailable retrying={pages.isFetching} onRetry={() => void pages.refetch()} />;
  if (!pages.data || !head || !channel)
    return (
      <Center>
        <Loader size="sm" aria-label={t('loading')} />
      </Center>
    );
  const items = pages.data.pages.flatMap((page) => page.items);
  const texts = {
    deleted: t('chat.deleted'),
    deleteConfirm: t('chat.deleteConfirm'),
    deletedDone: t('chat.deletedDone'),
    editedDone: t('chat.editedDone'),
    editLabel: t('chat.editLabel'),
    required: t('chat.required'),
  };
  return (
    <MessageLog
      // A new log per channel: its "New" marker is where this channel was read up to.
      key={channelId}
      label={label}
      items={items}
      lastReadMessageId={head.lastReadMessageId}
      unreadCount={channel.unreadCount}
      markRead={mutate}
      emptyText={t('chat.empty')}
      arrivedText={arrivedText}
      before={
        pages.hasNextPage ? (
          <Center mb="sm">
            <Button
              size="compact-sm"
              variant="default"
              loading={pages.isFetchingNextPage}
              onClick={() => void pages.fetchNextPage()}
            >
              {t('chat.older')}
            </Button>
          </Center>
        ) : null
      }
      renderItem={(item) => (
        <MessageItem
          message={item}
          own={item.author.id === user.id}
          texts={texts}
          formatHint={t('chat.formatHint')}
          edit={(text) => editChannelMessage(channelId, item.id, text)}
          remove={() => deleteChannelMessage(channelId, item.id)}
          extra={<MessageReactions message={item} />}
        />
      )}
      footer={
        channel.canPost ? (
          <AnnouncementEditor
            label={t('chat.composeLabel')}
            hint={t('chat.formatHint')}
            requiredText={t('chat.required')}
            submitLabel={t('chat.send')}
            clearOnSent
            send={(text) => postChannelMessage(channelId, text)}
            onSent={(message) => {
              applyMessage(queryClient, message);
              announce(t('chat.sent'));
            }}
          />
        ) : null
      }
    />
  );
}
