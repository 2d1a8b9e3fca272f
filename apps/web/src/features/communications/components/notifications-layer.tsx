// The course area's Notifications layer (spec course-experience §2): shown when the course has an announcement
// channel, it opens the hub on that channel and carries the unread count (also in its accessible name).
import { useRef, useState } from 'react';
import { Badge, NavLink } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../../../lib/format.ts';
import { announcementUnreadCountsQuery, unreadCountOf } from '../api/unread-counts-query.ts';
import { HubWindow, hubWindow, returnFocusAfterClose } from './hub-window.tsx';

export function NotificationsLayer({
  objectiveId,
  courseName,
  label,
}: {
  objectiveId: string;
  courseName: string;
  /** The layer's name, from the sidebar's own catalogue. */
  label: string;
}) {
  const { t } = useTranslation('courses');
  const format = useFormatters();
  const counts = useQuery(announcementUnreadCountsQuery());
  const [opened, setOpened] = useState(false);
  const [used, setUsed] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  const count = unreadCountOf(counts.data?.items, objectiveId) ?? 0;
  return (
    <>
      <NavLink
        ref={opener}
        component="button"
        type="button"
        label={label}
        leftSection={<IconBell size={18} aria-hidden="true" />}
        rightSection={
          count > 0 ? (
            <Badge size="sm" color="orange" aria-hidden="true">
              {format.number(count)}
            </Badge>
          ) : null
        }
        aria-label={count > 0 ? `${label}, ${t('card.unreadAnnouncements', { count })}` : label}
        aria-haspopup="dialog"
        onMouseEnter={hubWindow.preload}
        onFocus={hubWindow.preload}
        onClick={() => {
          setUsed(true);
          setOpened(true);
        }}
      />
      {used ? (
        <HubWindow
          opened={opened}
          onClose={() => {
            setOpened(false);
            returnFocusAfterClose(() => opener.current);
          }}
          objectiveId={objectiveId}
          courseName={courseName}
        />
      ) : null}
    </>
  );
}
