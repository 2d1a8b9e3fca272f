import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { GradeRevealPolicy, WorkflowState } from '@portal/contracts';
import {
  COVER_COLORS,
  cardFooter,
  cardLinkTarget,
  cardResult,
  courseProgressState,
  coverColorOf,
  isComingSoon,
  isNotAvailableYet,
  showsPassedInfo,
} from './course-card.ts';
import { anEnrollment } from './testing/enrollment-builder.ts';

const NOW = new Date('2026-03-01T12:00:00Z');
const FUTURE = '2026-04-01T00:00:00Z';
const PAST = '2026-01-01T00:00:00Z';

const scale = {
  objectiveGrades: [
    {
      id: '00000000-0000-4000-8000-0000000000a1',
      name: 'Fail',
      color: '#C92A2A',
      normalizedMinScore: 0,
    },
    {
      id: '00000000-0000-4000-8000-0000000000a2',
      name: 'Pass',
      color: '#2B8A3E',
      normalizedMinScore: 0.6,
    },
  ],
};

describe('courseProgressState', () => {
  it.each([
    ['no workflow, no record', anEnrollment(), 'notStarted'],
    ['imported record without workflow', anEnrollment().importedResult(), 'completed'],
    ['in progress', anEnrollment().withWorkflow(WorkflowState.inProgress), 'inProgress'],
    ['submitted', anEnrollment().withWorkflow(WorkflowState.submitted), 'inGrading'],
    ['in grading', anEnrollment().withWorkflow(WorkflowState.inGrading), 'inGrading'],
    ['graded', anEnrollment().withWorkflow(WorkflowState.graded), 'inGrading'],
    ['grading approved', anEnrollment().withWorkflow(WorkflowState.gradingApproved), 'inProgress'],
    ['finished', anEnrollment().finished(), 'completed'],
  ])('%s → %s', (_, builder, expected) => {
    expect(courseProgressState(builder.build())).toBe(expected);
  });
});

describe('showsPassedInfo', () => {
  it.each([
    ['graded', anEnrollment().withWorkflow(WorkflowState.graded), true],
    ['finished', anEnrollment().finished(), true],
    ['finished record of an earlier attempt', anEnrollment().inProgress().withRecord(), true],
    ['unfinished record', anEnrollment().inGrading().withRecord({ finished: null }), false],
    ['in grading', anEnrollment().inGrading(), false],
    ['not started', anEnrollment(), false],
  ])('%s → %s', (_, builder, expected) => {
    expect(showsPassedInfo(builder.build())).toBe(expected);
  });
});

describe('cardFooter', () => {
  it.each([
    [
      'opening ahead',
      anEnrollment().availableFrom(FUTURE).due(FUTURE),
      { kind: 'availability', date: FUTURE },
    ],
    [
      'opened, with a due date',
      anEnrollment().availableFrom(PAST).due(FUTURE),
      { kind: 'due', date: FUTURE },
    ],
    ['no dates', anEnrollment(), { kind: 'notStarted' }],
    [
      'in grading',
      anEnrollment().inGrading('2026-02-05T12:00:00Z', 0.9),
      { kind: 'inGrading', submitted: '2026-02-05T12:00:00Z', progress: 0.9 },
    ],
    [
      'in progress, progress clamped',
      anEnrollment().inProgress(1.4, '2026-02-01T09:00:00Z'),
      { kind: 'inProgress', started: '2026-02-01T09:00:00Z', progress: 1 },
    ],
    [
      'finished',
      anEnrollment().finished({}, '2026-02-10T15:30:00Z'),
      { kind: 'completed', finished: '2026-02-10T15:30:00Z' },
    ],
    [
      'imported result',
      anEnrollment().importedResult({ finished: PAST }),
      { kind: 'completed', finished: PAST },
    ],
  ])('%s', (_, builder, expected) => {
    expect(cardFooter(builder.build(), NOW)).toEqual(expected);
  });
});

describe('cardLinkTarget', () => {
  it('opens the content of an attempt in progress, details when completed, else the enrolment page', () => {
    const inProgress = anEnrollment().inProgress().build();
    const finished = anEnrollment().finished().build();
    const imported = anEnrollment().importedResult().build();
    const notStarted = anEnrollment().build();
    const inGrading = anEnrollment().inGrading().build();
    expect(cardLinkTarget(inProgress)).toBe(`/courses/${inProgress.objective.id}/view/content`);
    expect(cardLinkTarget(finished)).toBe(`/courses/${finished.objective.id}`);
    expect(cardLinkTarget(imported)).toBe(`/courses/${imported.objective.id}`);
    expect(cardLinkTarget(notStarted)).toBe(`/courses/${notStarted.objective.id}/${notStarted.id}`);
    expect(cardLinkTarget(inGrading)).toBe(`/courses/${inGrading.objective.id}/${inGrading.id}`);
  });
});

