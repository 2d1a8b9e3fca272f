// The grid of enrolled courses for the current filters, paged by "Show more courses".
import { useState } from 'react';
import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { GradingScale } from '@portal/contracts';
import { showsPassedInfo, type CourseListFilters } from '@portal/domain';
import { CourseGrid } from '../../../components/course-list/course-grid.tsx';
import { ListLoading } from '../../../components/course-list/list-loading.tsx';
import { LoadFailed } from '../../../components/course-list/load-failed.tsx';
import { enrolledCoursesInfiniteQuery, gradingScalesQuery } from '../api/courses-queries.ts';
import { CourseCard } from './course-card.tsx';

interface EnrolledCourseListProps {
  filters: CourseListFilters;
  onClearFilters(): void;
}

export function EnrolledCourseList({ filters, onClearFilters }: EnrolledCourseListProps) {
  const { t } = useTranslation('courses');
  const { t: tList } = useTranslation('courseList');
  // One "now" per visit: cards must not flip between states while the learner reads them.
  const [now] = useState(() => new Date());
  const courses = useInfiniteQuery({
    ...enrolledCoursesInfiniteQuery(filters),
    placeholderData: keepPreviousData,
  });
  const aggregates = courses.data?.pages.flatMap((page) => page.data) ?? [];
  const total = courses.data?.pages.at(-1)?.totalCount ?? 0;

  // Only cards that show a result need their scale (for the grade colour).
  const scaleIds = aggregates
    .filter(showsPassedInfo)
    .map((aggregate) => aggregate.objective.gradingScaleId)
    .filter((id): id is string => id !== null);
  const scales = useQuery(gradingScalesQuery(scaleIds));
  const scaleById = new Map<string, GradingScale>(
    (scales.data ?? []).map((scale) => [scale.id, scale]),
  );

  if (courses.isPending) return <ListLoading label={tList('loading')} />;
  if (courses.isError) {
    return <LoadFailed title={t('page.loadFailed')} onRetry={() => void courses.refetch()} />;
  }
  return (
    <CourseGrid
      cards={aggregates.map((aggregate) => (
        <CourseCard
          key={aggregate.id}
          aggregate={aggregate}
          gradingScale={scaleById.get(aggregate.objective.gradingScaleId ?? '') ?? null}
          now={now}
        />
      ))}
      total={total}
      refreshing={courses.isFetching}
      hasMore={courses.hasNextPage}
      loadingMore={courses.isFetchingNextPage}
      onShowMore={() => void courses.fetchNextPage()}
      onClearFilters={onClearFilters}
    />
  );
}
