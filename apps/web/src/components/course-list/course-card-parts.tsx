// Pieces every course card shares: the cover (image or list colour) and the draft / not-yet-open markers.
import { Box, Group, Image, Text, Tooltip } from '@mantine/core';
import { IconClockHour4, IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PresentationMode } from '@portal/contracts';
import { coverColor } from '@portal/domain';

export const COVER_HEIGHT = 112;

/** The course image, or the colour of its position in the list when it has none (spec §9). */
export function CourseCover({
  imageUrl,
  index,
  height = COVER_HEIGHT,
}: {
  imageUrl: string | null;
  index: number;
  height?: number;
}) {
  return imageUrl ? (
    <Image src={imageUrl} alt="" h={height} fit="cover" />
  ) : (
    <Box h={height} bg={coverColor(index)} data-testid="course-cover-colour" />
  );
}

export function ComingSoonMarker() {
  const { t } = useTranslation('courseList');
  return (
    <Group gap={4} wrap="nowrap">
      <IconClockHour4 size={16} aria-hidden="true" />
      <Text size="sm">{t('card.comingSoon')}</Text>
    </Group>
  );
}

export function NotAvailableYetMarker() {
  const { t } = useTranslation('courseList');
  return (
    <Tooltip label={t('card.notAvailableYet')}>
      <Box component="span" role="img" aria-label={t('card.notAvailableYet')} display="inline-flex">
        <IconLock size={18} aria-hidden="true" />
      </Box>
    </Tooltip>
  );
}

/** "N activities" for a course shown as tiles; nothing for other presentations. */
export function ActivityCount({
  presentationMode,
  childrenCount,
}: {
  presentationMode: number;
  childrenCount: number;
}) {
  const { t } = useTranslation('courseList');
  if (presentationMode !== PresentationMode.tiles) return null;
  return <Text size="sm">{t('card.activities', { count: childrenCount })}</Text>;
}
