// The start flow of spec 4: whether a "start" request starts a new attempt, and the steps that do it.
import { WorkflowState, type EnrollmentAggregate } from '@portal/contracts';
import { ApiError } from '../../../lib/api-client.ts';
import { trackEvent } from '../../../lib/analytics.ts';
import {
  startActivityWorkflow,
  startObjectiveWorkflow,
  type CommandIds,
} from '../api/course-content-api.ts';

/**
 * Start is skipped when the last workflow is unfinished (the learner continues it), or when it is finished
 * and retake is not allowed and no restart was requested. No workflow at all (imported results included)
 * always starts.
 */
export function shouldStartNewAttempt(aggregate: EnrollmentAggregate, restart: boolean): boolean {
  const last = aggregate.objectiveWorkflowAggregate.lastObjectiveWorkflow;
  if (!last) return true;
  const finished = last.state === WorkflowState.finished || last.finished !== null;
  if (!finished) return false;
  return aggregate.retake || restart;
}

export type StartOutcome =
  | { kind: 'started'; workflowId: string }
  /** Nothing to start: the learner goes on with the last attempt. */
  | { kind: 'skipped' }
  /** Starting the attempt was refused; `message` is the server's reason. */
  | { kind: 'objectiveFailed'; message: string | null }
  /** The attempt started but its activity did not (spec 8: "Something went wrong…"). */
  | { kind: 'activityFailed'; workflowId: string };

/** Runs the start flow; never throws. Tracks objective_start (and course_restart for a retake). */
export async function runStartFlow(
  aggregate: EnrollmentAggregate,
  { restart, ...ids }: { restart: boolean } & CommandIds,
): Promise<StartOutcome> {
  if (!shouldStartNewAttempt(aggregate, restart)) return { kind: 'skipped' };
  const isRetake = aggregate.objectiveWorkflowAggregate.lastObjectiveWorkflow !== null;
  let workflowId: string;
  try {
    workflowId = await startObjectiveWorkflow(aggregate.objectiveWorkflowAggregate.id, ids);
  } catch (error) {
    return {
      kind: 'objectiveFailed',
      message: error instanceof ApiError ? error.message : null,
    };
  }
  const properties = { objectiveId: aggregate.objective.id, objectiveWorkflowId: workflowId };
  trackEvent('objective_start', properties);
  if (isRetake) trackEvent('course_restart', properties);
  try {
    await startActivityWorkflow(workflowId, '', ids);
  } catch {
    return { kind: 'activityFailed', workflowId };
  }
  return { kind: 'started', workflowId };
}
