// Pieces every course card shares: the cover (image or the course's colour) and the draft / not-yet-open markers.
import { useState } from 'react';
import { Box, Group, Image, Text } from '@mantine/core';
import { IconClockHour4, IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PresentationMode } from '@portal/contracts';
import { coverColorOf } from '@portal/domain';

export const COVER_HEIGHT = 112;

/**
 * The course image, or the course's own colour (spec §9) when it has none or the image cannot be loaded:
 * never the browser's broken-image icon. Every list and course page shows a course's cover through this.
 */
export function CourseCover({
  imageUrl,
  objectiveId,
  height = COVER_HEIGHT,
  radius,
}: {
  imageUrl: string | null;
  objectiveId: string;
  height?: number;
  radius?: string;
}) {
  const [brokenUrl, setBrokenUrl] = useState<string | null>(null);
  return imageUrl && imageUrl !== brokenUrl ? (
    <Image
      src={imageUrl}
      alt=""
      h={height}
      fit="cover"
      radius={radius}
      onError={() => setBrokenUrl(imageUrl)}
    />
  ) : (
    <Box
      h={height}
      bg={coverColorOf(objectiveId)}
      style={radius ? { borderRadius: `var(--mantine-radius-${radius})` } : undefined}
      data-testid="course-cover-colour"
    />
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
    // The browser's own tooltip: a floating one would bring floating-ui into the first load for one icon.
    <Box
      component="span"
      role="img"
      aria-label={t('card.notAvailableYet')}
      title={t('card.notAvailableYet')}
      display="inline-flex"
    >
      <IconLock size={18} aria-hidden="true" />
    </Box>
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
