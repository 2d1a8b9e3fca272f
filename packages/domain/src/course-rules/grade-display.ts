// What the course details show for a result: nothing, "Grading in progress", or the grade with its score.
import { GradeRevealPolicy, WorkflowState, type GradingScale } from '@portal/contracts';
import { formatScorePercent, gradeForScore, normalizedScoreOf } from '../grading.ts';
import { hasPassed } from './dates.ts';

/** A result as the learner receives it (objectiveRecordSchema or lastObjectiveRecordSchema). */
export interface DisplayedRecord {
  grade: string | null;
  gradeColor?: string | null;
  score: number | null;
  maxScore: number | null;
  normalizedScore: number | null;
  passed: boolean | null;
  finished: string | null;
}

export interface GradeDisplayInput {
  /** GradeRevealPolicy code of the enrolment. */
  policy: number;
  revealDate: string | null;
  /** State of the attempt shown; null when there is none (not started, or an imported result). */
  workflowState: number | null;
  record: DisplayedRecord | null;
  scale: Pick<GradingScale, 'objectiveGrades'> | null;
}

export type GradeDisplay =
  | { kind: 'hidden' }
  | { kind: 'gradingInProgress' }
  | {
      kind: 'shown';
      /** From the record, else the scale grade its score earns; null when neither names one. */
      gradeName: string | null;
      /** Badge colour: the record's, else the colour of the same-named scale grade. */
      gradeColor: string | null;
      /** "85%", or null when the score itself is not shown. */
      percentText: string | null;
      passed: boolean | null;
    };

const WAITING_STATES: readonly number[] = [
  WorkflowState.submitted,
  WorkflowState.inGrading,
  WorkflowState.graded,
];

function policyAllows(policy: number, revealDate: string | null, now: Date): boolean {
  switch (policy) {
    case GradeRevealPolicy.none:
    case GradeRevealPolicy.afterFinish:
      return true;
    case GradeRevealPolicy.afterDate:
      return hasPassed(revealDate, now);
    default:
      return false;
  }
}

/**
 * Spec 4, grade display: hidden when the policy is never (or afterDate before its date, or an unknown code);
 * otherwise a finished record with a grade, score or pass/fail is shown; a finished record still without any of
 * them, or an attempt submitted / in grading / graded without a finished record, shows "Grading in progress";
 * anything else (not started, in progress) shows nothing.
 */
export function gradeDisplay(input: GradeDisplayInput, now: Date): GradeDisplay {
  if (!policyAllows(input.policy, input.revealDate, now)) return { kind: 'hidden' };
  const record = input.record;
  if (record !== null && record.finished !== null) {
    const percentText = formatScorePercent(record);
    if (record.grade === null && percentText === null && record.passed === null)
      return { kind: 'gradingInProgress' };
    const normalized = normalizedScoreOf(record);
    const scaleGrade =
      input.scale?.objectiveGrades.find((grade) => grade.name === record.grade) ??
      (input.scale !== null && normalized !== null && record.grade === null
        ? gradeForScore(input.scale, normalized)
        : null);
    return {
      kind: 'shown',
      gradeName: record.grade ?? scaleGrade?.name ?? null,
      gradeColor: record.gradeColor ?? scaleGrade?.color ?? null,
      percentText,
      passed: record.passed,
    };
  }
  if (input.workflowState !== null && WAITING_STATES.includes(input.workflowState))
    return { kind: 'gradingInProgress' };
  return { kind: 'hidden' };
}
