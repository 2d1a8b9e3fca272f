// The grid of enrolled courses for the current filters, paged by "Show more courses".
import { useState } from 'react';
import { Button, Center, Loader, SimpleGrid, Stack, Text } from '@mantine/core';
import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { GradingScale } from '@portal/contracts';
import { showsPassedInfo, type CourseListFilters } from '@portal/domain';
import { EmptyState } from '../../../components/empty-state.tsx';
import { enrolledCoursesInfiniteQuery, gradingScalesQuery } from '../api/courses-queries.ts';
import { CourseCard } from './course-card.tsx';
import { LoadFailed } from './load-failed.tsx';

interface EnrolledCourseListProps {
  filters: CourseListFilters;
  onClearFilters(): void;
}

export function EnrolledCourseList({ filters, onClearFilters }: EnrolledCourseListProps) {
  const { t } = useTranslation('courses');
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

  if (courses.isPending) {
    return (
      <Center py="xl" role="status" aria-label={t('page.loading')}>
        <Loader />
      </Center>
    );
  }
  if (courses.isError) return <LoadFailed onRetry={() => void courses.refetch()} />;
  if (aggregates.length === 0) {
    return (
      <EmptyState
        title={t('empty.noMatches')}
        description={t('empty.noMatchesHint')}
        action={<Button onClick={onClearFilters}>{t('empty.clearFilters')}</Button>}
      />
    );
  }

  return (
    <Stack gap="md" aria-busy={courses.isFetching}>
      <Text size="sm" aria-live="polite">
        {t('list.showing', { shown: aggregates.length, total })}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3, xl: 4 }} spacing="md">
        {aggregates.map((aggregate, index) => (
          <CourseCard
            key={aggregate.id}
            aggregate={aggregate}
            index={index}
            gradingScale={scaleById.get(aggregate.objective.gradingScaleId ?? '') ?? null}
            now={now}
          />
        ))}
      </SimpleGrid>
      {courses.hasNextPage ? (
        <Center>
          <Button
            variant="default"
            onClick={() => void courses.fetchNextPage()}
            loading={courses.isFetchingNextPage}
          >
            {t('list.showMore')}
          </Button>
        </Center>
      ) : null}
    </Stack>
  );
}
