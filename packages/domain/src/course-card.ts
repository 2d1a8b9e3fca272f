// What a course card on the lists shows: progress state, footer, link target, result and cover colour.
import { currentAttemptRecord } from './course-rules/attempts.ts';
import {
  ActivityState,
  WorkflowState,
  type EnrollmentAggregate,
  type GradingScale,
} from '@portal/contracts';
import {
  gradeForScore,
  isAwaitingGrading,
  normalizedScoreOf,
  resultColor,
  scorePercent,
  type ResultColor,
} from './grading.ts';
import { isGradeRevealed } from './grade-reveal.ts';
import { clampProgress } from './progress.ts';

/** The part of an enrolment aggregate the card rules read; tests and other lists can build just this. */
export type CardAggregate = Pick<
  EnrollmentAggregate,
  | 'id'
  | 'availabilityDate'
  | 'dueDate'
  | 'gradeRevealPolicy'
  | 'gradeRevealDate'
  | 'objectiveWorkflowAggregate'
> & {
  objective: Pick<EnrollmentAggregate['objective'], 'id'> & {
    activity: Pick<EnrollmentAggregate['objective']['activity'], 'state'>;
  };
};

export type CourseProgressState = 'notStarted' | 'inProgress' | 'inGrading' | 'completed';

/**
 * The state a card is drawn in. No workflow: completed when an (imported) record exists, else not started.
 * Submitted, in grading and graded attempts wait for a grader, so they show the "in grading" footer;
 * gradingApproved is still the learner's turn (the spec counts it as in progress); finished is completed.
 */
export function courseProgressState(
  aggregate: Pick<CardAggregate, 'objectiveWorkflowAggregate'>,
): CourseProgressState {
  const { lastObjectiveWorkflow: workflow, lastObjectiveRecord: record } =
    aggregate.objectiveWorkflowAggregate;
  if (workflow === null) return record === null ? 'notStarted' : 'completed';
  switch (workflow.state) {
    case WorkflowState.finished:
      return 'completed';
    case WorkflowState.submitted:
    case WorkflowState.inGrading:
    case WorkflowState.graded:
      return 'inGrading';
    default:
      return 'inProgress';
  }
}

/** A card shows the grade and score once the attempt is graded or finished, or its record is finished. */
export function showsPassedInfo(
  aggregate: Pick<CardAggregate, 'objectiveWorkflowAggregate'>,
): boolean {
  const workflow = aggregate.objectiveWorkflowAggregate.lastObjectiveWorkflow;
  if (workflow?.state === WorkflowState.graded || workflow?.state === WorkflowState.finished)
    return true;
  // During a retake the last record is the previous attempt's: it is not this card's result.
  return currentAttemptRecord(aggregate.objectiveWorkflowAggregate)?.finished != null;
}

export type CardFooter =
  | { kind: 'availability'; date: string }
  | { kind: 'due'; date: string }
  | { kind: 'notStarted' }
  | { kind: 'inGrading'; submitted: string | null; progress: number }
  | { kind: 'inProgress'; started: string | null; progress: number }
  | { kind: 'completed'; finished: string | null };

/** True while the enrolment's availability date lies ahead: the course cannot be started yet. */
export function isNotAvailableYet(
  aggregate: Pick<CardAggregate, 'availabilityDate'>,
  now: Date,
): boolean {
  return (
    aggregate.availabilityDate !== null && Date.parse(aggregate.availabilityDate) > now.getTime()
  );
}

/** The root activity is still a draft: the course is announced but has no content yet. */
export function isComingSoon(aggregate: Pick<CardAggregate, 'objective'>): boolean {
  return aggregate.objective.activity.state === ActivityState.draft;
}

/**
 * The footer line of a card. A course not started shows when it opens (only while that is still ahead: a past
 * opening date tells the learner nothing), else its due date, else a "not started" label.
 */
