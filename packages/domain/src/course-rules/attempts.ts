// The attempts of one enrolment: which result is the current attempt's, what a failed one missed by, what is left.

interface AttemptsOfAggregate<R extends { objectiveWorkflowId: string | null }> {
  lastObjectiveWorkflow: { id: string } | null;
  lastObjectiveRecord: R | null;
}

/**
 * The result of the attempt the course header describes. The aggregate's last record stays the previous attempt's
 * while a retake runs, so it counts only when it belongs to the last attempt, or when there is no attempt at all
 * (an imported result). A retake without a result yet has none: the earlier one lives in the attempts table.
 */
export function currentAttemptRecord<R extends { objectiveWorkflowId: string | null }>(
  aggregate: AttemptsOfAggregate<R>,
): R | null {
  const { lastObjectiveWorkflow: workflow, lastObjectiveRecord: record } = aggregate;
  if (record === null || workflow === null) return record;
  return record.objectiveWorkflowId === workflow.id ? record : null;
}

/**
 * Attempts a learner has after a finished one (docs/decisions/0010). The enrolment's retake flag is the only
 * limit the data model holds: with it the attempts are unlimited, without it none are left.
 */
export type AttemptsLeft = 'unlimited' | 0;

export function attemptsLeft(enrolment: { retake: boolean }): AttemptsLeft {
  return enrolment.retake ? 'unlimited' : 0;
}

/** What the not-passed message of a failed result compares (spec 8): the passing score and the learner's. */
export interface NotPassedResult {
  /** The least score that passes, on the result's own scale (maxScore). */
  minimumScore: number;
  score: number;
  maxScore: number;
}

/**
 * The comparison of a failed, shown result with the normalized passing score it was graded against (the grading
 * scale's, else the course activity's); null when the result passed, is not graded, the passing score is unknown,
 * or the score is withheld (a hidden grade must not be worked out from the message either).
 */
export function notPassedResult(
  record: { passed: boolean | null; score: number | null; maxScore: number | null },
  normalizedPassingScore: number | null,
): NotPassedResult | null {
  if (record.passed !== false || normalizedPassingScore === null) return null;
  if (record.score === null || record.maxScore === null || record.maxScore <= 0) return null;
  return {
    minimumScore: normalizedPassingScore * record.maxScore,
    score: record.score,
    maxScore: record.maxScore,
  };
}
