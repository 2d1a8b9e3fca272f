// The learner dashboard (spec portal-shell §2, "/" when learner.dashboard is on): promo banners, tasks and recent
// courses and the calendar (features/calendar), each widget loaded on its own.
import { Grid, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../lib/page-title.ts';
import { DashboardWidget } from './components/dashboard-widget.tsx';

const loadTasks = () => import('./components/tasks-widget.tsx');
const loadRecentCourses = () => import('./components/recent-courses-widget.tsx');
const loadPromoBanners = () => import('./components/promo-banners-widget.tsx');
const loadCalendar = () => import('../calendar/components/calendar-widget.tsx');

export function DashboardPage() {
  const { t } = useTranslation('dashboard');
  usePageTitle(t('title'));
  return (
    <Stack gap="lg">
      <Title order={1}>{t('title')}</Title>
      <Grid gap="xl">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack gap="xl">
            <DashboardWidget
              title={t('recentCourses.heading')}
              load={loadRecentCourses}
              skeletonHeight={220}
            />
            <DashboardWidget
              title={t('promoBanners.heading')}
              load={loadPromoBanners}
              skeletonHeight={260}
            />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack gap="xl">
            <DashboardWidget title={t('tasks.heading')} load={loadTasks} skeletonHeight={240} />
            <DashboardWidget
              title={t('title', { ns: 'calendar' })}
              load={loadCalendar}
              skeletonHeight={420}
            />
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
