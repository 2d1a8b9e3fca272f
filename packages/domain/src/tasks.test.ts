import { ActivityState, WorkflowState } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import {
  learnerTasksOf,
  type TaskActivityInput,
  type TaskCourseInput,
  type TaskWorkflowInput,
} from './tasks.ts';

const course = (overrides: Partial<TaskCourseInput> = {}): TaskCourseInput => ({
  objectiveId: 'c1',
  objectiveName: 'Data literacy',
  activityState: ActivityState.ready,
  isMandatory: false,
  retake: false,
  availabilityDate: null,
  availabilityEndDate: null,
  dueDate: null,
  workflow: null,
  hasRecord: false,
  activities: [],
  ...overrides,
});
const activity = (overrides: Partial<TaskActivityInput> = {}): TaskActivityInput => ({
  activityPartId: 'p1',
  axis: 'p1',
  activityName: 'Quiz',
  optional: false,
  startFrom: null,
  startUntil: null,
  due: null,
  accessibleUntil: null,
  gracePeriodUntil: null,
  workflow: null,
  ...overrides,
});
const workflow = (state: number, submitted: string | null = null): TaskWorkflowInput => ({
  state,
  submitted,
});
const running = workflow(WorkflowState.inProgress);
const NOW = new Date('2030-03-10T12:00:00Z');
const utc = { now: NOW, timeZone: 'UTC' };

