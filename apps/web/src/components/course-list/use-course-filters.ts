// A course list's filter state: kept in the URL, validated against what the list knows, remembered if asked.
import { useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  courseFilterKeys,
  emptyCourseListFilters,
  filtersToUrl,
  hasAnyFilter,
  parseFiltersFromUrl,
  urlHasFilters,
  type CourseListFilters,
  type CourseListType,
  type FilterParseContext,
  type ParsedFilters,
} from '@portal/domain';
import { isQueryFlag } from '../../lib/query-flags.ts';
import { readLocalParsed, writeLocal } from '../../lib/storage.ts';
import { showToast } from '../../lib/toast.ts';

export interface CourseFiltersOptions {
  listType: CourseListType;
  knownTermIds: ReadonlySet<string>;
  knownCollectionIds: ReadonlySet<string>;
  /** Where the filters are remembered across sessions (their URL form); null: not remembered. */
  storageKey: string | null;
}

const isFilterKey = (key: string) => (courseFilterKeys as readonly string[]).includes(key);

/** The filter keys of a query string, in the order filtersToUrl writes them. */
function filterPart(params: URLSearchParams): string {
  const part = new URLSearchParams();
  for (const [key, value] of params) if (isFilterKey(key)) part.append(key, value);
  return part.toString();
}

/** Spec §5: a course list's address keeps its filter keys only (and the one-shot flags other features own). */
function hasForeignKeys(params: URLSearchParams): boolean {
  return [...params.keys()].some((key) => !isFilterKey(key) && !isQueryFlag(key));
}

/** The query string with the given filters, the one-shot flags kept and every other key dropped. */
function withFilters(current: URLSearchParams, filters: CourseListFilters): URLSearchParams {
  const next = new URLSearchParams();
  for (const [key, value] of current) if (isQueryFlag(key)) next.append(key, value);
  for (const [key, value] of filtersToUrl(filters)) next.set(key, value);
  return next;
}

/** A remembered filter query string, within a sane length. */
const storedFilterText = (value: unknown): string | null =>
  typeof value === 'string' && value.length <= 10_000 ? value : null;

function readStored(storageKey: string | null, context: FilterParseContext): CourseListFilters {
  const stored = storageKey === null ? null : readLocalParsed(storageKey, storedFilterText);
  // Stored ids may have disappeared since: they are dropped silently, only URL values are reported.
  return stored === null
    ? emptyCourseListFilters
    : parseFiltersFromUrl(new URLSearchParams(stored), context).filters;
}

/** Filters from the URL when it names any, else the remembered ones. */
function resolveFilters(
  params: URLSearchParams,
  context: FilterParseContext,
  storageKey: string | null,
): ParsedFilters {
  if (urlHasFilters(params)) return parseFiltersFromUrl(params, context);
  return { filters: readStored(storageKey, context), removedSomething: false };
}

export interface CourseFiltersState {
  filters: CourseListFilters;
  setFilters(next: CourseListFilters): void;
  clearFilters(): void;
}

export function useCourseFilters({
  storageKey,
  ...context
}: CourseFiltersOptions): CourseFiltersState {
  const { t } = useTranslation('courseList');
  const [searchParams, setSearchParams] = useSearchParams();
  const fromUrl = resolveFilters(searchParams, context, storageKey).filters;
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
      if (storageKey !== null) writeLocal(storageKey, filtersToUrl(next).toString());
      setSearchParams(
        (current) => {
          const updated = withFilters(current, next);
          return updated.toString() === current.toString() ? current : updated;
        },
        { replace: true },
      );
    },
    [setSearchParams, urlKey, setPending, storageKey],
  );

  // On arrival: report values the URL named but nobody knows any more, then write the valid state back.
  const arrived = useRef(false);
  useEffect(() => {
    if (arrived.current) return;
    arrived.current = true;
    const resolved = resolveFilters(searchParams, context, storageKey);
    if (resolved.removedSomething && hasAnyFilter(resolved.filters)) {
      showToast({ kind: 'info', message: t('coursesFilterDrawer.filtersUnavailable') });
    }
    // Write back only when the address does not already say exactly this: a needless navigation
    // here would race the deep actions, which remove their own flags from the address on arrival.
    if (
      filtersToUrl(resolved.filters).toString() !== filterPart(searchParams) ||
      hasForeignKeys(searchParams)
    ) {
      // eslint-disable-next-line react-hooks/set-state-in-effect -- one-time sync of the address on arrival
      setFilters(resolved.filters);
    }
    // Runs once per visit; later changes go through setFilters.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const clearFilters = useCallback(() => setFilters(emptyCourseListFilters), [setFilters]);
  return { filters, setFilters, clearFilters };
}
