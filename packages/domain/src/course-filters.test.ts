import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  MAX_FILTER_TEXT_LENGTH,
  NIL_ID,
  WorkflowState,
  type EnrollmentAggregate,
} from '@portal/contracts';
import {
  buildCatalogFilter,
  buildEnrolledFilter,
  countActiveFilters,
  courseProgressValues,
  coursePriorityValues,
  emptyCourseListFilters,
  enrolledRule,
  filtersToUrl,
  normalizeSearch,
  parseFiltersFromUrl,
  urlHasFilters,
  withoutUnknownCollections,
  type CourseListFilters,
  type CourseProgressFilter,
  type FilterParseContext,
} from './course-filters.ts';
import { courseProgressState } from './course-card.ts';
import { anEnrollment } from './testing/enrollment-builder.ts';
import { evaluateFilter } from './testing/evaluate-filter.ts';

const TERM_A = '11111111-1111-4111-8111-111111111111';
const TERM_B = '22222222-2222-4222-8222-222222222222';
const DATA_AI = '33333333-3333-4333-8333-333333333333';
const LEADERSHIP = '44444444-4444-4444-8444-444444444444';
const UNKNOWN = '99999999-9999-4999-8999-999999999999';

const enrolled: FilterParseContext = {
  knownTermIds: new Set([TERM_A, TERM_B, NIL_ID]),
  knownCollectionIds: new Set([DATA_AI, LEADERSHIP, NIL_ID]),
  listType: 'enrolled',
};

const filtersWith = (overrides: Partial<CourseListFilters>): CourseListFilters => ({
  ...emptyCourseListFilters,
  ...overrides,
});

describe('normalizeSearch', () => {
  it.each([
    ['  Data Literacy', 'data literacy'],
    ['SQL ', 'sql '],
    ['', ''],
    ['   ', ''],
  ])('turns %j into %j', (input, expected) => {
    expect(normalizeSearch(input)).toBe(expected);
  });

  it('never exceeds what a list filter accepts, and never splits a character', () => {
    expect(normalizeSearch('a'.repeat(800))).toBe('a'.repeat(MAX_FILTER_TEXT_LENGTH));
    const emoji = `${'a'.repeat(MAX_FILTER_TEXT_LENGTH - 1)}😀`;
    expect(normalizeSearch(emoji)).toBe('a'.repeat(MAX_FILTER_TEXT_LENGTH - 1));
    expect(normalizeSearch('da\u0000ta')).toBe('data');
    fc.assert(
      fc.property(fc.string({ maxLength: 1000 }), (text) => {
        expect(normalizeSearch(text).length).toBeLessThanOrEqual(MAX_FILTER_TEXT_LENGTH);
      }),
    );
  });

  it('is idempotent', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        expect(normalizeSearch(normalizeSearch(text))).toBe(normalizeSearch(text));
      }),
    );
  });
});

