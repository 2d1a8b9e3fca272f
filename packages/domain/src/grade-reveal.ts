// Grade reveal: whether an enrolment's policy lets the learner see the score and grade of a result yet.
import { GradeRevealPolicy } from '@portal/contracts';

export interface GradeRevealInput {
  /** GradeRevealPolicy code of the enrolment: 0 none, 1 never, 2 afterFinish, 3 afterDate. */
  policy: number;
  /** ISO-8601 time from which an afterDate policy reveals results. */
  revealDate: string | null;
  /** Whether the result (objective record) is finished. */
  finished: boolean;
  now: Date;
}

/**
 * The server applies this before a result leaves it, so a hidden score never reaches the learner;
 * the client uses it only to choose its labels. Unknown policy codes and unreadable dates hide the result.
 */
export function isGradeRevealed({ policy, revealDate, finished, now }: GradeRevealInput): boolean {
  switch (policy) {
    case GradeRevealPolicy.none:
    case GradeRevealPolicy.afterFinish:
      return finished;
    case GradeRevealPolicy.afterDate: {
      if (revealDate === null) return false;
      const revealAt = Date.parse(revealDate);
      return !Number.isNaN(revealAt) && now.getTime() >= revealAt;
    }
    default:
      return false;
  }
}
