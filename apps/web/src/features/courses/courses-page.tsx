// My Courses: the learner's enrolled courses with search, collection chips, a filter drawer and a card grid.
import { Button, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isRouteBuilt } from '../../app/paths.ts';
import { EmptyState } from '../../components/empty-state.tsx';
import { usePageTitle } from '../../lib/page-title.ts';
import { useLearnerSettings } from '../../lib/platform-queries.ts';
import { ListLoading } from '../../components/course-list/list-loading.tsx';
import { LoadFailed } from '../../components/course-list/load-failed.tsx';
import { useListFacets } from '../../components/course-list/use-list-facets.ts';
import { enrolledShowcasesQuery, enrolledTermIdsQuery } from './api/courses-queries.ts';
import { EnrolledCourses } from './components/enrolled-courses.tsx';

export function CoursesPage() {
  const { t } = useTranslation('courses');
  const { t: tList } = useTranslation('courseList');
  usePageTitle(t('page.title'));
  const facets = useListFacets(enrolledTermIdsQuery(), enrolledShowcasesQuery());

  const content = (() => {
    if (facets.status === 'error') {
      return <LoadFailed title={t('page.loadFailed')} onRetry={facets.retry} />;
    }
    if (facets.status === 'loading') return <ListLoading label={tList('loading')} />;
    if (facets.isEmpty) return <NoCourses />;

    return <EnrolledCourses termOptions={facets.termOptions} showcases={facets.showcases} />;
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
