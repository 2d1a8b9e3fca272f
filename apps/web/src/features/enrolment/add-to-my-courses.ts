// The occflow=addToMyCourses deep action: give the learner an objective access, wait for its enrolment
// aggregate, then self-enrol, so that a course chosen in the open catalog lands in My Courses.
import { z } from 'zod';
import {
  ENROLMENT_POLL_ATTEMPTS,
  ENROLMENT_POLL_INTERVAL_MS,
  PREFER_SYNC,
  enrollmentAggregateSchema,
  objectiveAccessSchema,
  type EnrollmentAggregate,
} from '@portal/contracts';
import { ApiError, LMS_API, apiGet, apiQuery, runCommand } from '../../lib/api-client.ts';

export type AddToMyCoursesOutcome =
  | { kind: 'enrolled'; courseName: string }
  /** The aggregate never appeared within the polling window. */
  | { kind: 'aggregateNotFound' }
  /** A step failed; `message` is the first message of the error body (null when there was none). */
  | { kind: 'failed'; message: string | null };

export interface AddToMyCoursesDependencies {
  /** Ids of the commands, so a retried POST is the same command on the server. */
  newId?: () => string;
}

const aggregatesPageSchema = z.object({ data: z.array(enrollmentAggregateSchema) });

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** True when the course is already in My Courses (the enrolled-list rule): nothing left to do. */
export function isAlreadyEnrolled(aggregate: EnrollmentAggregate): boolean {
  const { objectiveWorkflowAggregate } = aggregate;
  return (
    objectiveWorkflowAggregate.isSelfEnrolled ||
    aggregate.isMandatory ||
    objectiveWorkflowAggregate.lastObjectiveWorkflow !== null ||
    objectiveWorkflowAggregate.lastObjectiveRecord !== null
  );
}

async function ensureObjectiveAccess(objectiveId: string, newId: () => string): Promise<void> {
  try {
    await apiGet(
      `${LMS_API}/users/me/objectives/${encodeURIComponent(objectiveId)}/objective-access`,
      import.meta.env.PROD ? undefined : objectiveAccessSchema,
    );
    return;
  } catch (error) {
    // Only "you have none yet" leads to creating one; anything else is a failed step.
    if (!(error instanceof ApiError && error.status === 404)) throw error;
  }
  await runCommand(
    `${LMS_API}/create-objective-accesses`,
    { id: newId(), objectiveId },
    { prefer: PREFER_SYNC },
  );
}

/** Polls the learner's aggregates for the course; null when none appeared within the spec's window. */
async function waitForAggregate(objectiveId: string): Promise<EnrollmentAggregate | null> {
  for (let attempt = 1; attempt <= ENROLMENT_POLL_ATTEMPTS; attempt++) {
    const page = await apiQuery(
      `${LMS_API}/objective-workflow-aggregates/query`,
      import.meta.env.PROD ? undefined : aggregatesPageSchema,
      {
        filter: ['objective.id', '=', objectiveId],
        take: 1,
      },
    );
    const aggregate = page.data[0];
    if (aggregate) return aggregate;
    if (attempt < ENROLMENT_POLL_ATTEMPTS) await wait(ENROLMENT_POLL_INTERVAL_MS);
  }
  return null;
}

/** Runs the whole deep action; never throws, every way it can end is an outcome. */
export async function addToMyCourses(
  objectiveId: string,
  { newId = () => crypto.randomUUID() }: AddToMyCoursesDependencies = {},
): Promise<AddToMyCoursesOutcome> {
  try {
    await ensureObjectiveAccess(objectiveId, newId);
    const aggregate = await waitForAggregate(objectiveId);
    if (!aggregate) return { kind: 'aggregateNotFound' };
    if (!isAlreadyEnrolled(aggregate)) {
      await runCommand(
        `${LMS_API}/create-self-enrollments`,
        { id: newId(), objectiveAccessId: aggregate.objectiveAccess.id },
        { prefer: PREFER_SYNC },
      );
    }
    return { kind: 'enrolled', courseName: aggregate.objective.name };
  } catch (error) {
    // ApiError carries the body's message (or the command's first per-field message); a network failure
    // or an unreadable answer has nothing the learner could act on, so the generic text is shown instead.
    return { kind: 'failed', message: error instanceof ApiError ? error.message : null };
  }
}
