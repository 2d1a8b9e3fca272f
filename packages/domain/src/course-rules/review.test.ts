import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { GradeRevealPolicy, WorkflowState } from '@portal/contracts';
import { isReviewAllowed } from './review.ts';

const now = new Date('2026-03-10T12:00:00.000Z');
const past = '2026-03-01T00:00:00.000Z';
const future = '2026-04-01T00:00:00.000Z';
const finished = WorkflowState.finished;

describe('isReviewAllowed', () => {
  it.each([
    ['finished, policy none', true, finished, false, GradeRevealPolicy.none, null, true],
    ['finished, afterFinish', true, finished, false, GradeRevealPolicy.afterFinish, null, true],
    ['finished, never', true, finished, false, GradeRevealPolicy.never, null, false],
    ['afterDate passed', true, finished, false, GradeRevealPolicy.afterDate, past, true],
    ['afterDate ahead', true, finished, false, GradeRevealPolicy.afterDate, future, false],
    ['afterDate without date', true, finished, false, GradeRevealPolicy.afterDate, null, false],
    ['no review support', false, finished, false, GradeRevealPolicy.none, null, false],
    ['protected results', true, finished, true, GradeRevealPolicy.none, null, false],
    ['in progress', true, WorkflowState.inProgress, false, GradeRevealPolicy.none, null, false],
    ['in grading', true, WorkflowState.inGrading, false, GradeRevealPolicy.none, null, false],
    ['imported result (no workflow)', true, null, false, GradeRevealPolicy.none, null, false],
    ['unknown policy', true, finished, false, 42, null, false],
  ] as const)(
    '%s',
    (
      _,
      supportReview,
      workflowState,
      protectResults,
      gradeRevealPolicy,
      gradeRevealDate,
      expected,
    ) => {
      expect(
        isReviewAllowed(
          { supportReview, workflowState, protectResults, gradeRevealPolicy, gradeRevealDate },
          now,
        ),
      ).toBe(expected);
    },
  );

  it('never allows review of an attempt that is not finished', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(1, 2, 3, 4, 5, null),
        fc.boolean(),
        fc.constantFrom(0, 1, 2, 3),
        (workflowState, supportReview, gradeRevealPolicy) => {
          expect(
            isReviewAllowed(
              {
                supportReview,
                workflowState,
                protectResults: false,
                gradeRevealPolicy,
                gradeRevealDate: past,
              },
              now,
            ),
          ).toBe(false);
        },
      ),
    );
  });
});
