// Filter state of the course lists (enrolled, catalog, public): URL form, validation, and the server filter.
import {
  ActivityState,
  MAX_FILTER_TEXT_LENGTH,
  NIL_ID,
  WorkflowState,
  type FilterExpression,
} from '@portal/contracts';

export const courseProgressValues = ['notStarted', 'inProgress', 'completed'] as const;
export type CourseProgressFilter = (typeof courseProgressValues)[number];

export const coursePriorityValues = ['mandatory', 'optional'] as const;
export type CoursePriorityFilter = (typeof coursePriorityValues)[number];

export const isCourseProgressFilter = (value: string): value is CourseProgressFilter =>
  (courseProgressValues as readonly string[]).includes(value);

export const isCoursePriorityFilter = (value: string): value is CoursePriorityFilter =>
  (coursePriorityValues as readonly string[]).includes(value);

export type CourseListType = 'enrolled' | 'catalog' | 'public';

export interface CourseListFilters {
  courseProgress: CourseProgressFilter[];
  coursePriority: CoursePriorityFilter[];
  /** Term ids; NIL_ID selects courses without a term. */
  term: string[];
  /** Showcase (collection) ids; NIL_ID selects courses in no collection. */
  collection: string[];
  /** Normalized search text (see normalizeSearch). */
  keyword: string;
}

export const emptyCourseListFilters: CourseListFilters = {
  courseProgress: [],
  coursePriority: [],
  term: [],
  collection: [],
  keyword: '',
};

/** The URL query keys that carry list filters; any other query parameter is not a filter. */
export const courseFilterKeys = [
  'collection',
  'term',
  'courseProgress',
  'coursePriority',
  'keyword',
] as const;

/**
 * Search text as the lists apply it: lower-cased and left-trimmed (a trailing space may still be typed),
 * without NUL (no stored text has one) and no longer than a list filter accepts, so that no search —
 * typed, pasted or from an address — ever turns into a refused request.
 */
export function normalizeSearch(text: string): string {
  const clean = text.replaceAll('\u0000', '').toLowerCase().trimStart();
  if (clean.length <= MAX_FILTER_TEXT_LENGTH) return clean;
  const cut = clean.slice(0, MAX_FILTER_TEXT_LENGTH);
  // Never end on half of a surrogate pair (an emoji cut in two is not text).
  return /[\uD800-\uDBFF]$/.test(cut) ? cut.slice(0, -1) : cut;
}

/** Whether a list type offers the progress and priority groups (only the learner's own courses do). */
export function hasProgressFilters(listType: CourseListType): boolean {
  return listType === 'enrolled';
}

/** Number of selected filter values (the count dot on the filter button); the search text is not one. */
export function countActiveFilters(filters: CourseListFilters): number {
  return (
    filters.courseProgress.length +
    filters.coursePriority.length +
    filters.term.length +
    filters.collection.length
  );
}

export function hasAnyFilter(filters: CourseListFilters): boolean {
  return countActiveFilters(filters) > 0 || filters.keyword !== '';
}

export interface FilterParseContext {
  knownTermIds: ReadonlySet<string>;
  knownCollectionIds: ReadonlySet<string>;
  listType: CourseListType;
}

export interface ParsedFilters {
  filters: CourseListFilters;
  /** True when a value was dropped (unknown id, value outside the allowed list, group not offered here). */
  removedSomething: boolean;
}

function splitValues(raw: string | null): string[] {
  if (raw === null) return [];
  const values = raw
    .split(',')
    .map((value) => value.trim())
    .filter((value) => value !== '');
  return [...new Set(values)];
}

/**
 * Reads list filters from URL query parameters. Only the filter keys count; values are comma-separated.
 * Ids the learner's lists do not know and values outside the allowed lists are dropped and reported.
 */
export function parseFiltersFromUrl(
  params: URLSearchParams,
  context: FilterParseContext,
): ParsedFilters {
  let removedSomething = false;
  const keep = <T extends string>(key: string, accept: (value: string) => value is T): T[] => {
    const values = splitValues(params.get(key));
    const kept = values.filter(accept);
    if (kept.length !== values.length) removedSomething = true;
    return kept;
  };
  const progressOffered = hasProgressFilters(context.listType);
  const isProgress = (value: string): value is CourseProgressFilter =>
    progressOffered && isCourseProgressFilter(value);
  const isPriority = (value: string): value is CoursePriorityFilter =>
    progressOffered && isCoursePriorityFilter(value);
  const isKnownTerm = (value: string): value is string => context.knownTermIds.has(value);
  const isKnownCollection = (value: string): value is string =>
    context.knownCollectionIds.has(value);

  const filters: CourseListFilters = {
    courseProgress: keep('courseProgress', isProgress),
    coursePriority: keep('coursePriority', isPriority),
    term: keep('term', isKnownTerm),
    collection: keep('collection', isKnownCollection),
    keyword: normalizeSearch(params.get('keyword') ?? ''),
  };
  return { filters, removedSomething };
}

