// The course area's frame: a sidebar of layers (Details; Content while in progress or reviewable; Notifications
// when the course has an announcement channel) beside the page.
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Box, Group, NavLink, Stack } from '@mantine/core';
import { IconInfoCircle, IconListDetails } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { idSchema } from '@portal/contracts';
import { NotificationsLayer } from '../communications/components/notifications-layer.tsx';
import { courseContentPath, courseDetailsPath } from './course-paths.ts';
import { useCourseOverview } from './use-course-overview.ts';

export type CourseLayer = 'details' | 'content';

interface CourseAreaLayoutProps {
  objectiveId: string;
  /** The layer the page shows. */
  current: CourseLayer;
  children: ReactNode;
}

export function CourseAreaLayout({ objectiveId, current, children }: CourseAreaLayoutProps) {
  if (!idSchema.safeParse(objectiveId).success) return <>{children}</>;
  return (
    <CourseArea objectiveId={objectiveId} current={current}>
      {children}
    </CourseArea>
  );
}

function CourseArea({ objectiveId, current, children }: CourseAreaLayoutProps) {
  const { t } = useTranslation('courseDetails');
  const { aggregate, derived } = useCourseOverview(objectiveId, new Date());
  // No sidebar while the course loads or cannot be shown: the page explains that itself.
  if (!derived || !aggregate.data) return <>{children}</>;
  const { objective } = aggregate.data;
  const layers: { layer: CourseLayer; to: string; label: string; icon: ReactNode }[] = [
    {
      layer: 'details',
      to: courseDetailsPath(objectiveId),
      label: t('layers.details'),
      icon: <IconInfoCircle size={18} aria-hidden="true" />,
    },
  ];
  // Spec 2: the content layer only while in progress or reviewable, never for LTI courses, on whichever page.
  if (derived.showContentLayer) {
    layers.push({
      layer: 'content',
      to: courseContentPath(objectiveId),
      label: t('layers.content'),
      icon: <IconListDetails size={18} aria-hidden="true" />,
    });
  }
  return (
    <Group align="flex-start" gap="lg" wrap="wrap">
      <Box component="nav" aria-label={t('layers.label')} w={{ base: '100%', sm: 180 }}>
        <Stack gap={4} component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {layers.map((item) => (
            <li key={item.layer}>
              <NavLink
                component={Link}
                to={item.to}
                label={item.label}
                leftSection={item.icon}
                active={item.layer === current}
                aria-current={item.layer === current ? 'page' : undefined}
              />
            </li>
          ))}
          {/* Spec 2: Notifications only with a channel; it opens the hub rather than another page. */}
          {objective.announcementChannelId ? (
            <li>
              <NotificationsLayer
                objectiveId={objectiveId}
                courseName={objective.name}
                label={t('layers.notifications')}
              />
            </li>
          ) : null}
        </Stack>
      </Box>
      <Box style={{ flex: '1 1 480px', minWidth: 0 }}>{children}</Box>
    </Group>
  );
}
