// The learner's tasks on the dashboard: what needs doing now, from enrolments, activity constraints and attempts,
// ordered by urgency and placed on the calendar days of the learner's time zone.
import { ActivityState, WorkflowState } from '@portal/contracts';
import { localDateTime } from './calendar.ts';
import { availabilityState } from './course-rules/availability.ts';
import { hasPassed, timeOf } from './course-rules/dates.ts';

/** How urgent a task is, most urgent first; the order of the list. */
export const taskKinds = ['overdue', 'dueSoon', 'notStarted', 'inGrading'] as const;
export type TaskKind = (typeof taskKinds)[number];

/** A due date this many calendar days ahead (in the learner's time zone) or fewer is due soon. */
export const DUE_SOON_DAYS = 7;

/** An attempt (objective or activity workflow) as far as the tasks read it. */
export interface TaskWorkflowInput {
  state: number;
  /** When it was handed in, for the order of the tasks in grading. */
  submitted: string | null;
}

export interface TaskCourseInput {
  objectiveId: string;
  objectiveName: string;
  /** The root activity's state: a draft is "Coming soon", with nothing to do yet. */
  activityState: number;
  isMandatory: boolean;
  retake: boolean;
  availabilityDate: string | null;
  availabilityEndDate: string | null;
  dueDate: string | null;
  /** The learner's last objective workflow (attempt) of this enrolment. */
  workflow: TaskWorkflowInput | null;
  /** A result exists (finished, or imported from another platform). */
  hasRecord: boolean;
  activities: TaskActivityInput[];
}

export interface TaskActivityInput {
  activityPartId: string;
  /** Part ids from the root joined by "/": where the course content view opens the activity. */
  axis: string;
  activityName: string;
  optional: boolean;
  startFrom: string | null;
  startUntil: string | null;
  due: string | null;
  accessibleUntil: string | null;
  gracePeriodUntil: string | null;
  /** The learner's last activity workflow at this axis in the current attempt. */
  workflow: TaskWorkflowInput | null;
}

export interface LearnerTask {
  /** Stable across recomputations: kind, course and activity part. */
  key: string;
  kind: TaskKind;
  objectiveId: string;
  objectiveName: string;
  activityPartId: string | null;
  activityName: string | null;
  /** The due instant (UTC ISO-8601), null when the task has none (a mandatory course without due date). */
  due: string | null;
  /** The calendar day of `due` in the learner's time zone (YYYY-MM-DD). */
  dueLocalDate: string | null;
  /** Calendar days from the learner's today to `dueLocalDate`: 0 today, negative once past. */
  daysLeft: number | null;
  /** Where the learner acts, a path of the portal under /learn. */
  path: string;
}

/** Submitted or later: the learner has handed the work in (the spec's "unfinished" is the opposite). */
const HANDED_IN: readonly number[] = [
  WorkflowState.submitted,
  WorkflowState.inGrading,
  WorkflowState.graded,
  WorkflowState.finished,
];
/** Handed in and waiting for a grader (gradingApproved is the learner's turn again). */
const WAITING_FOR_GRADER: readonly number[] = [
  WorkflowState.submitted,
  WorkflowState.inGrading,
  WorkflowState.graded,
];
const ATTEMPT_RUNNING: readonly number[] = [
  WorkflowState.inProgress,
  WorkflowState.gradingApproved,
];

const DAY_MS = 24 * 60 * 60 * 1000;

/** Whole calendar days between two local dates (YYYY-MM-DD); daylight saving cannot shift a day. */
function daysBetween(fromDate: string, toDate: string): number {
  return Math.round(
    (Date.parse(`${toDate}T00:00:00Z`) - Date.parse(`${fromDate}T00:00:00Z`)) / DAY_MS,
  );
}

const coursePath = (objectiveId: string) => `/courses/${encodeURIComponent(objectiveId)}`;
const redirectPath = (objectiveId: string) =>
  `/courses/redirect/${encodeURIComponent(objectiveId)}`;
const contentPath = (objectiveId: string, axis: string) =>
  `/courses/${encodeURIComponent(objectiveId)}/view/content/${axis
    .split('/')
    .map(encodeURIComponent)
    .join('/')}`;

/** The course is done: its attempt finished, or a result without a running attempt. */
function isCourseFinished(course: TaskCourseInput): boolean {
  if (course.workflow === null) return course.hasRecord;
  return course.workflow.state === WorkflowState.finished;
}

/**
 * Whether the learner can still act on an unfinished activity: the same time constraints that disable it in
 * the course (grace period over, accessible-until passed, start deadline passed for an unstarted one).
 */
