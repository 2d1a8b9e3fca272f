// The grid of catalog courses for the current filters, paged by "Show more courses".
import { useState } from 'react';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { CourseListFilters } from '@portal/domain';
import { CourseGrid } from '../../../components/course-list/course-grid.tsx';
import { ListLoading } from '../../../components/course-list/list-loading.tsx';
import { LoadFailed } from '../../../components/course-list/load-failed.tsx';
import { catalogCoursesInfiniteQuery } from '../api/catalog-queries.ts';
import { CatalogCourseCard } from './catalog-course-card.tsx';

interface CatalogCourseListProps {
  filters: CourseListFilters;
  onClearFilters(): void;
}

export function CatalogCourseList({ filters, onClearFilters }: CatalogCourseListProps) {
  const { t } = useTranslation('catalog');
  const { t: tList } = useTranslation('courseList');
  // One "now" per visit: a card must not change while the learner reads it.
  const [now] = useState(() => new Date());
  const courses = useInfiniteQuery({
    ...catalogCoursesInfiniteQuery(filters),
    placeholderData: keepPreviousData,
  });

  if (courses.isPending) return <ListLoading label={tList('loading')} />;
  if (courses.isError) {
    return <LoadFailed title={t('page.loadFailed')} onRetry={() => void courses.refetch()} />;
  }
  const aggregates = courses.data.pages.flatMap((page) => page.data);
  return (
    <CourseGrid
      cards={aggregates.map((aggregate) => (
        <CatalogCourseCard key={aggregate.id} aggregate={aggregate} now={now} />
      ))}
      total={courses.data.pages.at(-1)?.totalCount ?? 0}
      refreshing={courses.isFetching}
      hasMore={courses.hasNextPage}
      loadingMore={courses.isFetchingNextPage}
      onShowMore={() => void courses.fetchNextPage()}
      onClearFilters={onClearFilters}
    />
  );
}
