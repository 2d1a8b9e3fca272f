// The communications hub window (spec portal-shell §9 "communications-hub"): the course's channels beside the
// chosen channel's messages: its Announcements, its Discussion (for members) and direct messages with the
// course staff ("Message the course staff" for a learner; each learner's channel for the staff).
import { useState } from 'react';
import { Box, Center, Group, Loader, Modal, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ChannelList as ChannelListData } from '@portal/contracts';
import { useCurrentUser } from '../../../lib/platform-queries.ts';
import { announcementListQuery } from '../api/announcements-api.ts';
import {
  channelKeys,
  channelListQuery,
  discussionQuery,
  openChannel,
} from '../api/channels-api.ts';
import { AnnouncementChannel } from './announcement-channel.tsx';
import { ChannelList, type HubChannel } from './channel-list.tsx';
import { ChatChannel } from './chat-channel.tsx';
import { HubUnavailable } from './hub-unavailable.tsx';

export interface CommunicationsHubProps {
  opened: boolean;
  onClose(): void;
  objectiveId: string;
  courseName: string;
}

export function CommunicationsHub({
  opened,
  onClose,
  objectiveId,
  courseName,
}: CommunicationsHubProps) {
  const { t } = useTranslation('communications');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      size="xl"
      title={
        <>
          {t('title')}{' '}
          <Text component="span" c="dimmed" size="sm">
            <bdi>{courseName}</bdi>
          </Text>
        </>
      }
      closeButtonProps={{ 'aria-label': t('close') }}
      // The opener returns focus itself (hub-window.tsx).
      returnFocus={false}
    >
      {opened ? <HubBody objectiveId={objectiveId} /> : null}
    </Modal>
  );
}

const DIRECT = 'direct';
const channelKey = (channelId: string) => `channel:${channelId}`;

/** The hub's entries for one course; exported for its unit test. */
export function hubChannels(input: {
  objectiveId: string;
  userId: string;
  announcementsUnread: number;
  /** Posters of announcements are the course staff; everyone else may message them. */
  staff: boolean;
  discussion: { id: string; unreadCount: number } | null;
  channels: ChannelListData['items'];
  label: {
    announcements: string;
    discussion: string;
    direct: string;
    directWith(name: string): string;
  };
}): HubChannel[] {
  const { objectiveId, channels, label } = input;
  const entries: HubChannel[] = [
    {
      key: 'announcements',
      kind: 'announcement',
      label: label.announcements,
      unreadCount: input.announcementsUnread,
    },
  ];
  const listed = (id: string) => channels.find((channel) => channel.id === id);
  if (input.discussion)
    entries.push({
      key: channelKey(input.discussion.id),
      kind: 'discussion',
      label: label.discussion,
      unreadCount: listed(input.discussion.id)?.unreadCount ?? input.discussion.unreadCount,
    });
  const direct = channels.filter(
    (channel) => channel.kind === 'direct' && channel.objectiveId === objectiveId,
  );
  if (input.staff) {
    for (const channel of direct)
      entries.push({
        key: channelKey(channel.id),
        kind: 'direct',
        label: label.directWith(channel.learner?.name ?? channel.title),
        unreadCount: channel.unreadCount,
      });
  } else {
    const mine = direct.find((channel) => channel.learner?.id === input.userId);
    entries.push({
      key: mine ? channelKey(mine.id) : DIRECT,
      kind: 'direct',
      label: label.direct,
      unreadCount: mine?.unreadCount ?? 0,
    });
  }
  return entries;
}

function HubBody({ objectiveId }: { objectiveId: string }) {
  const { t } = useTranslation('communications');
  const user = useCurrentUser();
  const list = useQuery(announcementListQuery(objectiveId));
  const channelList = useQuery(channelListQuery());
  // Members only: anyone else gets 404, and no Discussion entry.
  const discussion = useQuery(discussionQuery(objectiveId));
  const [selected, setSelected] = useState('announcements');
  if (list.isError)
    return <HubUnavailable retrying={list.isFetching} onRetry={() => void list.refetch()} />;
  if (!list.data) return <Loader size="sm" aria-label={t('loading')} />;
  const channels = hubChannels({
    objectiveId,
    userId: user.id,
    announcementsUnread: list.data.unreadCount,
    staff: list.data.canPost,
    discussion: discussion.data ?? null,
    channels: channelList.data?.items ?? [],
    label: {
      announcements: t('channels.announcements'),
      discussion: t('channels.discussion'),
      direct: t('channels.direct'),
      directWith: (name) => t('channels.directWith', { name }),
    },
  });
  // The learner's own direct channel, once opened, takes the place of the "direct" entry.
  const current =
    channels.find((channel) => channel.key === selected) ??
    (selected === DIRECT ? channels.find((channel) => channel.kind === 'direct') : undefined) ??
    channels[0]!;
  return (
    <Group align="flex-start" gap="md" wrap="wrap">
      <ChannelList channels={channels} selected={current.key} onSelect={setSelected} />
      <Box style={{ flex: '1 1 360px', minWidth: 0 }}>
        {current.key === 'announcements' ? (
          <AnnouncementChannel objectiveId={objectiveId} list={list.data} label={current.label} />
        ) : current.key === DIRECT ? (
          <OpenDirect objectiveId={objectiveId} label={current.label} />
        ) : (
          <ChatChannel
            key={current.key}
            channelId={current.key.slice('channel:'.length)}
            label={current.label}
          />
        )}
      </Box>
    </Group>
  );
}

/** A learner's first "Message the course staff": the direct channel is created, then shown. */
function OpenDirect({ objectiveId, label }: { objectiveId: string; label: string }) {
  const { t } = useTranslation('communications');
  const opened = useQuery({
    queryKey: [...channelKeys.all, 'direct', objectiveId],
    queryFn: () => openChannel(objectiveId, 'direct-channel'),
    staleTime: Infinity,
    retry: false,
  });
  if (opened.isError)
    return <HubUnavailable retrying={opened.isFetching} onRetry={() => void opened.refetch()} />;
  if (!opened.data)
    return (
      <Center>
        <Loader size="sm" aria-label={t('loading')} />
      </Center>
    );
  return <ChatChannel channelId={opened.data.id} label={label} />;
}
