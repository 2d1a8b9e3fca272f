import { describe, expect, it } from 'vitest';
import { WorkflowState } from '@portal/contracts';
import { anEnrollment } from '../testing/enrollment-builder.ts';
import { attemptsLeft, currentAttemptRecord, notPassedResult } from './attempts.ts';

describe('currentAttemptRecord', () => {
  it('is the result of the finished last attempt', () => {
    const aggregate = anEnrollment().finished({ grade: 'A' }).build();
    expect(currentAttemptRecord(aggregate.objectiveWorkflowAggregate)?.grade).toBe('A');
  });

  it("is nothing while a retake runs: the previous attempt's result is not the current one's", () => {
    const aggregate = anEnrollment()
      .finished({ grade: 'A', normalizedScore: 1 })
      .withWorkflow(WorkflowState.inProgress, { progress: 0 })
      .build();
    expect(aggregate.objectiveWorkflowAggregate.lastObjectiveRecord).not.toBeNull();
    expect(currentAttemptRecord(aggregate.objectiveWorkflowAggregate)).toBeNull();
  });

  it('is an imported result when there is no attempt, and not once a new attempt starts', () => {
    const imported = anEnrollment().importedResult({ grade: 'C' }).build();
    expect(currentAttemptRecord(imported.objectiveWorkflowAggregate)?.grade).toBe('C');
    const restarted = anEnrollment().importedResult({ grade: 'C' }).inProgress(0).build();
    expect(currentAttemptRecord(restarted.objectiveWorkflowAggregate)).toBeNull();
  });

  it('is nothing before any attempt', () => {
    expect(currentAttemptRecord(anEnrollment().build().objectiveWorkflowAggregate)).toBeNull();
  });
});

describe('attemptsLeft', () => {
  it('is unlimited with retake and none without', () => {
    expect(attemptsLeft({ retake: true })).toBe('unlimited');
    expect(attemptsLeft({ retake: false })).toBe(0);
  });
});

describe('notPassedResult', () => {
  const failed = { passed: false, score: 4.5, maxScore: 10 };

  it('compares the minimum passing score with the score, on the result scale', () => {
    expect(notPassedResult(failed, 0.6)).toEqual({ minimumScore: 6, score: 4.5, maxScore: 10 });
  });

  it('says nothing for a passed, ungraded or hidden result, or without a passing score', () => {
    expect(notPassedResult({ ...failed, passed: true }, 0.6)).toBeNull();
    expect(notPassedResult({ ...failed, passed: null }, 0.6)).toBeNull();
    expect(notPassedResult({ ...failed, score: null }, 0.6)).toBeNull();
    expect(notPassedResult({ ...failed, maxScore: null }, 0.6)).toBeNull();
    expect(notPassedResult(failed, null)).toBeNull();
  });
});
