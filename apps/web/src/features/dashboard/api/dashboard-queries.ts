// Query factories of the learner dashboard's widgets, and "the learner opened this course" for recent courses.
import { useEffect } from 'react';
import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { learnerTasksSchema, promoBannersSchema, recentCoursesSchema } from '@portal/contracts';
import { LMS_API, apiFetch, apiGet } from '../../../lib/api-client.ts';

export const dashboardKeys = {
  all: ['lms', 'dashboard'] as const,
  tasks: () => [...dashboardKeys.all, 'tasks'] as const,
  recentCourses: (take: number) => [...dashboardKeys.all, 'recent-courses', take] as const,
  promoBanners: () => [...dashboardKeys.all, 'promo-banners'] as const,
};

/** Tasks change with the clock and with every attempt: read fresh on each visit. */
export const tasksQuery = () =>
  queryOptions({
    queryKey: dashboardKeys.tasks(),
    queryFn: ({ signal }) =>
      apiGet(`${LMS_API}/users/me/tasks`, import.meta.env.PROD ? undefined : learnerTasksSchema, {
        signal,
      }),
    staleTime: 0,
  });

export const recentCoursesQuery = (take: number) =>
  queryOptions({
    queryKey: dashboardKeys.recentCourses(take),
    queryFn: async ({ signal }) =>
      (
        await apiGet(
          `${LMS_API}/users/me/recent-courses`,
          import.meta.env.PROD ? undefined : recentCoursesSchema,
          {
            query: { take },
            signal,
          },
        )
      ).data,
    staleTime: 0,
  });

export const promoBannersQuery = () =>
  queryOptions({
    queryKey: dashboardKeys.promoBanners(),
    queryFn: async ({ signal }) =>
      (
        await apiGet(
          `${LMS_API}/users/me/promo-banners`,
          import.meta.env.PROD ? undefined : promoBannersSchema,
          { signal },
        )
      ).data,
    staleTime: 5 * 60_000,
  });

/**
 * Tells the server, once per course page visit, that the learner opened the course, so it leads the recent
 * courses. A course the learner has no enrolment for answers 404: nothing to record, nothing to show.
 */
export function useRecordCourseOpened(objectiveId: string): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!objectiveId) return;
    apiFetch('POST', `${LMS_API}/users/me/recent-courses`, { body: { objectiveId } }).then(
      () => queryClient.invalidateQueries({ queryKey: [...dashboardKeys.all, 'recent-courses'] }),
      () => undefined,
    );
  }, [objectiveId, queryClient]);
}
