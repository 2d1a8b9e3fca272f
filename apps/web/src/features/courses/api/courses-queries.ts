// Query factories of the My Courses page: enrolled courses (paged), terms, collections and grading scales.
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import {
  enrollmentAggregateSchema,
  gradingScaleSchema,
  idSchema,
  listEnvelopeSchema,
  showcaseSchema,
  termSchema,
  type FilterExpression,
} from '@portal/contracts';
import {
  buildEnrolledFilter,
  emptyCourseListFilters,
  type CourseListFilters,
} from '@portal/domain';
import { LMS_API, apiGet, apiQuery } from '../../../lib/api-client.ts';

/** Cards fetched per page ("Show more courses" loads the next page). */
export const COURSES_PAGE_SIZE = 24;

// Terms and collections change only when an administrator edits them.
const REFERENCE_DATA_MS = 5 * 60 * 1000;

const AGGREGATES_PATH = `${LMS_API}/objective-workflow-aggregates/query`;
const byName = [{ selector: 'objective.name', desc: false }];

export const coursesKeys = {
  all: ['lms', 'courses'] as const,
  enrolled: (filters: CourseListFilters) => [...coursesKeys.all, 'enrolled', filters] as const,
  enrolledTermIds: () => [...coursesKeys.all, 'enrolled', 'termIds'] as const,
};

const aggregatesPageSchema = listEnvelopeSchema(enrollmentAggregateSchema);

export const enrolledCoursesInfiniteQuery = (filters: CourseListFilters) =>
  infiniteQueryOptions({
    queryKey: coursesKeys.enrolled(filters),
    queryFn: ({ pageParam, signal }) =>
      apiQuery(
        AGGREGATES_PATH,
        aggregatesPageSchema,
        {
          filter: buildEnrolledFilter(filters),
          sort: byName,
          skip: pageParam,
          take: COURSES_PAGE_SIZE,
          requireTotalCount: true,
        },
        signal,
      ),
    initialPageParam: 0,
    getNextPageParam: (lastPage, pages) => {
      const loaded = pages.reduce((count, page) => count + page.data.length, 0);
      return lastPage.data.length > 0 && loaded < lastPage.totalCount ? loaded : undefined;
    },
  });

// With select=["termId"] the server answers the distinct termIds; other envelope fields are not needed.
const termIdsSchema = z.object({ data: z.array(z.object({ termId: idSchema.nullable() })) });

/**
 * Term ids of all the learner's enrolled courses (null for courses without a term). Also tells whether the
 * learner has any course at all: an empty answer means none.
 */
export const enrolledTermIdsQuery = () =>
  queryOptions({
    queryKey: coursesKeys.enrolledTermIds(),
    queryFn: async ({ signal }) => {
      const page = await apiQuery(
        AGGREGATES_PATH,
        termIdsSchema,
        { filter: buildEnrolledFilter(emptyCourseListFilters), select: ['termId'] },
        signal,
      );
      return page.data.map((row) => row.termId);
    },
  });

export const termsQuery = () =>
  queryOptions({
    queryKey: ['lms', 'users', 'me', 'terms'],
    queryFn: ({ signal }) => apiGet(`${LMS_API}/users/me/terms`, z.array(termSchema), { signal }),
    staleTime: REFERENCE_DATA_MS,
  });

export const enrolledShowcasesQuery = () =>
  queryOptions({
    queryKey: ['lms', 'users', 'me', 'enrolled-showcases'],
    queryFn: ({ signal }) =>
      apiGet(`${LMS_API}/users/me/enrolled-showcases`, z.array(showcaseSchema), { signal }),
    staleTime: REFERENCE_DATA_MS,
  });

const gradingScalesSchema = listEnvelopeSchema(gradingScaleSchema);

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
        gradingScalesSchema,
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