function canStillAct(activity: TaskActivityInput, now: Date): boolean {
  if (hasPassed(activity.gracePeriodUntil, now)) return false;
  if (hasPassed(activity.accessibleUntil, now)) return false;
  return !(hasPassed(activity.startUntil, now) && activity.workflow === null);
}

/**
 * The learner's tasks at `now`: overdue and due-soon (within DUE_SOON_DAYS calendar days of the learner's time
 * zone) activities and courses that are not handed in and can still be acted on; mandatory courses not started;
 * attempts and activities waiting for grading. Ordered overdue first (longest overdue first), then soonest due,
 * then mandatory courses not started (soonest due first), then what is in grading (earliest handed in first).
 */
export function learnerTasksOf(
  courses: readonly TaskCourseInput[],
  options: { now: Date; timeZone: string },
): LearnerTask[] {
  const { now, timeZone } = options;
  const today = localDateTime(now, timeZone).date;
  const tasks: { task: LearnerTask; order: number }[] = [];

  const add = (
    kind: TaskKind,
    course: TaskCourseInput,
    activity: TaskActivityInput | null,
    due: string | null,
    path: string,
    order: number | null,
  ) => {
    const time = timeOf(due);
    const dueLocalDate = time === null ? null : localDateTime(new Date(time), timeZone).date;
    tasks.push({
      order: order ?? time ?? Number.MAX_SAFE_INTEGER,
      task: {
        key: [kind, course.objectiveId, activity?.activityPartId ?? ''].join(':'),
        kind,
        objectiveId: course.objectiveId,
        objectiveName: course.objectiveName,
        activityPartId: activity?.activityPartId ?? null,
        activityName: activity?.activityName ?? null,
        due: time === null ? null : new Date(time).toISOString(),
        dueLocalDate,
        daysLeft: dueLocalDate === null ? null : daysBetween(today, dueLocalDate),
        path,
      },
    });
  };

  /** overdue, dueSoon, or null when the date is unreadable or further away. */
  const dueKind = (due: string | null): TaskKind | null => {
    const time = timeOf(due);
    if (time === null) return null;
    if (time <= now.getTime()) return 'overdue';
    const localDate = localDateTime(new Date(time), timeZone).date;
    return daysBetween(today, localDate) <= DUE_SOON_DAYS ? 'dueSoon' : null;
  };

  for (const course of courses) {
    if (isCourseFinished(course)) continue;
    const workflow = course.workflow;
    if (workflow !== null && WAITING_FOR_GRADER.includes(workflow.state)) {
      add(
        'inGrading',
        course,
        null,
        null,
        coursePath(course.objectiveId),
        timeOf(workflow.submitted),
      );
      continue;
    }
    // Without a running attempt, only a course that can be started now is something to do.
    const startable =
      course.activityState !== ActivityState.draft &&
      availabilityState(
        {
          availabilityDate: course.availabilityDate,
          availabilityEndDate: course.availabilityEndDate,
          hasWorkflow: workflow !== null,
          retake: course.retake,
        },
        now,
      ).kind === 'open';
    const attemptRunning = workflow !== null && ATTEMPT_RUNNING.includes(workflow.state);
    if (!startable && !attemptRunning) continue;

    const courseDueKind = dueKind(course.dueDate);
    if (courseDueKind !== null) {
      add(courseDueKind, course, null, course.dueDate, redirectPath(course.objectiveId), null);
    } else if (course.isMandatory && workflow === null && !course.hasRecord) {
      add('notStarted', course, null, course.dueDate, redirectPath(course.objectiveId), null);
    }

    for (const activity of course.activities) {
      const activityPath = attemptRunning
        ? contentPath(course.objectiveId, activity.axis)
        : redirectPath(course.objectiveId);
      const state = activity.workflow?.state ?? null;
      if (state !== null && WAITING_FOR_GRADER.includes(state)) {
        if (attemptRunning) {
          add(
            'inGrading',
            course,
            activity,
            null,
            activityPath,
            timeOf(activity.workflow?.submitted),
          );
        }
        continue;
      }
      if (activity.optional || (state !== null && HANDED_IN.includes(state))) continue;
      if (!canStillAct(activity, now)) continue;
      const kind = dueKind(activity.due);
      if (kind === null) continue;
      add(kind, course, activity, activity.due, activityPath, null);
    }
  }

  const rank = (kind: TaskKind) => taskKinds.indexOf(kind);
  return tasks
    .sort(
      (a, b) =>
        rank(a.task.kind) - rank(b.task.kind) ||
        a.order - b.order ||
        a.task.objectiveName.localeCompare(b.task.objectiveName) ||
        a.task.key.localeCompare(b.task.key),
    )
    .map(({ task }) => task);
}
