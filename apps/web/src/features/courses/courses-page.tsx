// My Courses: the learner's enrolled courses with search, collection chips, a filter drawer and a card grid.
import { Button, Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isRouteBuilt } from '../../app/paths.ts';
import { EmptyState } from '../../components/empty-state.tsx';
import { usePageTitle } from '../../lib/page-title.ts';
import { useLearnerSettings } from '../../lib/platform-queries.ts';
import { termsQuery } from '../../components/course-list/course-list-queries.ts';
import { ListLoading } from '../../components/course-list/list-loading.tsx';
import { LoadFailed } from '../../components/course-list/load-failed.tsx';
import { termFilterOptions } from '../../components/course-list/term-options.ts';
import { enrolledShowcasesQuery, enrolledTermIdsQuery } from './api/courses-queries.ts';
import { EnrolledCourses } from './components/enrolled-courses.tsx';

export function CoursesPage() {
  const { t } = useTranslation('courses');
  const { t: tList } = useTranslation('courseList');
  usePageTitle(t('page.title'));
  const termIds = useQuery(enrolledTermIdsQuery());
  const terms = useQuery(termsQuery());
  const showcases = useQuery(enrolledShowcasesQuery());

  const content = (() => {
    if (termIds.isError || terms.isError || showcases.isError) {
      return (
        <LoadFailed
          title={t('page.loadFailed')}
          onRetry={() => {
            void termIds.refetch();
            void terms.refetch();
            void showcases.refetch();
          }}
        />
      );
    }
    if (!termIds.data || !terms.data || !showcases.data) {
      return <ListLoading label={tList('loading')} />;
    }
    // The term ids come from every enrolled course: none at all means the learner has no course yet.
    if (termIds.data.length === 0) return <NoCourses />;

    const termOptions = termFilterOptions(
      terms.data,
      termIds.data,
      tList('coursesFilterDrawer.noTerm'),
    );
    return <EnrolledCourses termOptions={termOptions} showcases={showcases.data} />;
  })();

  return (
    <Stack gap="lg">
      <Title order={1}>{t('page.title')}</Title>
      {content}
    </Stack>
  );
}

/** The learner is enrolled in nothing: point to the catalog when there is one. */
function NoCourses() {
  const { t } = useTranslation('courses');
  const settings = useLearnerSettings();
  const catalogAvailable = settings.navigation.catalog && isRouteBuilt('catalog');
  return catalogAvailable ? (
    <EmptyState
      title={t('empty.noCourses')}
      action={
        <Button component={Link} to="/catalog">
          {t('empty.goToCatalog')}
        </Button>
      }
    />
  ) : (
    <EmptyState title={t('empty.noCourses')} description={t('empty.catalogDisabled')} />
  );
}