/** Writes list filters as URL query parameters (empty groups left out), the inverse of parseFiltersFromUrl. */
export function filtersToUrl(filters: CourseListFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.collection.length > 0) params.set('collection', filters.collection.join(','));
  if (filters.term.length > 0) params.set('term', filters.term.join(','));
  if (filters.courseProgress.length > 0)
    params.set('courseProgress', filters.courseProgress.join(','));
  if (filters.coursePriority.length > 0)
    params.set('coursePriority', filters.coursePriority.join(','));
  if (filters.keyword !== '') params.set('keyword', filters.keyword);
  return params;
}

/** True when the query string carries at least one filter key (then it wins over stored filters). */
export function urlHasFilters(params: URLSearchParams): boolean {
  return courseFilterKeys.some((key) => params.has(key));
}

/** Drops selected collections that no longer exist (a collection can be deleted while it is selected). */
export function withoutUnknownCollections(
  filters: CourseListFilters,
  knownCollectionIds: ReadonlySet<string>,
): CourseListFilters {
  const collection = filters.collection.filter((id) => knownCollectionIds.has(id));
  return collection.length === filters.collection.length ? filters : { ...filters, collection };
}

// ----- Server filter expressions (DevExtreme style, see contracts/list-query.ts) -----

const WORKFLOW = 'objectiveWorkflowAggregate.lastObjectiveWorkflow';
const RECORD = 'objectiveWorkflowAggregate.lastObjectiveRecord';
const WORKFLOW_STATE = `${WORKFLOW}.state`;

/** Joins expressions with one operator; a single expression stays as it is. */
function join(operator: 'and' | 'or', expressions: FilterExpression[]): FilterExpression {
  if (expressions.length === 1) return expressions[0] as FilterExpression;
  return expressions.flatMap((expression, index) =>
    index === 0 ? [expression] : [operator, expression],
  );
}

/** The learner's own courses: self-enrolled, mandatory, or with an attempt or a result. */
export const enrolledRule: FilterExpression = [
  ['objectiveWorkflowAggregate.isSelfEnrolled', '=', true],
  'or',
  ['isMandatory', '=', true],
  'or',
  [WORKFLOW, '<>', null],
  'or',
  [RECORD, '<>', null],
];

/** Courses offered for enrolment: in the catalog, not yet taken up in any way. */
export const catalogRule: FilterExpression = [
  ['objectiveWorkflowAggregate.isSelfEnrolled', '=', false],
  'and',
  ['showInCatalog', '=', true],
  'and',
  [WORKFLOW, '=', null],
  'and',
  [RECORD, '=', null],
];

const notArchived: FilterExpression = ['objective.activity.state', '<>', ActivityState.archived];

const progressExpressions: Record<CourseProgressFilter, FilterExpression> = {
  notStarted: [[WORKFLOW, '=', null], 'and', [RECORD, '=', null]],
  inProgress: join(
    'or',
    [WorkflowState.inProgress, WorkflowState.inGrading, WorkflowState.gradingApproved].map(
      (state) => [WORKFLOW_STATE, '=', state],
    ),
  ),
  completed: [
    [WORKFLOW_STATE, '=', WorkflowState.finished],
    'or',
    [[WORKFLOW, '=', null], 'and', [RECORD, '<>', null]],
  ],
};

function searchExpression(keyword: string): FilterExpression | null {
  const text = normalizeSearch(keyword);
  if (text === '') return null;
  return join(
    'or',
    ['objective.code', 'objective.name', 'objective.description'].map((field) => [
      field,
      'contains',
      text,
    ]),
  );
}

function anyOf(field: string, values: readonly string[]): FilterExpression | null {
  return values.length === 0
    ? null
    : join(
        'or',
        values.map((value) => [field, '=', value]),
      );
}

const isPresent = (expression: FilterExpression | null): expression is FilterExpression =>
  expression !== null;

/** The server filter of the My Courses list: enrolled, not archived, and every selected group. */
export function buildEnrolledFilter(filters: CourseListFilters): FilterExpression {
  const progress =
    filters.courseProgress.length === 0
      ? null
      : join(
          'or',
          filters.courseProgress.map((value) => progressExpressions[value]),
        );
  const priority =
    filters.coursePriority.length === 0
      ? null
      : join(
          'or',
          filters.coursePriority.map((value) => ['isMandatory', '=', value === 'mandatory']),
        );
  return join(
    'and',
    [
      enrolledRule,
      notArchived,
      searchExpression(filters.keyword),
      progress,
      priority,
      anyOf('termId', filters.term),
      anyOf('objective.showcases.id', filters.collection),
    ].filter(isPresent),
  );
}

/** The server filter of the catalog list: offered, not taken up, not archived, search, term and collection. */
export function buildCatalogFilter(filters: CourseListFilters): FilterExpression {
  return join(
    'and',
    [
      catalogRule,
      notArchived,
      searchExpression(filters.keyword),
      anyOf('termId', filters.term),
      anyOf('objective.showcases.id', filters.collection),
    ].filter(isPresent),
  );
}

/** NIL_ID stands for "no term" in the term group and "no collection" in the collection group. */
export const NO_TERM_ID = NIL_ID;
export const NO_COLLECTION_ID = NIL_ID;
