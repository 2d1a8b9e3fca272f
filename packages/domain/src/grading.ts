// Grades and scores of a result: which grade a score earns, how the score reads, and its colour.
import type { GradingScale, ObjectiveGrade } from '@portal/contracts';

/** The score fields of a result as the learner receives them (null while grade reveal policy hides them). */
export interface ScoredResult {
  score: number | null;
  maxScore: number | null;
  normalizedScore: number | null;
}

/**
 * The grade a normalized score (0..1) earns: the entry with the highest normalizedMinScore the score meets;
 * a score below every threshold still gets the lowest grade, so every result has one.
 */
export function gradeForScore(
  scale: Pick<GradingScale, 'objectiveGrades'>,
  normalizedScore: number,
): ObjectiveGrade | null {
  let met: ObjectiveGrade | null = null;
  let lowest: ObjectiveGrade | null = null;
  for (const grade of scale.objectiveGrades) {
    if (lowest === null || grade.normalizedMinScore < lowest.normalizedMinScore) lowest = grade;
    if (
      normalizedScore >= grade.normalizedMinScore &&
      (met === null || grade.normalizedMinScore > met.normalizedMinScore)
    ) {
      met = grade;
    }
  }
  return met ?? lowest;
}

/** Normalized score of a result, derived from score/maxScore when the server did not send it. */
export function normalizedScoreOf(result: ScoredResult): number | null {
  if (result.normalizedScore !== null && Number.isFinite(result.normalizedScore))
    return result.normalizedScore;
  if (result.score !== null && result.maxScore !== null && result.maxScore > 0)
    return result.score / result.maxScore;
  return null;
}

/**
 * Whole-number percent shown for a score: with a maxScore of 1 the score itself is the fraction; otherwise the
 * normalized score is. Null when the score is hidden or missing.
 */
export function scorePercent(result: ScoredResult): number | null {
  const fraction = result.maxScore === 1 ? result.score : normalizedScoreOf(result);
  if (fraction === null || !Number.isFinite(fraction)) return null;
  return Math.round(fraction * 100);
}

/** The score as "85%", or null when there is nothing to show. */
export function formatScorePercent(result: ScoredResult): string | null {
  const percent = scorePercent(result);
  return percent === null ? null : `${percent}%`;
}

export const SUCCESS_THRESHOLD = 0.8;
export const ACCENT_THRESHOLD = 0.4;

export type ResultColor = 'success' | 'accent' | 'danger';

/** Colour of a result: full marks or at least 0.8 is success, at least 0.4 accent, anything else danger. */
export function resultColor(result: ScoredResult): ResultColor {
  if (result.score !== null && result.maxScore !== null && result.score === result.maxScore)
    return 'success';
  const normalized = normalizedScoreOf(result) ?? 0;
  if (normalized >= SUCCESS_THRESHOLD) return 'success';
  if (normalized >= ACCENT_THRESHOLD) return 'accent';
  return 'danger';
}

/** A finished result whose pass/fail is still unknown is waiting for a grader. */
export function isAwaitingGrading(record: {
  passed: boolean | null;
  finished: string | null;
}): boolean {
  return record.passed === null && record.finished !== null;
}
