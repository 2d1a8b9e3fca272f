// The courses the learner opened or worked on lately: a card each with its state, a progress bar and a link
// to continue where it makes sense (the content of a running attempt, else the course page).
import {
  Button,
  Card,
  Group,
  Progress,
  SimpleGrid,
  Stack,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { RecentCourse } from '@portal/contracts';
import { useFormatters } from '../../../lib/format.ts';
import { recentCoursesQuery } from '../api/dashboard-queries.ts';

/** How many cards the widget shows. */
export const RECENT_COURSES_SHOWN = 4;

export default function RecentCoursesWidget() {
  const { t } = useTranslation('dashboard');
  const { data } = useSuspenseQuery(recentCoursesQuery(RECENT_COURSES_SHOWN));
  if (data.length === 0) {
    return (
      <Stack gap="xs" align="flex-start">
        <Text c="dimmed">{t('recentCourses.empty')}</Text>
        <Button component={Link} to="/courses" variant="default">
          {t('recentCourses.goToCourses')}
        </Button>
      </Stack>
    );
  }
  return (
    <SimpleGrid
      component="ul"
      cols={{ base: 1, sm: 2 }}
      spacing="md"
      p={0}
      m={0}
      style={{ listStyle: 'none' }}
    >
      {data.map((course) => (
        <li key={course.objectiveId}>
          <RecentCourseCard course={course} />
        </li>
      ))}
    </SimpleGrid>
  );
}

function RecentCourseCard({ course }: { course: RecentCourse }) {
  const { t } = useTranslation('dashboard');
  const format = useFormatters();
  const percent = format.percent(course.progress);
  return (
    <Card withBorder padding="md" h="100%">
      <Stack gap="xs" h="100%" justify="space-between">
        <Stack gap={4}>
          <Text fw={600} dir="auto" lineClamp={2}>
            {course.objectiveName}
          </Text>
          <Text size="sm" c="dimmed">
            {t(`recentCourses.state.${course.state}`)}
          </Text>
        </Stack>
        <Stack gap={4}>
          <Group justify="space-between" gap="xs">
            <Text size="sm">{t('recentCourses.progress')}</Text>
            <Text size="sm">{percent}</Text>
          </Group>
          <Progress
            value={Math.round(course.progress * 100)}
            aria-label={t('recentCourses.progressOf', { percent })}
          />
        </Stack>
        <Button component={Link} to={course.path} variant="light">
          {course.state === 'inProgress' ? t('recentCourses.continue') : t('recentCourses.open')}
          <VisuallyHidden>
            {': '}
            {course.objectiveName}
          </VisuallyHidden>
        </Button>
      </Stack>
    </Card>
  );
}
