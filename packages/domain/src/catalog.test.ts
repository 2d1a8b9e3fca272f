import { describe, expect, it } from 'vitest';
import { ActivityState, WorkflowState } from '@portal/contracts';
import { catalogCourseState, isEnrolled } from './catalog.ts';
import {
  buildCatalogFilter,
  buildEnrolledFilter,
  emptyCourseListFilters,
} from './course-filters.ts';
import { anEnrollment } from './testing/enrollment-builder.ts';
import { evaluateFilter } from './testing/evaluate-filter.ts';

describe('catalogCourseState', () => {
  it('offers a catalog course the learner has not taken up', () => {
    expect(catalogCourseState(anEnrollment().offeredInCatalog().build())).toBe('offered');
  });

  it.each([
    ['self-enrolled', anEnrollment().offeredInCatalog().selfEnrolled()],
    ['mandatory', anEnrollment().offeredInCatalog().mandatory()],
    ['started', anEnrollment().offeredInCatalog().withWorkflow(WorkflowState.inProgress)],
    ['with an imported result', anEnrollment().offeredInCatalog().importedResult()],
  ])('says a %s course is enrolled', (_, builder) => {
    expect(catalogCourseState(builder.build())).toBe('enrolled');
  });

  it('refuses a missing row, an archived course and a course outside the catalog', () => {
    expect(catalogCourseState(null)).toBe('unavailable');
    expect(
      catalogCourseState(
        anEnrollment().offeredInCatalog().withActivityState(ActivityState.archived).build(),
      ),
    ).toBe('unavailable');
    const hidden = { ...anEnrollment().offeredInCatalog().build(), showInCatalog: false };
    expect(catalogCourseState(hidden)).toBe('unavailable');
  });

  it('agrees with the list filters on who is enrolled and what the catalog offers', () => {
    const rows = [
      anEnrollment().offeredInCatalog(),
      anEnrollment().offeredInCatalog().selfEnrolled(),
      anEnrollment().offeredInCatalog().inProgress(),
      anEnrollment().offeredInCatalog().finished(),
    ].map((builder) => builder.build());
    for (const row of rows) {
      expect(isEnrolled(row)).toBe(
        evaluateFilter(buildEnrolledFilter(emptyCourseListFilters), row),
      );
      expect(catalogCourseState(row) === 'offered').toBe(
        evaluateFilter(buildCatalogFilter(emptyCourseListFilters), row),
      );
    }
  });

  it('treats a mandatory course the catalog list still shows (the list rule ignores priority) as enrolled', () => {
    const row = anEnrollment().offeredInCatalog().mandatory().build();
    expect(evaluateFilter(buildCatalogFilter(emptyCourseListFilters), row)).toBe(true);
    expect(catalogCourseState(row)).toBe('enrolled');
  });
});