describe('parseFiltersFromUrl', () => {
  it('keeps known values of every filter key', () => {
    const params = new URLSearchParams({
      collection: `${DATA_AI},${NIL_ID}`,
      term: TERM_B,
      courseProgress: 'inProgress,completed',
      coursePriority: 'mandatory',
      keyword: '  SQL',
    });
    expect(parseFiltersFromUrl(params, enrolled)).toEqual({
      filters: {
        collection: [DATA_AI, NIL_ID],
        term: [TERM_B],
        courseProgress: ['inProgress', 'completed'],
        coursePriority: ['mandatory'],
        keyword: 'sql',
      },
      removedSomething: false,
    });
  });

  it.each([
    [
      'an unknown collection id',
      { collection: `${DATA_AI},${UNKNOWN}` },
      { collection: [DATA_AI] },
    ],
    ['an unknown term id', { term: `${UNKNOWN},${TERM_A}` }, { term: [TERM_A] }],
    [
      'a progress value outside the list',
      { courseProgress: 'inProgress,abandoned' },
      { courseProgress: ['inProgress'] },
    ],
    ['a priority value outside the list', { coursePriority: 'urgent' }, { coursePriority: [] }],
  ] satisfies [string, Record<string, string>, Partial<CourseListFilters>][])(
    'drops %s and reports it',
    (_, query, expected) => {
      const result = parseFiltersFromUrl(new URLSearchParams(query), enrolled);
      expect(result.removedSomething).toBe(true);
      expect(result.filters).toEqual(filtersWith(expected));
    },
  );

  it('ignores query parameters that are not filters', () => {
    const result = parseFiltersFromUrl(
      new URLSearchParams({ selfRegistered: 'true', term: TERM_A }),
      enrolled,
    );
    expect(result).toEqual({ filters: filtersWith({ term: [TERM_A] }), removedSomething: false });
  });

  it('ignores empty and repeated values without reporting them', () => {
    const result = parseFiltersFromUrl(
      new URLSearchParams({ term: `${TERM_A},,${TERM_A},` }),
      enrolled,
    );
    expect(result).toEqual({ filters: filtersWith({ term: [TERM_A] }), removedSomething: false });
  });

  it('drops progress and priority on the catalog, which does not offer them', () => {
    const result = parseFiltersFromUrl(
      new URLSearchParams({ courseProgress: 'completed', term: TERM_A }),
      {
        ...enrolled,
        listType: 'catalog',
      },
    );
    expect(result).toEqual({ filters: filtersWith({ term: [TERM_A] }), removedSomething: true });
  });

  it('round-trips through filtersToUrl for any valid filter state', () => {
    const valid = fc.record({
      courseProgress: fc.uniqueArray(fc.constantFrom(...courseProgressValues)),
      coursePriority: fc.uniqueArray(fc.constantFrom(...coursePriorityValues)),
      term: fc.uniqueArray(fc.constantFrom(...enrolled.knownTermIds)),
      collection: fc.uniqueArray(fc.constantFrom(...enrolled.knownCollectionIds)),
      keyword: fc.string().map(normalizeSearch),
    });
    fc.assert(
      fc.property(valid, (filters) => {
        expect(parseFiltersFromUrl(filtersToUrl(filters), enrolled)).toEqual({
          filters,
          removedSomething: false,
        });
      }),
    );
  });

  it('never keeps a value outside the allowed lists, whatever the URL says', () => {
    fc.assert(
      fc.property(
        fc.dictionary(
          fc.constantFrom('collection', 'term', 'courseProgress', 'coursePriority'),
          fc.string(),
        ),
        (query) => {
          const { filters } = parseFiltersFromUrl(new URLSearchParams(query), enrolled);
          for (const id of filters.term) expect(enrolled.knownTermIds.has(id)).toBe(true);
          for (const id of filters.collection)
            expect(enrolled.knownCollectionIds.has(id)).toBe(true);
          for (const value of filters.courseProgress) expect(courseProgressValues).toContain(value);
          for (const value of filters.coursePriority) expect(coursePriorityValues).toContain(value);
        },
      ),
    );
  });
});

describe('filtersToUrl and helpers', () => {
  it('writes comma-separated values and leaves empty groups out', () => {
    const params = filtersToUrl(filtersWith({ term: [TERM_A, TERM_B], keyword: 'sql' }));
    expect(params.toString()).toBe(`term=${TERM_A}%2C${TERM_B}&keyword=sql`);
    expect(urlHasFilters(params)).toBe(true);
    expect(urlHasFilters(new URLSearchParams({ selfRegistered: 'true' }))).toBe(false);
  });

  it('counts selected values but not the search text', () => {
    expect(
      countActiveFilters(
        filtersWith({
          courseProgress: ['completed'],
          coursePriority: ['optional'],
          term: [TERM_A],
          keyword: 'x',
        }),
      ),
    ).toBe(3);
  });

  it('drops collections that no longer exist', () => {
    const filters = filtersWith({ collection: [DATA_AI, LEADERSHIP] });
    expect(withoutUnknownCollections(filters, new Set([LEADERSHIP])).collection).toEqual([
      LEADERSHIP,
    ]);
    expect(withoutUnknownCollections(filters, new Set([DATA_AI, LEADERSHIP]))).toBe(filters);
  });
});

// Every state a row can be in, to check what the filters select.
const rows: Record<string, EnrollmentAggregate> = {
  notStartedMandatory: anEnrollment()
    .selfEnrolled(false)
    .mandatory()
    .named('Fire safety', 'HS-1')
    .build(),
  notStartedSelfEnrolled: anEnrollment()
    .inTerm(TERM_A)
    .inShowcases({ id: DATA_AI, name: 'Data & AI' })
    .build(),
  inProgress: anEnrollment().selfEnrolled(false).inProgress().inTerm(TERM_B).build(),
  submitted: anEnrollment().selfEnrolled(false).withWorkflow(WorkflowState.submitted).build(),
  inGrading: anEnrollment().selfEnrolled(false).inGrading().build(),
  graded: anEnrollment().selfEnrolled(false).withWorkflow(WorkflowState.graded).build(),
  gradingApproved: anEnrollment()
    .selfEnrolled(false)
    .withWorkflow(WorkflowState.gradingApproved)
    .build(),
  finished: anEnrollment()
    .selfEnrolled(false)
    .finished()
    .inShowcases({ id: LEADERSHIP, name: 'Leadership' })
    .build(),
  importedResult: anEnrollment().selfEnrolled(false).importedResult().build(),
  catalogOnly: { ...anEnrollment().selfEnrolled(false).build(), showInCatalog: true },
  archived: anEnrollment().withActivityState(4).build(),
};

