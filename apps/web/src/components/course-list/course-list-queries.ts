// Query factories shared by the course lists (My Courses, catalog): paged aggregates, their term ids, terms.
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import {
  enrollmentAggregateSchema,
  idSchema,
  listEnvelopeSchema,
  termSchema,
  type FilterExpression,
} from '@portal/contracts';
import { LMS_API, apiGet, apiQuery } from '../../lib/api-client.ts';

/** Cards fetched per page ("Show more courses" loads the next page). */
export const COURSES_PAGE_SIZE = 24;

/** Terms and collections change only when an administrator edits them. */
export const REFERENCE_DATA_MS = 5 * 60 * 1000;

export const AGGREGATES_PATH = `${LMS_API}/objective-workflow-aggregates/query`;
const byName = [{ selector: 'objective.name', desc: false }];

// Pure: the production build drops it with the checks (api-client.ts).
export const aggregatesPageSchema = /* @__PURE__ */ listEnvelopeSchema(enrollmentAggregateSchema);

/** One list of aggregates, sorted by course name and paged; `queryKey` names the list and its filters. */
export const courseListInfiniteQuery = (queryKey: readonly unknown[], filter: FilterExpression) =>
  infiniteQueryOptions({
    queryKey,
    queryFn: ({ pageParam, signal }) =>
      apiQuery(
        AGGREGATES_PATH,
        import.meta.env.PROD ? undefined : aggregatesPageSchema,
        { filter, sort: byName, skip: pageParam, take: COURSES_PAGE_SIZE, requireTotalCount: true },
        signal,
      ),
    initialPageParam: 0,
    getNextPageParam: (lastPage, pages) => {
      const loaded = pages.reduce((count, page) => count + page.data.length, 0);
      return lastPage.data.length > 0 && loaded < lastPage.totalCount ? loaded : undefined;
    },
  });

// With select=["termId"] the server answers the distinct termIds; other envelope fields are not needed.
const termIdsSchema = z.object({
  data: z.array(z.object({ termId: /* @__PURE__ */ idSchema.nullable() })),
});

/**
 * Term ids of every course a list holds without filters (null for courses without a term). Also tells
 * whether the list has any course at all: an empty answer means none.
 */
export const courseListTermIdsQuery = (queryKey: readonly unknown[], filter: FilterExpression) =>
  queryOptions({
    queryKey,
    queryFn: async ({ signal }) => {
      const page = await apiQuery(
        AGGREGATES_PATH,
        import.meta.env.PROD ? undefined : termIdsSchema,
        { filter, select: ['termId'] },
        signal,
      );
      return page.data.map((row) => row.termId);
    },
  });

export const termsQuery = () =>
  queryOptions({
    queryKey: ['lms', 'users', 'me', 'terms'],
    queryFn: ({ signal }) =>
      apiGet(`${LMS_API}/users/me/terms`, import.meta.env.PROD ? undefined : z.array(termSchema), {
        signal,
      }),
    staleTime: REFERENCE_DATA_MS,
  });
