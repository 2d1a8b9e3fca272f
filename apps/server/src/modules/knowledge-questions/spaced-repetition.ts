// Leitner boxes of the questions mailed to a learner: a correct answer moves the question up a box and doubles its
// interval (1, 2, 4, … days), a wrong one sends it back to box 1, due again after a day.
const DAY_MS = 24 * 60 * 60_000;
export const TOP_BOX = 6;

/** The box after an answer given in `box`. */
export function nextBox(box: number, correct: boolean): number {
  return correct ? Math.min(box + 1, TOP_BOX) : 1;
}

/** When a question answered at `answeredAt` in `box` is due again. */
export function dueAfterAnswer(box: number, correct: boolean, answeredAt: Date): Date {
  const days = 2 ** (nextBox(box, correct) - 1);
  return new Date(answeredAt.getTime() + days * DAY_MS);
}

/** An unanswered mail waits this long before the question may be mailed again. */
export const UNANSWERED_RESEND_MS = 2 * DAY_MS;
/** At most one question a day per learner and course. */
export const MIN_GAP_MS = DAY_MS - 60 * 60_000;

/** Answers compared without case, surrounding or repeated spaces, or Unicode composition differences. */
export function normaliseAnswer(text: string): string {
  return text.normalize('NFC').trim().replace(/\s+/g, ' ').toLocaleLowerCase();
}
