// The hub's channels (announcements, the discussion, direct messages): one button each, the chosen one marked current, with its unread count in the name.
import { Badge, Box, NavLink, Stack } from '@mantine/core';
import { IconMail, IconMessages, IconSpeakerphone } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ChannelKind } from '@portal/contracts';

export interface HubChannel {
  key: string;
  kind: ChannelKind;
  label: string;
  unreadCount: number;
}

const icons = { announcement: IconSpeakerphone, discussion: IconMessages, direct: IconMail };

export function ChannelList({
  channels,
  selected,
  onSelect,
}: {
  channels: readonly HubChannel[];
  selected: string;
  onSelect(key: string): void;
}) {
  const { t } = useTranslation('communications');
  return (
    <Box component="nav" aria-label={t('channels.label')} w={{ base: '100%', sm: 200 }}>
      <Stack gap={4} component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {channels.map((channel) => (
          <li key={channel.key}>
            <ChannelListItem
              channel={channel}
              current={channel.key === selected}
              onSelect={() => onSelect(channel.key)}
            />
          </li>
        ))}
      </Stack>
    </Box>
  );
}

function ChannelListItem({
  channel,
  current,
  onSelect,
}: {
  channel: HubChannel;
  current: boolean;
  onSelect(): void;
}) {
  const { t } = useTranslation('communications');
  const Icon = icons[channel.kind];
  return (
    <NavLink
      component="button"
      type="button"
      label={channel.label}
      leftSection={<Icon size={18} aria-hidden="true" />}
      rightSection={
        channel.unreadCount > 0 ? (
          <Badge size="sm" color="orange" aria-hidden="true">
            {channel.unreadCount}
          </Badge>
        ) : null
      }
      active={current}
      aria-current={current ? 'true' : undefined}
      aria-label={
        channel.unreadCount > 0
          ? t('channels.withUnread', { channel: channel.label, count: channel.unreadCount })
          : channel.label
      }
      onClick={onSelect}
    />
  );
}
