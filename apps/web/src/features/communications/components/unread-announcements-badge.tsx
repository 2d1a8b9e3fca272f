// A course card's unread announcement count: a button that opens the course's announcements. Nothing when the
// course has no channel or nothing is unread. The counts come in one request for the whole list.
import { useRef, useState } from 'react';
import { Button } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../../../lib/format.ts';
import { announcementUnreadCountsQuery, unreadCountOf } from '../api/unread-counts-query.ts';
import { HubWindow, hubWindow, returnFocusAfterClose } from './hub-window.tsx';

export function UnreadAnnouncementsBadge({
  objectiveId,
  courseName,
}: {
  objectiveId: string;
  courseName: string;
}) {
  const { t } = useTranslation('courses');
  const format = useFormatters();
  const counts = useQuery(announcementUnreadCountsQuery());
  const [opened, setOpened] = useState(false);
  const [used, setUsed] = useState(false);
  const anchor = useRef<HTMLSpanElement>(null);
  const count = unreadCountOf(counts.data?.items, objectiveId);

  const close = () => {
    setOpened(false);
    // Everything read: the badge is gone, so focus goes to the card's title link instead of the page's top.
    returnFocusAfterClose(
      () =>
        anchor.current?.querySelector<HTMLElement>('button') ??
        anchor.current?.closest('article')?.querySelector<HTMLElement>('h2 a'),
    );
  };

  return (
    <span ref={anchor} style={{ display: 'contents' }}>
      {count ? (
        <Button
          size="compact-sm"
          variant="light"
          color="orange"
          leftSection={<IconBell size={16} aria-hidden="true" />}
          aria-label={t('card.unreadAnnouncements', { count })}
          aria-haspopup="dialog"
          onMouseEnter={hubWindow.preload}
          onFocus={hubWindow.preload}
          onClick={() => {
            setUsed(true);
            setOpened(true);
          }}
        >
          {format.number(count)}
        </Button>
      ) : null}
      {used ? (
        <HubWindow
          opened={opened}
          onClose={close}
          objectiveId={objectiveId}
          courseName={courseName}
        />
      ) : null}
    </span>
  );
}
