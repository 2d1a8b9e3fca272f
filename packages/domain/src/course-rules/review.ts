// Review permission of a course attempt: when a learner may open a finished attempt's content again.
import { GradeRevealPolicy, WorkflowState } from '@portal/contracts';
import { hasPassed } from './dates.ts';

export interface ReviewInput {
  /** The root activity supports review. */
  supportReview: boolean;
  /** State of the attempt (objective workflow); null when there is none (no attempt, or an imported result). */
  workflowState: number | null;
  /** The attempt's results are protected: its content must not be shown again. */
  protectResults: boolean;
  /** GradeRevealPolicy code of the enrolment. */
  gradeRevealPolicy: number;
  /** ISO-8601 reveal date of an afterDate policy. */
  gradeRevealDate: string | null;
}

/**
 * Spec 4: review is allowed when the activity supports review, the workflow is finished, its results are not
 * protected and the grade reveal policy is not never; for afterDate only once the date has passed. Unknown policy
 * codes refuse review, as they hide grades.
 */
export function isReviewAllowed(input: ReviewInput, now: Date): boolean {
  if (!input.supportReview || input.protectResults) return false;
  if (input.workflowState !== WorkflowState.finished) return false;
  switch (input.gradeRevealPolicy) {
    case GradeRevealPolicy.none:
    case GradeRevealPolicy.afterFinish:
      return true;
    case GradeRevealPolicy.afterDate:
      return hasPassed(input.gradeRevealDate, now);
    default:
      return false;
  }
}
