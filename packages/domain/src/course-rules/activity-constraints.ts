// Activity constraints (spec 4): whether an activity of the tree can be started or reviewed now, and why not.
import {
  ActivityState,
  ResultsDisclosurePolicy,
  ReviewPolicy,
  WorkflowState,
  type ActivityConstraint,
  type ActivityNode,
} from '@portal/contracts';
import { hasPassed, isAhead, timeOf } from './dates.ts';

/** Why an activity cannot be opened, in the spec's priority order. */
export const DISABLED_REASONS = [
  'comingSoon',
  'completePrevious',
  'gracePeriodOver',
  'accessibleUntilPassed',
  'beforeStart',
  'startDeadlinePassed',
  'reviewHidden',
  'constraint',
] as const;
export type DisabledReason = (typeof DISABLED_REASONS)[number];

export interface ActivityRuleContext {
  now: Date;
  /** The course is being viewed in review mode (viewType=REVIEW): every opened activity is a review. */
  reviewMode: boolean;
  /** The objective workflow (attempt) is finished: no new content may be opened. */
  objectiveFinished: boolean;
  /** The enrolment's grade reveal policy shows results now (isGradeRevealed). */
  gradeRevealed: boolean;
}

/** The part of a node the constraint rules read, so callers (the server's tree builder) can pass just this. */
export type ConstraintNode = Pick<
  ActivityNode,
  'state' | 'available' | 'contentAvailable' | 'activityConstraint' | 'activityWorkflowAggregate'
>;

const SUBMITTED_STATES: readonly number[] = [
  WorkflowState.submitted,
  WorkflowState.inGrading,
  WorkflowState.graded,
  WorkflowState.finished,
];
const IN_GRADING_STATES: readonly number[] = [
  WorkflowState.submitted,
  WorkflowState.inGrading,
  WorkflowState.graded,
];

function lastWorkflowState(node: ConstraintNode): number | null {
  return node.activityWorkflowAggregate.lastActivityWorkflow?.state ?? null;
}

/** No activity workflow yet: the learner has never started this activity. */
export function isActivityNotStarted(node: ConstraintNode): boolean {
  return node.activityWorkflowAggregate.lastActivityWorkflow === null;
}

/** Not started, or started and not yet submitted: still the learner's work (grace periods block these). */
export function isActivityUnfinished(node: ConstraintNode): boolean {
  const state = lastWorkflowState(node);
  return state === null || !SUBMITTED_STATES.includes(state);
}

/**
 * Whether the part's results disclosure policy shows its own result now: always (or no policy); never;
 * afterDate once resultsDisclosureFrom has passed; afterScore once the best normalized score reaches
 * resultsDisclosureAbove; afterFinish once the activity workflow is finished. The server blanks the part's record
 * scores when this is false. Unknown codes hide.
 */
export function isActivityResultDisclosed(
  constraint: ActivityConstraint | null,
  workflow: { state: number } | null,
  bestNormalizedScore: number | null,
  now: Date,
): boolean {
  const policy = constraint?.resultsDisclosurePolicy ?? null;
  switch (policy) {
    case null:
    case ResultsDisclosurePolicy.always:
      return true;
    case ResultsDisclosurePolicy.afterDate:
      return hasPassed(constraint?.resultsDisclosureFrom, now);
    case ResultsDisclosurePolicy.afterScore: {
      const threshold = constraint?.resultsDisclosureAbove ?? null;
      return bestNormalizedScore !== null && threshold !== null && bestNormalizedScore >= threshold;
    }
    case ResultsDisclosurePolicy.afterFinish:
      return workflow?.state === WorkflowState.finished;
    default:
      return false;
  }
}

/**
 * Whether a started activity may be reviewed now (spec 4): never while it is being graded; its results policy must
 * disclose results; its reviewPolicy must allow it (always; never; afterSubmission once submitted;
 * afterRevealingResults once the grade is revealed and revealResultsFrom, if set, has passed).
 */
