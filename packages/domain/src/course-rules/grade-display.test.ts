import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { GradeRevealPolicy, WorkflowState, type ObjectiveGrade } from '@portal/contracts';
import { gradeDisplay, type DisplayedRecord, type GradeDisplayInput } from './grade-display.ts';

const now = new Date('2026-03-10T12:00:00.000Z');
const past = '2026-03-01T00:00:00.000Z';
const future = '2026-04-01T00:00:00.000Z';
const grade = (name: string, color: string, normalizedMinScore: number): ObjectiveGrade => ({
  id: `00000000-0000-4000-8000-00000000000${name.charCodeAt(0) % 10}`,
  name,
  color,
  normalizedMinScore,
});
const scale = {
  objectiveGrades: [grade('A', '#0a0', 0.9), grade('B', '#aa0', 0.7), grade('F', '#a00', 0)],
};
const graded: DisplayedRecord = {
  grade: 'B',
  score: 80,
  maxScore: 100,
  normalizedScore: 0.8,
  passed: true,
  finished: past,
};
const awaiting: DisplayedRecord = {
  grade: null,
  score: null,
  maxScore: null,
  normalizedScore: null,
  passed: null,
  finished: past,
};

function input(
  policy: number,
  workflowState: number | null,
  record: DisplayedRecord | null,
  revealDate: string | null = null,
): GradeDisplayInput {
  return { policy, revealDate, workflowState, record, scale };
}

const shownB = {
  kind: 'shown',
  gradeName: 'B',
  gradeColor: '#aa0',
  percentText: '80%',
  passed: true,
};

describe('gradeDisplay', () => {
  it.each([
    [
      'policy never hides a graded result',
      input(GradeRevealPolicy.never, WorkflowState.finished, graded),
      { kind: 'hidden' },
    ],
    [
      'afterFinish shows a finished result',
      input(GradeRevealPolicy.afterFinish, WorkflowState.finished, graded),
      shownB,
    ],
    [
      'none shows a finished result',
      input(GradeRevealPolicy.none, WorkflowState.finished, graded),
      shownB,
    ],
    [
      'afterDate before the date hides it',
      input(GradeRevealPolicy.afterDate, WorkflowState.finished, graded, future),
      { kind: 'hidden' },
    ],
    [
      'afterDate after the date shows it',
      input(GradeRevealPolicy.afterDate, WorkflowState.finished, graded, past),
      shownB,
    ],
    [
      'afterDate without a date hides it',
      input(GradeRevealPolicy.afterDate, WorkflowState.finished, graded),
      { kind: 'hidden' },
    ],
    ['unknown policy hides it', input(9, WorkflowState.finished, graded), { kind: 'hidden' }],
    ['not started', input(GradeRevealPolicy.none, null, null), { kind: 'hidden' }],
    [
      'in progress',
      input(GradeRevealPolicy.none, WorkflowState.inProgress, null),
      { kind: 'hidden' },
    ],
    [
      'submitted, no record yet',
      input(GradeRevealPolicy.none, WorkflowState.submitted, null),
      { kind: 'gradingInProgress' },
    ],
    [
      'in grading',
      input(GradeRevealPolicy.afterFinish, WorkflowState.inGrading, null),
      { kind: 'gradingInProgress' },
    ],
    [
      'finished record waiting for a grader',
      input(GradeRevealPolicy.none, WorkflowState.finished, awaiting),
      { kind: 'gradingInProgress' },
    ],
    [
      'in grading is hidden under never',
      input(GradeRevealPolicy.never, WorkflowState.inGrading, null),
      { kind: 'hidden' },
    ],
    ['imported result', input(GradeRevealPolicy.none, null, graded), shownB],
    [
      'grade derived from the scale when the record names none',
      input(GradeRevealPolicy.none, WorkflowState.finished, {
        ...graded,
        grade: null,
        score: 0.95,
        maxScore: 1,
        normalizedScore: 0.95,
      }),
      { kind: 'shown', gradeName: 'A', gradeColor: '#0a0', percentText: '95%', passed: true },
    ],
    [
      "the record's own colour wins",
      input(GradeRevealPolicy.none, WorkflowState.finished, { ...graded, gradeColor: '#123456' }),
      { ...shownB, gradeColor: '#123456' },
    ],
    [
      'a grade missing from the scale has no colour',
      input(GradeRevealPolicy.none, WorkflowState.finished, { ...graded, grade: 'Pass' }),
      { ...shownB, gradeName: 'Pass', gradeColor: null },
    ],
  ])('%s', (_, value, expected) => {
    expect(gradeDisplay(value, now)).toEqual(expected);
  });

  it('never shows anything under the never policy, whatever the attempt and record', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(null, 1, 2, 3, 4, 5, 6),
        fc.constantFrom(null, graded, awaiting),
        (state, record) => {
          expect(gradeDisplay(input(GradeRevealPolicy.never, state, record), now)).toEqual({
            kind: 'hidden',
          });
        },
      ),
    );
  });

  it('shows the percent of any finished scored result under a revealing policy', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100 }), (score) => {
        const record = {
          ...graded,
          grade: null,
          score,
          maxScore: 100,
          normalizedScore: score / 100,
        };
        const display = gradeDisplay(
          input(GradeRevealPolicy.afterFinish, WorkflowState.finished, record),
          now,
        );
        expect(display).toMatchObject({ kind: 'shown', percentText: `${score}%` });
      }),
    );
  });
});
