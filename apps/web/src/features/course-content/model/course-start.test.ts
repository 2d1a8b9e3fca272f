import { describe, expect, it } from 'vitest';
import { WorkflowState } from '@portal/contracts';
import { anEnrollment } from '../../../../../../packages/domain/src/testing/enrollment-builder.ts';
import { shouldStartNewAttempt } from './course-start.ts';

const finishedWithRetake = (retake: boolean) => {
  const aggregate = anEnrollment().selfEnrolled().finished().build();
  aggregate.retake = retake;
  return aggregate;
};

describe('shouldStartNewAttempt (spec 4 start flow)', () => {
  it.each([
    ['no workflow', anEnrollment().selfEnrolled().build(), false, true],
    ['an imported result', anEnrollment().importedResult().build(), false, true],
    ['an unfinished workflow', anEnrollment().inProgress().build(), false, false],
    ['an unfinished workflow, restart requested', anEnrollment().inProgress().build(), true, false],
    ['a submitted, unfinished workflow', anEnrollment().inGrading().build(), false, false],
    ['a finished workflow, retake allowed', finishedWithRetake(true), false, true],
    ['a finished workflow, no retake', finishedWithRetake(false), false, false],
    ['a finished workflow, no retake, restart requested', finishedWithRetake(false), true, true],
    [
      'a finished-state workflow without a date',
      anEnrollment().withWorkflow(WorkflowState.finished).build(),
      false,
      false,
    ],
  ])('%s → %s', (_label, aggregate, restart, expected) => {
    expect(shouldStartNewAttempt(aggregate, restart)).toBe(expected);
  });
});
