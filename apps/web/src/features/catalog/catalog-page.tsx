// The catalog: courses the learner may join, with search, collection chips, a filter drawer and a card grid.
import { Button, Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '../../components/empty-state.tsx';
import { termsQuery } from '../../components/course-list/course-list-queries.ts';
import { ListLoading } from '../../components/course-list/list-loading.tsx';
import { LoadFailed } from '../../components/course-list/load-failed.tsx';
import { termFilterOptions } from '../../components/course-list/term-options.ts';
import { usePageTitle } from '../../lib/page-title.ts';
import { catalogShowcasesQuery, catalogTermIdsQuery } from './api/catalog-queries.ts';
import { CatalogCourses } from './components/catalog-courses.tsx';

export function CatalogPage() {
  const { t } = useTranslation('catalog');
  const { t: tList } = useTranslation('courseList');
  usePageTitle(t('page.title'));
  const termIds = useQuery(catalogTermIdsQuery());
  const terms = useQuery(termsQuery());
  const showcases = useQuery(catalogShowcasesQuery());

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
    // The term ids come from every offered course: none at all means the catalog is empty.
    if (termIds.data.length === 0) {
      return (
        <EmptyState
          title={t('empty.noCourses')}
          description={t('empty.noCoursesHint')}
          action={
            <Button component={Link} to="/courses" variant="default">
              {t('empty.goToMyCourses')}
            </Button>
          }
        />
      );
    }
    const termOptions = termFilterOptions(
      terms.data,
      termIds.data,
      tList('coursesFilterDrawer.noTerm'),
    );
    return <CatalogCourses termOptions={termOptions} showcases={showcases.data} />;
  })();

  return (
    <Stack gap="lg">
      <Title order={1}>{t('page.title')}</Title>
      {content}
    </Stack>
  );
}
