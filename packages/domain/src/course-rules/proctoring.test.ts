import { describe, expect, it } from 'vitest';
import { ProctoringSessionState } from '@portal/contracts';
import { isProctorSessionOpen, proctoringBlock } from './proctoring.ts';

const at = '2026-03-10T12:00:00.000Z';
const created = { state: ProctoringSessionState.created, assessmentStarted: null, finished: null };
const started = { ...created, assessmentStarted: at };
const finished = { state: ProctoringSessionState.finished, assessmentStarted: at, finished: at };
const inProgress = { finished: null };
const done = { finished: at };

describe('proctoringBlock', () => {
  it('does not block without a session or without an activity workflow', () => {
    expect(proctoringBlock(null, inProgress)).toBeNull();
    expect(proctoringBlock(null, done)).toBeNull();
    expect(proctoringBlock(started, null)).toBeNull();
  });

  it('does not block when the session and the activity workflow agree', () => {
    expect(proctoringBlock(created, inProgress)).toBeNull();
    expect(proctoringBlock(started, inProgress)).toBeNull();
    expect(proctoringBlock(finished, done)).toBeNull();
  });

  it('blocks a finished session whose activity workflow is not finished', () => {
    expect(proctoringBlock(finished, inProgress)).toBe('beingGraded');
    // A finish time alone is enough, whatever the state says.
    expect(proctoringBlock({ ...started, finished: at }, inProgress)).toBe('beingGraded');
  });

  it('blocks a finished activity workflow whose session is still open', () => {
    expect(proctoringBlock(created, done)).toBe('beingGraded');
    expect(proctoringBlock(started, done)).toBe('beingGraded');
  });
});

describe('isProctorSessionOpen', () => {
  it('is open only when created, started by the tool and not finished', () => {
    expect(isProctorSessionOpen(null)).toBe(false);
    expect(isProctorSessionOpen(created)).toBe(false);
    expect(isProctorSessionOpen(started)).toBe(true);
    expect(isProctorSessionOpen(finished)).toBe(false);
    expect(isProctorSessionOpen({ ...started, finished: at })).toBe(false);
  });
});
