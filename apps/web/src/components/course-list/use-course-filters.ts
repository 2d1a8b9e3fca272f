// The My Courses filter state: kept in the URL, validated against what the learner's lists know, remembered.
import { useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import {
  courseFilterKeys,
  emptyCourseListFilters,
  filtersToUrl,
  hasAnyFilter,
  parseFiltersFromUrl,
  urlHasFilters,
  type CourseListFilters,
  type FilterParseContext,
  type ParsedFilters,
} from '@portal/domain';
import { readLocal, writeLocal } from '../../../lib/storage.ts';
import { showToast } from '../../../lib/toast.ts';

/** Enrolled-list filters and search survive sessions (spec §3); stored in their URL form. */
export const ENROLLED_FILTERS_STORAGE_KEY = 'courses.enrolled.filters';

export interface KnownFilterIds {
  knownTermIds: ReadonlySet<string>;
  knownCollectionIds: ReadonlySet<string>;
}

const isFilterKey = (key: string) => (courseFilterKeys as readonly string[]).includes(key);

/** The current query string with its filter keys replaced; other parameters (flags of other features) stay. */
function withFilters(current: URLSearchParams, filters: CourseListFilters): URLSearchParams {
  const next = new URLSearchParams();
  for (const [key, value] of current) if (!isFilterKey(key)) next.append(key, value);
  for (const [key, value] of filtersToUrl(filters)) next.set(key, value);
  return next;
}

function readStored(context: FilterParseContext): CourseListFilters {
  const stored = readLocal(ENROLLED_FILTERS_STORAGE_KEY, z.string().max(10_000));
  // Stored ids may have disappeared since: they are dropped silently, only URL values are reported.
  return stored === null
    ? emptyCourseListFilters
    : parseFiltersFromUrl(new URLSearchParams(stored), context).filters;
}

/** Filters from the URL when it names any, else the remembered ones. */
function resolveFilters(params: URLSearchParams, context: FilterParseContext): ParsedFilters {
  if (urlHasFilters(params)) return parseFiltersFromUrl(params, context);
  return { filters: readStored(context), removedSomething: false };
}

export interface CourseFiltersState {
  filters: CourseListFilters;
  setFilters(next: CourseListFilters): void;
  clearFilters(): void;
}

export function useCourseFilters(known: KnownFilterIds): CourseFiltersState {
  const { t } = useTranslation('courses');
  const [searchParams, setSearchParams] = useSearchParams();
  const context: FilterParseContext = { ...known, listType: 'enrolled' };
  const fromUrl = resolveFilters(searchParams, context).filters;
  // The router applies search-param changes in a transition; until the URL moves, the controls
  // show what the learner just chose instead of lagging behind the click.
  const [pending, setPending] = useState<{ filters: CourseListFilters; whileUrl: string } | null>(
    null,
  );
  const urlKey = filtersToUrl(fromUrl).toString();
  const filters = pending && pending.whileUrl === urlKey ? pending.filters : fromUrl;

  const setFilters = useCallback(
    (next: CourseListFilters) => {
      setPending({ filters: next, whileUrl: urlKey });
      writeLocal(ENROLLED_FILTERS_STORAGE_KEY, filtersToUrl(next).toString());
      setSearchParams(
        (current) => {
          const updated = withFilters(current, next);
          return updated.toString() === current.toString() ? current : updated;
        },
        { replace: true },
      );
    },
    [setSearchParams, urlKey, setPending],
  );

  // On arrival: report values the URL named but nobody knows any more, then write the valid state back.
  const arrived = useRef(false);
  useEffect(() => {
    if (arrived.current) return;
    arrived.current = true;
    const resolved = resolveFilters(searchParams, context);
    if (resolved.removedSomething && hasAnyFilter(resolved.filters)) {
      showToast({ kind: 'info', message: t('coursesFilterDrawer.filtersUnavailable') });
    }
    setFilters(resolved.filters);
    // Runs once per visit; later changes go through setFilters.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const clearFilters = useCallback(() => setFilters(emptyCourseListFilters), [setFilters]);
  return { filters, setFilters, clearFilters };
}
