// What a course list needs before it can show filters: the terms its courses use and its collections.
import { useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Showcase } from '@portal/contracts';
import { termsQuery } from './course-list-queries.ts';
import type { FilterOption } from './filter-drawer.tsx';
import { termFilterOptions } from './term-options.ts';

export type ListFacets =
  | { status: 'error'; retry(): void }
  | { status: 'loading' }
  /** `isEmpty`: no course in the list at all (the term-id probe covers every course of the list). */
  | { status: 'ready'; isEmpty: boolean; termOptions: FilterOption[]; showcases: Showcase[] };

export function useListFacets<TermIdsKey extends QueryKey, ShowcasesKey extends QueryKey>(
  termIdsQuery: UseQueryOptions<(string | null)[], Error, (string | null)[], TermIdsKey>,
  showcasesQuery: UseQueryOptions<Showcase[], Error, Showcase[], ShowcasesKey>,
): ListFacets {
  const { t } = useTranslation('courseList');
  const termIds = useQuery(termIdsQuery);
  const terms = useQuery(termsQuery());
  const showcases = useQuery(showcasesQuery);

  if (termIds.isError || terms.isError || showcases.isError) {
    return {
      status: 'error',
      retry: () => {
        void termIds.refetch();
        void terms.refetch();
        void showcases.refetch();
      },
    };
  }
  if (!termIds.data || !terms.data || !showcases.data) return { status: 'loading' };
  return {
    status: 'ready',
    isEmpty: termIds.data.length === 0,
    termOptions: termFilterOptions(terms.data, termIds.data, t('coursesFilterDrawer.noTerm')),
    showcases: showcases.data,
  };
}