export function cardFooter(aggregate: CardAggregate, now: Date): CardFooter {
  const { lastObjectiveWorkflow: workflow, lastObjectiveRecord: record } =
    aggregate.objectiveWorkflowAggregate;
  switch (courseProgressState(aggregate)) {
    case 'notStarted':
      if (aggregate.availabilityDate !== null && isNotAvailableYet(aggregate, now)) {
        return { kind: 'availability', date: aggregate.availabilityDate };
      }
      if (aggregate.dueDate !== null) return { kind: 'due', date: aggregate.dueDate };
      return { kind: 'notStarted' };
    case 'inGrading':
      return {
        kind: 'inGrading',
        submitted: workflow?.submitted ?? null,
        progress: clampProgress(workflow?.progress),
      };
    case 'inProgress':
      return {
        kind: 'inProgress',
        started: workflow?.started ?? null,
        progress: clampProgress(workflow?.progress),
      };
    case 'completed':
      return { kind: 'completed', finished: workflow?.finished ?? record?.finished ?? null };
  }
}

/**
 * Where the card leads: an attempt in progress opens the content, a completed course its details,
 * anything else the enrolment page of this aggregate.
 */
export function cardLinkTarget(
  aggregate: Pick<CardAggregate, 'id' | 'objective' | 'objectiveWorkflowAggregate'>,
): string {
  const objectiveId = aggregate.objective.id;
  const state = courseProgressState(aggregate);
  if (state === 'inProgress') return `/courses/${objectiveId}/view/content`;
  if (state === 'completed') return `/courses/${objectiveId}`;
  return `/courses/${objectiveId}/${aggregate.id}`;
}

export type CardResult =
  | { kind: 'awaitingGrading' }
  | {
      kind: 'graded';
      /** Grade name and its scale colour; null when neither the record nor the scale names one. */
      grade: { name: string; color: string | null } | null;
      /** Whole-number percent, null when the score itself is not shown. */
      percent: number | null;
      color: ResultColor;
    };

/**
 * The result a finished card shows, or null when it shows none (not finished, or the grade reveal policy hides
 * it). A finished record without pass/fail awaits grading only when the policy would otherwise reveal it:
 * under a hiding policy the server blanks pass/fail too, and "grading in progress" would then be untrue.
 */
export function cardResult(
  aggregate: Pick<
    CardAggregate,
    'gradeRevealPolicy' | 'gradeRevealDate' | 'objectiveWorkflowAggregate'
  >,
  scale: Pick<GradingScale, 'objectiveGrades'> | null,
  now: Date,
): CardResult | null {
  if (!showsPassedInfo(aggregate)) return null;
  const record = currentAttemptRecord(aggregate.objectiveWorkflowAggregate);
  if (record === null) return null;
  const revealed = isGradeRevealed({
    policy: aggregate.gradeRevealPolicy,
    revealDate: aggregate.gradeRevealDate,
    finished: record.finished !== null,
    now,
  });
  if (isAwaitingGrading(record)) return revealed ? { kind: 'awaitingGrading' } : null;
  const percent = scorePercent(record);
  if (record.grade === null && percent === null) return null;
  const normalized = normalizedScoreOf(record);
  const scaleGrade =
    scale?.objectiveGrades.find((grade) => grade.name === record.grade) ??
    (scale && normalized !== null ? gradeForScore(scale, normalized) : null);
  const name = record.grade ?? scaleGrade?.name ?? null;
  return {
    kind: 'graded',
    grade:
      name === null ? null : { name, color: scaleGrade?.name === name ? scaleGrade.color : null },
    percent,
    color: resultColor(record),
  };
}

/** Cover colours of courses without an image (spec §9: seven, cycled). */
export const COVER_COLORS = [
  '#A3A3A3',
  '#FFC699',
  '#CCECCC',
  '#99E2EA',
  '#ED9999',
  '#99B6E8',
  '#FFE299',
] as const;

/**
 * The cover colour of a course without an image. The cycle runs over a stable hash of the course id (32-bit
 * FNV-1a), not the position in a list, so a course has one colour on every list and on its own page.
 */
export function coverColorOf(objectiveId: string): string {
  let hash = 0x811c9dc5;
  for (let index = 0; index < objectiveId.length; index += 1) {
    hash ^= objectiveId.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return COVER_COLORS[hash % COVER_COLORS.length] ?? COVER_COLORS[0];
}
