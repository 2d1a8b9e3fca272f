// The catalog: courses the learner may join, with search, collection chips, a filter drawer and a card grid.
import { Button, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '../../components/empty-state.tsx';
import { ListLoading } from '../../components/course-list/list-loading.tsx';
import { LoadFailed } from '../../components/course-list/load-failed.tsx';
import { useListFacets } from '../../components/course-list/use-list-facets.ts';
import { usePageTitle } from '../../lib/page-title.ts';
import { catalogShowcasesQuery, catalogTermIdsQuery } from './api/catalog-queries.ts';
import { CatalogCourses } from './components/catalog-courses.tsx';

export function CatalogPage() {
  const { t } = useTranslation('catalog');
  const { t: tList } = useTranslation('courseList');
  usePageTitle(t('page.title'));
  const facets = useListFacets(catalogTermIdsQuery(), catalogShowcasesQuery());

  const content = (() => {
    if (facets.status === 'error') {
      return <LoadFailed title={t('page.loadFailed')} onRetry={facets.retry} />;
    }
    if (facets.status === 'loading') return <ListLoading label={tList('loading')} />;
    if (facets.isEmpty) {
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
    return <CatalogCourses termOptions={facets.termOptions} showcases={facets.showcases} />;
  })();

  return (
    <Stack gap="lg">
      <Title order={1}>{t('page.title')}</Title>
      {content}
    </Stack>
  );
}
