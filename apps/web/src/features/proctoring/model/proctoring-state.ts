// What a proctoring session means for the learner's screens (docs/decisions/0028).
import {
  ProctoringSessionState,
  type ActivityWorkflowSummary,
  type ProctoringSession,
} from '@portal/contracts';

/** The open proctor session: created, its assessment started in the tool, not finished. */
export function isOpenProctorSession(session: ProctoringSession | null | undefined): boolean {
  return (
    session != null &&
    session.state === ProctoringSessionState.created &&
    session.assessmentStarted !== null &&
    session.finished === null
  );
}

/**
 * Stand-in for the domain's proctoringBlock (packages/domain/src/course-rules/proctoring.ts, built on the platform
 * branch): a finished session while the activity workflow is not finished means the course is being graded.
 */
export function proctoringBlock(
  session: ProctoringSession | null,
  activityWorkflow: ActivityWorkflowSummary | null,
): null | 'beingGraded' {
  if (!session || !activityWorkflow) return null;
  return session.state === ProctoringSessionState.finished && activityWorkflow.finished === null
    ? 'beingGraded'
    : null;
}
