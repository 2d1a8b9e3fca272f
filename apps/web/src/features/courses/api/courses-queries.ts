// Query factories of the My Courses page: enrolled courses (paged), their terms, collections and grading scales.
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import {
  gradingScaleSchema,
  listEnvelopeSchema,
  showcaseSchema,
  type FilterExpression,
} from '@portal/contracts';
import {
  buildEnrolledFilter,
  emptyCourseListFilters,
  type CourseListFilters,
} from '@portal/domain';
import { LMS_API, apiGet, apiQuery } from '../../../lib/api-client.ts';
import {
  REFERENCE_DATA_MS,
  courseListInfiniteQuery,
  courseListTermIdsQuery,
} from '../../../components/course-list/course-list-queries.ts';

export const coursesKeys = {
  all: ['lms', 'courses'] as const,
  enrolled: (filters: CourseListFilters) => [...coursesKeys.all, 'enrolled', filters] as const,
  enrolledTermIds: () => [...coursesKeys.all, 'enrolled', 'termIds'] as const,
};

export const enrolledCoursesInfiniteQuery = (filters: CourseListFilters) =>
  courseListInfiniteQuery(coursesKeys.enrolled(filters), buildEnrolledFilter(filters));

/**
 * Term ids of all the learner's enrolled courses (null for courses without a term). Also tells whether the
 * learner has any course at all: an empty answer means none.
 */
export const enrolledTermIdsQuery = () =>
  courseListTermIdsQuery(
    coursesKeys.enrolledTermIds(),
    buildEnrolledFilter(emptyCourseListFilters),
  );

export const enrolledShowcasesQuery = () =>
  queryOptions({
    queryKey: ['lms', 'users', 'me', 'enrolled-showcases'],
    queryFn: ({ signal }) =>
      apiGet(
        `${LMS_API}/users/me/enrolled-showcases`,
        import.meta.env.PROD ? undefined : z.array(showcaseSchema),
        { signal },
      ),
    staleTime: REFERENCE_DATA_MS,
  });

// Pure: the production build drops it with the checks (api-client.ts).
const gradingScalesSchema = /* @__PURE__ */ listEnvelopeSchema(gradingScaleSchema);

/** The grading scales of the listed courses, by id; ids are sorted so the cache key is stable. */
export const gradingScalesQuery = (ids: readonly string[]) => {
  const sorted = [...new Set(ids)].sort();
  const filter: FilterExpression = sorted.flatMap((id, index) =>
    index === 0 ? [['id', '=', id]] : ['or', ['id', '=', id]],
  );
  return queryOptions({
    queryKey: ['lms', 'grading-scales', sorted],
    queryFn: async ({ signal }) => {
      const page = await apiQuery(
        `${LMS_API}/grading-scales/query`,
        import.meta.env.PROD ? undefined : gradingScalesSchema,
        {
          filter: sorted.length === 1 ? (filter[0] as FilterExpression) : filter,
          take: sorted.length,
        },
        signal,
      );
      return page.data;
    },
    enabled: sorted.length > 0,
    staleTime: REFERENCE_DATA_MS,
  });
};
