// The communications hub window (spec portal-shell §9 "communications-hub"): the course's channels beside the
// chosen channel's messages. Today a course has one channel, its announcements; discussion channels and direct
// messages join the list as more `HubChannel` kinds with their own views.
import { useState } from 'react';
import { Box, Group, Loader, Modal, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { announcementListQuery } from '../api/announcements-api.ts';
import { AnnouncementChannel } from './announcement-channel.tsx';
import { ChannelList, type HubChannel } from './channel-list.tsx';
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

function HubBody({ objectiveId }: { objectiveId: string }) {
  const { t } = useTranslation('communications');
  const list = useQuery(announcementListQuery(objectiveId));
  const [selected, setSelected] = useState('announcements');
  if (list.isError)
    return <HubUnavailable retrying={list.isFetching} onRetry={() => void list.refetch()} />;
  if (!list.data) return <Loader size="sm" aria-label={t('loading')} />;
  const channels: HubChannel[] = [
    {
      key: 'announcements',
      label: t('channels.announcements'),
      unreadCount: list.data.unreadCount,
    },
  ];
  const current = channels.find((channel) => channel.key === selected) ?? channels[0]!;
  return (
    <Group align="flex-start" gap="md" wrap="wrap">
      <ChannelList channels={channels} selected={current.key} onSelect={setSelected} />
      <Box style={{ flex: '1 1 360px', minWidth: 0 }}>
        <AnnouncementChannel objectiveId={objectiveId} list={list.data} label={current.label} />
      </Box>
    </Group>
  );
}
