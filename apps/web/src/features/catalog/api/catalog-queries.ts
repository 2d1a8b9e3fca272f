// Query factories and the command of the catalog: offered courses (paged), their terms and collections, one course.
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { PREFER_SYNC, showcaseSchema } from '@portal/contracts';
import { buildCatalogFilter, emptyCourseListFilters, type CourseListFilters } from '@portal/domain';
import { LMS_API, apiGet, apiQuery, runCommand } from '../../../lib/api-client.ts';
import {
  AGGREGATES_PATH,
  REFERENCE_DATA_MS,
  aggregatesPageSchema,
  courseListInfiniteQuery,
  courseListTermIdsQuery,
} from '../../../components/course-list/course-list-queries.ts';

export const catalogKeys = {
  all: ['lms', 'catalog'] as const,
  courses: (filters: CourseListFilters) => [...catalogKeys.all, 'courses', filters] as const,
  termIds: () => [...catalogKeys.all, 'courses', 'termIds'] as const,
  course: (objectiveId: string) => [...catalogKeys.all, 'course', objectiveId] as const,
  showcases: () => ['lms', 'users', 'me', 'catalog-showcases'] as const,
};

export const catalogCoursesInfiniteQuery = (filters: CourseListFilters) =>
  courseListInfiniteQuery(catalogKeys.courses(filters), buildCatalogFilter(filters));

/** Term ids of every course the catalog offers; an empty answer means the catalog is empty. */
export const catalogTermIdsQuery = () =>
  courseListTermIdsQuery(catalogKeys.termIds(), buildCatalogFilter(emptyCourseListFilters));

export const catalogShowcasesQuery = () =>
  queryOptions({
    queryKey: catalogKeys.showcases(),
    queryFn: ({ signal }) =>
      apiGet(
        `${LMS_API}/users/me/catalog-showcases`,
        import.meta.env.PROD ? undefined : z.array(showcaseSchema),
        { signal },
      ),
    staleTime: REFERENCE_DATA_MS,
  });

/**
 * The learner's row of one course, enrolled or offered (the server returns no other rows), or null when
 * there is none. No catalog rule here: the page must also recognise a course the learner already has.
 */
export const catalogCourseQuery = (objectiveId: string) =>
  queryOptions({
    queryKey: catalogKeys.course(objectiveId),
    queryFn: async ({ signal }) => {
      const page = await apiQuery(
        AGGREGATES_PATH,
        import.meta.env.PROD ? undefined : aggregatesPageSchema,
        { filter: ['objective.id', '=', objectiveId], take: 1 },
        signal,
      );
      return page.data[0] ?? null;
    },
  });

/** Enrols the learner in a catalog course (the command answers once it has run). */
export function createSelfEnrollment(objectiveAccessId: string) {
  return runCommand(
    `${LMS_API}/create-self-enrollments`,
    { id: crypto.randomUUID(), objectiveAccessId },
    { prefer: PREFER_SYNC },
  );
}
