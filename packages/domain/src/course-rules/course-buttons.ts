// Which action buttons the course details show (spec 4 buttons table).
import {
  ActivityState,
  ActivityType,
  WorkflowState,
  type EnrollmentAggregate,
} from '@portal/contracts';
import { availabilityState } from './availability.ts';
import { isReviewAllowed } from './review.ts';

/** An EnrollmentAggregate (or any object with these fields) plus what only the page knows. */
export type CourseButtonsInput = Pick<
  EnrollmentAggregate,
  | 'retake'
  | 'isMandatory'
  | 'availabilityDate'
  | 'availabilityEndDate'
  | 'gradeRevealPolicy'
  | 'gradeRevealDate'
> & {
  objectiveWorkflowAggregate: {
    isSelfEnrolled: boolean;
    lastObjectiveWorkflow: { state: number } | null;
    lastObjectiveRecord: { objectiveWorkflowId: string | null } | null;
  };
  /** ActivityType code of the course's root activity. */
  activityType: number;
  /** ActivityState code of the course's root activity: only ready and expired courses can be started. */
  activityState: number;
  /** The root activity supports review. */
  supportReview: boolean;
  /** The last objective workflow protects its results (objectiveWorkflowSchema.protectResults). */
  protectResults: boolean;
  /** A start request is in flight. */
  starting: boolean;
  inProctorSession: boolean;
};

export interface CourseButtons {
  start: boolean;
  startAgain: boolean;
  continue: boolean;
  review: boolean;
  /** The disabled "Enrolled" button. */
  enrolled: boolean;
  addToMyCourses: boolean;
}

const STARTABLE_STATES: readonly number[] = [ActivityState.ready, ActivityState.expired];
const LTI_TYPES: readonly number[] = [ActivityType.lti13, ActivityType.lti11];

/** The root activity can be started: ready or expired (a draft is "coming soon", an archived one is gone). */
export function isCourseStartable(activityState: number): boolean {
  return STARTABLE_STATES.includes(activityState);
}

/**
 * Spec 4 buttons table. Start: no workflow, or starting, or finished with retake; never for a text root activity,
 * nor in the LTI ready/expired case (finished with retake on an LTI ready/expired course), which shows Start
 * again instead, as does an imported result (record without workflow). A first attempt at an LTI course starts
 * with Start like any other. Neither is offered for a root activity that cannot be started (draft "coming soon",
 * archived), and both need the availability window open (spec 4 Availability), except that a start already in
 * flight keeps its Start button.
 * Continue: in progress, not in a proctor session, not starting. Review: an attempt that is not in progress and
 * isReviewAllowed. Add to my courses: nothing makes the learner enrolled yet (self-enrolled, mandatory, an
 * attempt or a result); otherwise the disabled Enrolled button.
 */
export function courseButtons(input: CourseButtonsInput, now: Date): CourseButtons {
  const { lastObjectiveWorkflow: workflow, lastObjectiveRecord: record } =
    input.objectiveWorkflowAggregate;
  const imported = workflow === null && record !== null;
  const finished = workflow?.state === WorkflowState.finished;
  const inProgress =
    workflow?.state === WorkflowState.inProgress ||
    workflow?.state === WorkflowState.gradingApproved;
  const open =
    availabilityState(
      {
        availabilityDate: input.availabilityDate,
        availabilityEndDate: input.availabilityEndDate,
        hasWorkflow: workflow !== null,
        retake: input.retake,
      },
      now,
    ).kind === 'open';
  const startable = isCourseStartable(input.activityState);
  const ltiReadyOrExpired = startable && LTI_TYPES.includes(input.activityType);
  const startKind = input.activityType !== ActivityType.text;
  const retakeByStart = finished && input.retake && !ltiReadyOrExpired;
  const start =
    startKind &&
    (input.starting || (startable && open && !imported && (workflow === null || retakeByStart)));
  const startAgain =
    startable &&
    open &&
    !input.starting &&
    (imported || (finished && input.retake && ltiReadyOrExpired));
  const enrolled =
    input.objectiveWorkflowAggregate.isSelfEnrolled ||
    input.isMandatory ||
    workflow !== null ||
    record !== null;
  return {
    start,
    startAgain,
    continue: inProgress && !input.inProctorSession && !input.starting,
    review:
      workflow !== null &&
      !inProgress &&
      isReviewAllowed(
        {
          supportReview: input.supportReview,
          workflowState: workflow.state,
          protectResults: input.protectResults,
          gradeRevealPolicy: input.gradeRevealPolicy,
          gradeRevealDate: input.gradeRevealDate,
        },
        now,
      ),
    enrolled,
    addToMyCourses: !enrolled,
  };
}
