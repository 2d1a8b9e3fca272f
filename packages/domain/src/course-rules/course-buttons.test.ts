import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ActivityState, ActivityType, GradeRevealPolicy, WorkflowState } from '@portal/contracts';
import { courseButtons, type CourseButtonsInput } from './course-buttons.ts';

const now = new Date('2026-03-10T12:00:00.000Z');
const past = '2026-03-01T00:00:00.000Z';
const future = '2026-04-01T00:00:00.000Z';
const workflowId = '00000000-0000-4000-8000-0000000000aa';

function input(
  overrides: Partial<CourseButtonsInput> = {},
  workflowState: number | null = null,
  record: 'none' | 'own' | 'imported' = 'none',
): CourseButtonsInput {
  return {
    retake: false,
    isMandatory: false,
    availabilityDate: null,
    availabilityEndDate: null,
    gradeRevealPolicy: GradeRevealPolicy.none,
    gradeRevealDate: null,
    objectiveWorkflowAggregate: {
      isSelfEnrolled: true,
      lastObjectiveWorkflow: workflowState === null ? null : { state: workflowState },
      lastObjectiveRecord:
        record === 'none' ? null : { objectiveWorkflowId: record === 'own' ? workflowId : null },
    },
    activityType: ActivityType.composite,
    activityState: ActivityState.ready,
    supportReview: true,
    protectResults: false,
    starting: false,
    inProctorSession: false,
    ...overrides,
  };
}

const none = {
  start: false,
  startAgain: false,
  continue: false,
  review: false,
  enrolled: true,
  addToMyCourses: false,
};
const finished = WorkflowState.finished;