function selected(filter: unknown[]): string[] {
  return Object.entries(rows)
    .filter(([, row]) => evaluateFilter(filter, row))
    .map(([name]) => name);
}

describe('buildEnrolledFilter', () => {
  it('starts with the enrolled rule and excludes archived courses', () => {
    const filter = buildEnrolledFilter(emptyCourseListFilters);
    expect(filter).toEqual([enrolledRule, 'and', ['objective.activity.state', '<>', 4]]);
    expect(selected(filter)).toEqual([
      'notStartedMandatory',
      'notStartedSelfEnrolled',
      'inProgress',
      'submitted',
      'inGrading',
      'graded',
      'gradingApproved',
      'finished',
      'importedResult',
    ]);
  });

  it.each([
    ['notStarted', ['notStartedMandatory', 'notStartedSelfEnrolled']],
    ['inProgress', ['inProgress', 'inGrading', 'gradingApproved']],
    ['completed', ['finished', 'importedResult']],
  ] as const)('matches %s as the spec defines it', (progress, expected) => {
    expect(selected(buildEnrolledFilter(filtersWith({ courseProgress: [progress] })))).toEqual(
      expected,
    );
  });

  it('joins values of one group with "or" and groups with "and"', () => {
    const filter = buildEnrolledFilter(
      filtersWith({ courseProgress: ['notStarted', 'completed'], coursePriority: ['mandatory'] }),
    );
    expect(selected(filter)).toEqual(['notStartedMandatory']);
    expect(
      selected(buildEnrolledFilter(filtersWith({ coursePriority: ['optional'] }))),
    ).not.toContain('notStartedMandatory');
  });

  it('filters by term and collection, where the nil id means none', () => {
    expect(selected(buildEnrolledFilter(filtersWith({ term: [TERM_A, TERM_B] })))).toEqual([
      'notStartedSelfEnrolled',
      'inProgress',
    ]);
    expect(
      selected(buildEnrolledFilter(filtersWith({ collection: [DATA_AI, LEADERSHIP] }))),
    ).toEqual(['notStartedSelfEnrolled', 'finished']);
    expect(selected(buildEnrolledFilter(filtersWith({ collection: [NIL_ID] })))).not.toContain(
      'finished',
    );
  });

  it('searches code, name and description', () => {
    const filter = buildEnrolledFilter(filtersWith({ keyword: 'hs-1' }));
    expect(filter).toContainEqual([
      ['objective.code', 'contains', 'hs-1'],
      'or',
      ['objective.name', 'contains', 'hs-1'],
      'or',
      ['objective.description', 'contains', 'hs-1'],
    ]);
    expect(selected(filter)).toEqual(['notStartedMandatory']);
    expect(selected(buildEnrolledFilter(filtersWith({ keyword: 'fire' })))).toEqual([
      'notStartedMandatory',
    ]);
  });

  it('puts every row of a card state under the progress filter that names it', () => {
    const byState: Record<string, CourseProgressFilter | null> = {
      notStarted: 'notStarted',
      completed: 'completed',
      inProgress: 'inProgress',
      inGrading: null,
    };
    for (const row of Object.values(rows).filter(
      (r) => r !== rows.archived && r !== rows.catalogOnly,
    )) {
      const expected = byState[courseProgressState(row)];
      if (expected)
        expect(
          evaluateFilter(buildEnrolledFilter(filtersWith({ courseProgress: [expected] })), row),
        ).toBe(true);
    }
  });
});

describe('buildCatalogFilter', () => {
  it('selects only courses offered and not taken up, with search, term and collection', () => {
    expect(selected(buildCatalogFilter(emptyCourseListFilters))).toEqual(['catalogOnly']);
    expect(selected(buildCatalogFilter(filtersWith({ term: [TERM_A] })))).toEqual([]);
    expect(
      buildCatalogFilter(filtersWith({ keyword: 'sql', term: [TERM_A], collection: [DATA_AI] })),
    ).toEqual([
      [
        ['objectiveWorkflowAggregate.isSelfEnrolled', '=', false],
        'and',
        ['showInCatalog', '=', true],
        'and',
        ['objectiveWorkflowAggregate.lastObjectiveWorkflow', '=', null],
        'and',
        ['objectiveWorkflowAggregate.lastObjectiveRecord', '=', null],
      ],
      'and',
      ['objective.activity.state', '<>', 4],
      'and',
      [
        ['objective.code', 'contains', 'sql'],
        'or',
        ['objective.name', 'contains', 'sql'],
        'or',
        ['objective.description', 'contains', 'sql'],
      ],
      'and',
      ['termId', '=', TERM_A],
      'and',
      ['objective.showcases.id', '=', DATA_AI],
    ]);
  });
});