describe('availability and drafts', () => {
  it('locks a course until its availability date', () => {
    expect(isNotAvailableYet(anEnrollment().availableFrom(FUTURE).build(), NOW)).toBe(true);
    expect(isNotAvailableYet(anEnrollment().availableFrom(PAST).build(), NOW)).toBe(false);
    expect(isNotAvailableYet(anEnrollment().build(), NOW)).toBe(false);
  });

  it('marks a draft root activity as coming soon', () => {
    expect(isComingSoon(anEnrollment().draft().build())).toBe(true);
    expect(isComingSoon(anEnrollment().build())).toBe(false);
  });
});

describe('cardResult', () => {
  it('shows no result while a retake runs: the last record is the previous attempt’s', () => {
    const retaking = anEnrollment()
      .finished({ grade: 'Pass', score: 17, maxScore: 20, normalizedScore: 0.85 })
      .inProgress(0)
      .build();
    expect(cardResult(retaking, scale, NOW)).toBeNull();
    expect(showsPassedInfo(retaking)).toBe(false);
  });

  it('shows grade, its scale colour, percent and result colour of a finished course', () => {
    const aggregate = anEnrollment()
      .finished({ grade: 'Pass', score: 17, maxScore: 20, normalizedScore: 0.85 })
      .build();
    expect(cardResult(aggregate, scale, NOW)).toEqual({
      kind: 'graded',
      grade: { name: 'Pass', color: '#2B8A3E' },
      percent: 85,
      color: 'success',
    });
  });

  it('derives the grade from the scale when the record names none', () => {
    const aggregate = anEnrollment()
      .finished({ grade: null, score: 0.5, maxScore: 1, normalizedScore: 0.5 })
      .build();
    expect(cardResult(aggregate, scale, NOW)).toEqual({
      kind: 'graded',
      grade: { name: 'Fail', color: '#C92A2A' },
      percent: 50,
      color: 'accent',
    });
  });

  it('shows a grade without colour when the scale is unknown', () => {
    const aggregate = anEnrollment()
      .finished({ grade: 'B', score: 3, maxScore: 10, normalizedScore: 0.3 })
      .build();
    expect(cardResult(aggregate, null, NOW)).toEqual({
      kind: 'graded',
      grade: { name: 'B', color: null },
      percent: 30,
      color: 'danger',
    });
  });

  it('says grading is in progress for a finished result without pass/fail', () => {
    const aggregate = anEnrollment().finished({ passed: null }).build();
    expect(cardResult(aggregate, scale, NOW)).toEqual({ kind: 'awaitingGrading' });
  });

  it('shows nothing while the grade reveal policy hides the result', () => {
    const never = anEnrollment()
      .gradeReveal(GradeRevealPolicy.never)
      .finished({ passed: null })
      .build();
    const later = anEnrollment()
      .gradeReveal(GradeRevealPolicy.afterDate, FUTURE)
      .finished({ passed: null })
      .build();
    expect(cardResult(never, scale, NOW)).toBeNull();
    expect(cardResult(later, scale, NOW)).toBeNull();
  });

  it('shows nothing before the course is graded or finished', () => {
    expect(cardResult(anEnrollment().inProgress().build(), scale, NOW)).toBeNull();
    expect(cardResult(anEnrollment().build(), scale, NOW)).toBeNull();
  });
});

describe('coverColorOf', () => {
  it('derives the colour from the course id alone, the same in every list and release', () => {
    expect(coverColorOf('6f1c2d3e-4b5a-4c7d-8e9f-0a1b2c3d4e5f')).toBe('#FFE299');
    expect(coverColorOf('11111111-1111-4111-8111-111111111111')).toBe('#ED9999');
  });

  it('spreads courses over all seven spec colours', () => {
    const ids = Array.from(
      { length: 200 },
      (_, n) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    );
    expect(new Set(ids.map(coverColorOf))).toEqual(new Set(COVER_COLORS));
  });

  it('always returns one of them', () => {
    fc.assert(
      fc.property(fc.string(), (id) => {
        expect(COVER_COLORS).toContain(coverColorOf(id));
      }),
    );
  });
});
