// The enrolled list with its controls: search, collection chips, the filter button and drawer, the grid.
import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Showcase } from '@portal/contracts';
import { trackEvent } from '../../../lib/analytics.ts';
import { useCurrentUser } from '../../../lib/platform-queries.ts';
import { storageKeys, userStorageKey } from '../../../lib/storage.ts';
import { CourseListControls } from '../../../components/course-list/course-list-controls.tsx';
import type { FilterOption } from '../../../components/course-list/filter-drawer.tsx';
import { useCourseFilters } from '../../../components/course-list/use-course-filters.ts';
import { EnrolledCourseList } from './enrolled-course-list.tsx';

/**
 * Enrolled-list filters and search survive sessions (spec §3), stored in their URL form: per user, so the
 * next person on a shared browser never starts with them (sign-out removes them as well).
 */
export function enrolledFiltersStorageKey(userId: string): string {
  return userStorageKey(storageKeys.enrolledFilters, userId);
}

interface EnrolledCoursesProps {
  /** Terms that occur in the learner's courses (plus "No term" when some have none). */
  termOptions: FilterOption[];
  /** The learner's collections, "Uncategorized" last when some courses have none. */
  showcases: Showcase[];
}

export function EnrolledCourses({ termOptions, showcases }: EnrolledCoursesProps) {
  const { t } = useTranslation('courses');
  const user = useCurrentUser();
  const filterState = useCourseFilters({
    listType: 'enrolled',
    knownTermIds: new Set(termOptions.map((term) => term.id)),
    knownCollectionIds: new Set(showcases.map((showcase) => showcase.id)),
    storageKey: enrolledFiltersStorageKey(user.id),
  });

  return (
    <Stack gap="md">
      <CourseListControls
        {...filterState}
        listType="enrolled"
        searchLabel={t('search.label')}
        onSearched={(keyword) => trackEvent('my_courses_search', { search: keyword })}
        termOptions={termOptions}
        showcases={showcases}
      />
      <EnrolledCourseList filters={filterState.filters} onClearFilters={filterState.clearFilters} />
    </Stack>
  );
}