export function isActivityReviewAllowed(
  node: ConstraintNode,
  ctx: Pick<ActivityRuleContext, 'now' | 'gradeRevealed'>,
): boolean {
  const workflow = node.activityWorkflowAggregate.lastActivityWorkflow;
  if (workflow === null) return false;
  if (IN_GRADING_STATES.includes(workflow.state)) return false;
  const constraint = node.activityConstraint;
  const best = node.activityWorkflowAggregate.bestActivityRecord?.normalizedScore ?? null;
  if (!isActivityResultDisclosed(constraint, workflow, best, ctx.now)) return false;
  switch (constraint?.reviewPolicy ?? null) {
    case null:
    case ReviewPolicy.always:
      return true;
    case ReviewPolicy.afterSubmission:
      return SUBMITTED_STATES.includes(workflow.state);
    case ReviewPolicy.afterRevealingResults:
      return (
        ctx.gradeRevealed &&
        (constraint?.revealResultsFrom == null || hasPassed(constraint.revealResultsFrom, ctx.now))
      );
    default:
      return false;
  }
}

/** The informational note of an activity past its due date (spec 4 "past due", spec 5 "after the due date"). */
export interface PastDueNotice {
  due: string;
  /** The end of a grace period still running, until which the activity can be finished; null without one. */
  gracePeriodUntil: string | null;
}

/**
 * Past due: the due date has passed while the activity is still the learner's work (not submitted). It never
 * blocks anything; once a grace period has ended the activity is blocked instead (gracePeriodOver) and the note
 * gives way to that reason.
 */
export function pastDueNotice(node: ConstraintNode, now: Date): PastDueNotice | null {
  const constraint = node.activityConstraint;
  const due = constraint?.due ?? null;
  if (due === null || !hasPassed(due, now) || !isActivityUnfinished(node)) return null;
  if (hasPassed(constraint?.gracePeriodUntil, now)) return null;
  return {
    due,
    gracePeriodUntil: isAhead(constraint?.gracePeriodUntil, now)
      ? (constraint?.gracePeriodUntil ?? null)
      : null,
  };
}

/** The time constraints alone (no state, gate or content checks), first blocking one in priority order. */
function timeConstraintReason(node: ConstraintNode, now: Date): DisabledReason | null {
  const constraint = node.activityConstraint;
  if (constraint === null) return null;
  if (hasPassed(constraint.gracePeriodUntil, now) && isActivityUnfinished(node))
    return 'gracePeriodOver';
  if (hasPassed(constraint.accessibleUntil, now)) return 'accessibleUntilPassed';
  if (isAhead(constraint.startFrom, now)) return 'beforeStart';
  if (hasPassed(constraint.startUntil, now) && isActivityNotStarted(node))
    return 'startDeadlinePassed';
  return null;
}

function isComingSoonState(state: number): boolean {
  return state === ActivityState.draft || state === ActivityState.archived;
}

/**
 * The reason an item of the table of contents is disabled, or null when it can be opened. Priority (spec 4):
 * coming soon (draft or archived); complete previous (gate closed, `available` false); grace period over
 * (unfinished only); accessible-until passed; before startFrom; startUntil passed (not started only); review
 * hidden (when the item would open as a review: it has a workflow and review mode is on or it is submitted);
 * otherwise a server-side constraint (content unavailable). Due dates never disable.
 */
export function activityDisabledReason(
  node: ConstraintNode,
  ctx: ActivityRuleContext,
): DisabledReason | null {
  if (isComingSoonState(node.state)) return 'comingSoon';
  if (!node.available) return 'completePrevious';
  const timeReason = timeConstraintReason(node, ctx.now);
  if (timeReason !== null) return timeReason;
  const workflowState = lastWorkflowState(node);
  const opensAsReview =
    workflowState !== null && (ctx.reviewMode || SUBMITTED_STATES.includes(workflowState));
  if (opensAsReview && !isActivityReviewAllowed(node, ctx)) return 'reviewHidden';
  if (!node.contentAvailable) return 'constraint';
  return null;
}

