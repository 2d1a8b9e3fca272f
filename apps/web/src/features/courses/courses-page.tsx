// My Courses: the learner's enrolled courses with search, collection chips, a filter drawer and a card grid.
import { Button, Center, Loader, Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { NIL_ID } from '@portal/contracts';
import { isRouteBuilt } from '../../app/paths.ts';
import { EmptyState } from '../../components/empty-state.tsx';
import { usePageTitle } from '../../lib/page-title.ts';
import { useLearnerSettings } from '../../lib/platform-queries.ts';
import { enrolledShowcasesQuery, enrolledTermIdsQuery, termsQuery } from './api/courses-queries.ts';
import { EnrolledCourses } from './components/enrolled-courses.tsx';
import { LoadFailed } from './components/load-failed.tsx';
import type { FilterOption } from './components/filter-drawer.tsx';

export function CoursesPage() {
  const { t } = useTranslation('courses');
  usePageTitle(t('page.title'));
  const termIds = useQuery(enrolledTermIdsQuery());
  const terms = useQuery(termsQuery());
  const showcases = useQuery(enrolledShowcasesQuery());

  const content = (() => {
    if (termIds.isError || terms.isError || showcases.isError) {
      return (
        <LoadFailed
          onRetry={() => {
            void termIds.refetch();
            void terms.refetch();
            void showcases.refetch();
          }}
        />
      );
    }
    if (!termIds.data || !terms.data || !showcases.data) {
      return (
        <Center py="xl" role="status" aria-label={t('page.loading')}>
          <Loader />
        </Center>
      );
    }
    // The term ids come from every enrolled course: none at all means the learner has no course yet.
    if (termIds.data.length === 0) return <NoCourses />;

    const usedTermIds = new Set(termIds.data.map((id) => id ?? NIL_ID));
    const termOptions: FilterOption[] = terms.data.filter((term) => usedTermIds.has(term.id));
    if (usedTermIds.has(NIL_ID))
      termOptions.push({ id: NIL_ID, name: t('coursesFilterDrawer.noTerm') });
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
