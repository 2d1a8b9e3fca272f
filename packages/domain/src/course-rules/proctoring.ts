// Proctored activities (spec 4, docs/decisions/0028): when the learner may work in a proctored activity, and
// the blocking rule "A proctoring session inconsistent with the activity workflow state blocks access: This
// course is being graded…".
import { ProctoringSessionState } from '@portal/contracts';

/** What the rules read of a proctoring session. */
export interface ProctoringSessionFacts {
  state: number;
  assessmentStarted: string | null;
  finished: string | null;
}

/** What the rules read of the proctored activity's workflow. */
export interface ProctoredWorkflowFacts {
  finished: string | null;
}

export type ProctoringBlock = 'beingGraded';

const sessionFinished = (session: ProctoringSessionFacts) =>
  session.state === ProctoringSessionState.finished || session.finished !== null;

/**
 * 'beingGraded' when the session and the activity workflow disagree: the session is finished while the
 * activity workflow is not (the proctor ended it; the result is being decided), or the activity workflow is
 * finished while its session is still open. null when they agree or there is no session (or no workflow).
 */
export function proctoringBlock(
  session: ProctoringSessionFacts | null,
  activityWorkflow: ProctoredWorkflowFacts | null,
): ProctoringBlock | null {
  if (session === null || activityWorkflow === null) return null;
  const workflowFinished = activityWorkflow.finished !== null;
  return sessionFinished(session) !== workflowFinished ? 'beingGraded' : null;
}

/**
 * The learner may open and work in the proctored activity only inside an open proctor session: created, the
 * tool's LtiStartAssessment accepted, not finished.
 */
export function isProctorSessionOpen(session: ProctoringSessionFacts | null): boolean {
  return (
    session !== null &&
    session.state === ProctoringSessionState.created &&
    session.assessmentStarted !== null &&
    session.finished === null
  );
}