/**
 * Whether a learner may start (or continue) the activity now: state ready or expired, available, content
 * available, and no constraint blocks it (startFrom, startUntil for unstarted, accessibleUntil, gracePeriodUntil
 * for unfinished). The server checks this before start-activity-workflows.
 */
export function isActivityStartable(node: ConstraintNode, now: Date): boolean {
  if (node.state !== ActivityState.ready && node.state !== ActivityState.expired) return false;
  if (!node.available || !node.contentAvailable) return false;
  return timeConstraintReason(node, now) === null;
}

/** The reason start-activity-workflows refuses the node, or null when startable (for the per-field error). */
export function activityStartBlockReason(node: ConstraintNode, now: Date): DisabledReason | null {
  if (isActivityStartable(node, now)) return null;
  if (node.state !== ActivityState.ready && node.state !== ActivityState.expired)
    return 'comingSoon';
  if (!node.available) return 'completePrevious';
  return timeConstraintReason(node, now) ?? 'constraint';
}

export type DisabledReasonMessageKey = `activityDisabled.${DisabledReason}`;

/**
 * The i18n key (inside the caller's namespace) of a reason's message. Suggested en-US texts: comingSoon "Coming
 * soon"; completePrevious "To get access, you have to complete previous assignments"; gracePeriodOver and
 * accessibleUntilPassed "This activity is no longer accessible"; beforeStart "This activity is not yet
 * available"; startDeadlinePassed "This activity cannot be started after the start-until date"; reviewHidden
 * "Review is not available according to the review policy"; constraint "This content is not available at the
 * moment. Please come back later or ask your administrator."
 */
export function disabledReasonMessageKey(reason: DisabledReason): DisabledReasonMessageKey {
  return `activityDisabled.${reason}`;
}

/** The i18n key of the note on items locked because the course is completed and has no workflow for them. */
export const COMPLETED_COURSE_LOCK_MESSAGE_KEY = 'activityDisabled.courseCompleted';

/** Any tree of nodes with constraints; an ActivityNode is one. */
export interface ConstraintTreeNode {
  activityConstraint: ActivityConstraint | null;
  children: readonly ConstraintTreeNode[];
}

const CONSTRAINT_TIME_FIELDS = [
  'startFrom',
  'startUntil',
  'accessibleUntil',
  'gracePeriodUntil',
  'revealResultsFrom',
  'resultsDisclosureFrom',
] as const satisfies readonly (keyof ActivityConstraint)[];

/**
 * The soonest constraint time strictly after `now` anywhere in the tree (startFrom, startUntil, accessibleUntil,
 * gracePeriodUntil, revealResultsFrom, resultsDisclosureFrom), or null when none lies ahead. The content page
 * reloads the tree when it passes, so an item unlocks without a page reload.
 */
export function nextConstraintChange(tree: ConstraintTreeNode, now: Date): Date | null {
  let soonest: number | null = null;
  const pending: ConstraintTreeNode[] = [tree];
  for (let node = pending.pop(); node !== undefined; node = pending.pop()) {
    const constraint = node.activityConstraint;
    if (constraint !== null) {
      for (const field of CONSTRAINT_TIME_FIELDS) {
        const time = timeOf(constraint[field]);
        if (time !== null && time > now.getTime() && (soonest === null || time < soonest))
          soonest = time;
      }
    }
    pending.push(...node.children);
  }
  return soonest === null ? null : new Date(soonest);
}

/**
 * A locked item of the table of contents (spec 4): unavailable, disabled for any reason, or without a workflow
 * while the course is completed (no access to new content after completion).
 */
export function isLockedItem(node: ConstraintNode, ctx: ActivityRuleContext): boolean {
  if (!node.available) return true;
  if (activityDisabledReason(node, ctx) !== null) return true;
  return ctx.objectiveFinished && isActivityNotStarted(node);
}