describe('learnerTasksOf', () => {
  it('orders overdue first, then soonest due, then mandatory not started, then in grading', () => {
    const tasks = learnerTasksOf(
      [
        course({
          objectiveId: 'graded',
          objectiveName: 'Graded course',
          workflow: workflow(WorkflowState.inGrading, '2030-03-01T00:00:00Z'),
        }),
        course({ objectiveId: 'mandatory', objectiveName: 'Safety', isMandatory: true }),
        course({
          objectiveId: 'c1',
          workflow: running,
          activities: [
            activity({ activityPartId: 'soon', axis: 'soon', due: '2030-03-15T09:00:00Z' }),
            activity({ activityPartId: 'late', axis: 'late', due: '2030-03-09T09:00:00Z' }),
            activity({ activityPartId: 'later', axis: 'later', due: '2030-03-12T09:00:00Z' }),
            activity({ activityPartId: 'late2', axis: 'late2', due: '2030-03-01T09:00:00Z' }),
          ],
        }),
        course({ objectiveId: 'due', objectiveName: 'Ethics', dueDate: '2030-03-11T09:00:00Z' }),
      ],
      utc,
    );
    expect(tasks.map((t) => [t.kind, t.objectiveId, t.activityPartId, t.daysLeft])).toEqual([
      ['overdue', 'c1', 'late2', -9],
      ['overdue', 'c1', 'late', -1],
      ['dueSoon', 'due', null, 1],
      ['dueSoon', 'c1', 'later', 2],
      ['dueSoon', 'c1', 'soon', 5],
      ['notStarted', 'mandatory', null, null],
      ['inGrading', 'graded', null, null],
    ]);
  });

  it('links an activity of a running attempt to its place in the content, anything else to the course', () => {
    const [activityTask] = learnerTasksOf(
      [
        course({
          workflow: running,
          activities: [activity({ axis: 'm1/p1', due: '2030-03-11T00:00:00Z' })],
        }),
      ],
      utc,
    );
    expect(activityTask?.path).toBe('/courses/c1/view/content/m1/p1');
    const [notStartedCourse] = learnerTasksOf(
      [course({ activities: [activity({ due: '2030-03-11T00:00:00Z' })] })],
      utc,
    );
    expect(notStartedCourse?.path).toBe('/courses/redirect/c1');
    const [grading] = learnerTasksOf(
      [course({ workflow: workflow(WorkflowState.submitted, '2030-03-09T00:00:00Z') })],
      utc,
    );
    expect(grading).toMatchObject({ kind: 'inGrading', path: '/courses/c1', due: null });
  });

  it('leaves out what is handed in, finished, optional, too far ahead, or can no longer be acted on', () => {
    const tasks = learnerTasksOf(
      [
        course({
          workflow: running,
          activities: [
            activity({
              activityPartId: 'handedIn',
              due: '2030-03-09T00:00:00Z',
              workflow: workflow(WorkflowState.finished),
            }),
            activity({ activityPartId: 'optional', optional: true, due: '2030-03-11T00:00:00Z' }),
            activity({ activityPartId: 'farAhead', due: '2030-03-18T00:00:00Z' }),
            activity({
              activityPartId: 'graceOver',
              due: '2030-03-01T00:00:00Z',
              gracePeriodUntil: '2030-03-05T00:00:00Z',
            }),
            activity({
              activityPartId: 'closed',
              due: '2030-03-11T00:00:00Z',
              accessibleUntil: '2030-03-10T00:00:00Z',
            }),
            activity({
              activityPartId: 'neverStarted',
              due: '2030-03-11T00:00:00Z',
              startUntil: '2030-03-09T00:00:00Z',
            }),
            activity({
              activityPartId: 'inGrace',
              due: '2030-03-01T00:00:00Z',
              gracePeriodUntil: '2030-03-12T00:00:00Z',
            }),
          ],
        }),
        course({
          objectiveId: 'done',
          dueDate: '2030-03-01T00:00:00Z',
          workflow: workflow(WorkflowState.finished),
        }),
        course({ objectiveId: 'imported', isMandatory: true, hasRecord: true }),
        course({
          objectiveId: 'notYetOpen',
          isMandatory: true,
          availabilityDate: '2030-03-20T00:00:00Z',
        }),
        course({
          objectiveId: 'windowClosed',
          isMandatory: true,
          availabilityEndDate: '2030-03-01T00:00:00Z',
        }),
      ],
      utc,
    );
    expect(tasks.map((t) => t.activityPartId ?? t.objectiveId)).toEqual(['inGrace']);
  });

  it('lists an activity waiting for a grader in a running attempt as in grading', () => {
    const tasks = learnerTasksOf(
      [
        course({
          workflow: running,
          activities: [
            activity({
              due: '2030-03-01T00:00:00Z',
              workflow: workflow(WorkflowState.submitted, '2030-03-02T00:00:00Z'),
            }),
          ],
        }),
      ],
      utc,
    );
    expect(tasks).toEqual([
      expect.objectContaining({ kind: 'inGrading', activityPartId: 'p1', due: null }),
    ]);
  });

  it('a mandatory course not started with a due date soon is due soon, once', () => {
    const tasks = learnerTasksOf(
      [course({ isMandatory: true, dueDate: '2030-03-12T00:00:00Z' })],
      utc,
    );
    expect(tasks.map((t) => t.kind)).toEqual(['dueSoon']);
  });

  it('counts due-soon days in the learner time zone, across the spring daylight saving change', () => {
    // 23:30 UTC on 24 March is already 25 March in Berlin; 31 March is the change to summer time.
    const now = new Date('2030-03-24T23:30:00Z');
    const courses = [course({ dueDate: '2030-04-01T21:30:00Z' })];
    const berlin = learnerTasksOf(courses, { now, timeZone: 'Europe/Berlin' });
    expect(berlin).toEqual([
      expect.objectContaining({ kind: 'dueSoon', dueLocalDate: '2030-04-01', daysLeft: 7 }),
    ]);
    // The same instant in UTC: 1 April is eight days after 24 March, too far for the dashboard.
    expect(learnerTasksOf(courses, { now, timeZone: 'UTC' })).toEqual([]);
  });

  it('places a due date on the learner calendar day across the autumn daylight saving change', () => {
    // 27 October 2030 Berlin falls back to winter time: 23:30 UTC is 00:30 on the 28th.
    const now = new Date('2030-10-26T12:00:00Z');
    const courses = [course({ dueDate: '2030-10-27T23:30:00Z' })];
    expect(learnerTasksOf(courses, { now, timeZone: 'Europe/Berlin' })[0]).toMatchObject({
      dueLocalDate: '2030-10-28',
      daysLeft: 2,
    });
    expect(learnerTasksOf(courses, { now, timeZone: 'UTC' })[0]).toMatchObject({
      dueLocalDate: '2030-10-27',
      daysLeft: 1,
    });
  });

  it('is overdue at the exact due instant whatever the time zone, and today is day 0 in each zone', () => {
    const due = '2030-03-10T12:00:00Z';
    for (const timeZone of ['Pacific/Kiritimati', 'America/Los_Angeles', 'Asia/Tokyo']) {
      expect(learnerTasksOf([course({ dueDate: due })], { now: NOW, timeZone })).toEqual([
        expect.objectContaining({ kind: 'overdue', daysLeft: 0 }),
      ]);
    }
    const later = [course({ dueDate: '2030-03-11T02:00:00Z' })];
    // Tokyo: 21:00 → 11:00 the next day; Los Angeles (summer time since that morning): 05:00 → 19:00 the same day.
    expect(learnerTasksOf(later, { now: NOW, timeZone: 'Asia/Tokyo' })[0]?.daysLeft).toBe(1);
    expect(learnerTasksOf(later, { now: NOW, timeZone: 'America/Los_Angeles' })[0]?.daysLeft).toBe(
      0,
    );
  });
});