describe('courseButtons', () => {
  it.each([
    ['not started', input(), { ...none, start: true }],
    ['not started, text root activity', input({ activityType: ActivityType.text }), none],
    [
      'not started, LTI ready',
      input({ activityType: ActivityType.lti13 }),
      { ...none, start: true },
    ],
    [
      'not started, draft course (coming soon)',
      input({ activityState: ActivityState.draft }),
      none,
    ],
    ['not started, archived course', input({ activityState: ActivityState.archived }), none],
    [
      'not started, expired course',
      input({ activityState: ActivityState.expired }),
      { ...none, start: true },
    ],
    [
      'finished with retake, course back in draft',
      input({ retake: true, activityState: ActivityState.draft }, finished, 'own'),
      { ...none, review: true },
    ],
    [
      'imported result, draft course',
      input({ activityState: ActivityState.draft }, null, 'imported'),
      none,
    ],
    ['not started, not yet available', input({ availabilityDate: future }), none],
    ['not started, window closed', input({ availabilityEndDate: past }), none],
    ['in progress', input({}, WorkflowState.inProgress), { ...none, continue: true }],
    [
      'starting shows Start, not Continue',
      input({ starting: true }, WorkflowState.inProgress),
      { ...none, start: true },
    ],
    [
      'in progress in a proctor session',
      input({ inProctorSession: true }, WorkflowState.inProgress),
      none,
    ],
    [
      "grading approved is the learner's turn",
      input({}, WorkflowState.gradingApproved),
      { ...none, continue: true },
    ],
    ['submitted', input({}, WorkflowState.submitted), none],
    ['finished without retake', input({}, finished, 'own'), { ...none, review: true }],
    [
      'finished with retake',
      input({ retake: true }, finished, 'own'),
      { ...none, start: true, review: true },
    ],
    [
      'finished with retake, window closed',
      input({ retake: true, availabilityEndDate: past }, finished, 'own'),
      { ...none, review: true },
    ],
    [
      'finished with retake, LTI ready',
      input({ retake: true, activityType: ActivityType.lti13 }, finished, 'own'),
      { ...none, startAgain: true, review: true },
    ],
    [
      'finished without retake, LTI ready',
      input({ activityType: ActivityType.lti11 }, finished, 'own'),
      { ...none, review: true },
    ],
    ['finished, review unsupported', input({ supportReview: false }, finished, 'own'), none],
    ['finished, results protected', input({ protectResults: true }, finished, 'own'), none],
    [
      'finished, grades never revealed',
      input({ gradeRevealPolicy: GradeRevealPolicy.never }, finished, 'own'),
      none,
    ],
    [
      'finished, reveal date ahead',
      input(
        { gradeRevealPolicy: GradeRevealPolicy.afterDate, gradeRevealDate: future },
        finished,
        'own',
      ),
      none,
    ],
    [
      'finished, reveal date passed',
      input(
        { gradeRevealPolicy: GradeRevealPolicy.afterDate, gradeRevealDate: past },
        finished,
        'own',
      ),
      { ...none, review: true },
    ],
    ['imported result', input({}, null, 'imported'), { ...none, startAgain: true }],
    [
      'imported result, not yet available',
      input({ availabilityDate: future }, null, 'imported'),
      none,
    ],
    [
      'catalog course not yet added',
      input({
        objectiveWorkflowAggregate: {
          isSelfEnrolled: false,
          lastObjectiveWorkflow: null,
          lastObjectiveRecord: null,
        },
      }),
      { ...none, start: true, enrolled: false, addToMyCourses: true },
    ],
    [
      'mandatory course is enrolled without self-enrolment',
      input({
        isMandatory: true,
        objectiveWorkflowAggregate: {
          isSelfEnrolled: false,
          lastObjectiveWorkflow: null,
          lastObjectiveRecord: null,
        },
      }),
      { ...none, start: true },
    ],
  ])('%s', (_, value, expected) => {
    expect(courseButtons(value, now)).toEqual(expected);
  });

  const inputArbitrary = fc
    .record({
      retake: fc.boolean(),
      workflowState: fc.constantFrom(null, 1, 2, 3, 4, 5, 6),
      record: fc.constantFrom('none' as const, 'own' as const, 'imported' as const),
      starting: fc.boolean(),
      inProctorSession: fc.boolean(),
      activityState: fc.constantFrom(1, 2, 3, 4),
      activityType: fc.constantFrom(1, 4, 5, 6),
      policy: fc.constantFrom(0, 1, 2, 3),
      isSelfEnrolled: fc.boolean(),
    })
    .map((values) => {
      const value = input(
        {
          retake: values.retake,
          starting: values.starting,
          inProctorSession: values.inProctorSession,
          activityState: values.activityState,
          activityType: values.activityType,
          gradeRevealPolicy: values.policy,
          gradeRevealDate: past,
        },
        values.workflowState,
        values.workflowState === null ? values.record : 'own',
      );
      value.objectiveWorkflowAggregate.isSelfEnrolled = values.isSelfEnrolled;
      return value;
    });

  it('never offers two ways to begin, nor to continue and review at once', () => {
    fc.assert(
      fc.property(inputArbitrary, (value) => {
        const buttons = courseButtons(value, now);
        expect(buttons.start && buttons.startAgain).toBe(false);
        expect(buttons.continue && buttons.review).toBe(false);
        expect(buttons.continue && buttons.start).toBe(false);
        expect(buttons.enrolled).toBe(!buttons.addToMyCourses);
      }),
    );
  });

  it('never offers review when the grade reveal policy is never, nor any start before availability', () => {
    fc.assert(
      fc.property(inputArbitrary, (value) => {
        expect(
          courseButtons({ ...value, gradeRevealPolicy: GradeRevealPolicy.never }, now).review,
        ).toBe(false);
        const early = courseButtons({ ...value, starting: false, availabilityDate: future }, now);
        expect(early.start || early.startAgain).toBe(false);
      }),
    );
  });

  it('never offers a start for a course that is coming soon (draft) or archived', () => {
    fc.assert(
      fc.property(
        inputArbitrary,
        fc.constantFrom(ActivityState.draft, ActivityState.archived),
        (value, activityState) => {
          const buttons = courseButtons({ ...value, starting: false, activityState }, now);
          expect(buttons.start || buttons.startAgain).toBe(false);
        },
      ),
    );
  });
});
