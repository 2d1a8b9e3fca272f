// Reading optional ISO dates for the course rules: an unreadable date never blocks or opens anything.

/** Milliseconds of an ISO-8601 date, or null when it is absent or unreadable. */
export function timeOf(date: string | null | undefined): number | null {
  if (date === null || date === undefined) return null;
  const time = Date.parse(date);
  return Number.isNaN(time) ? null : time;
}

/** True once `now` has reached the date (a deadline passes at its exact instant). */
export function hasPassed(date: string | null | undefined, now: Date): boolean {
  const time = timeOf(date);
  return time !== null && now.getTime() >= time;
}

/** True while the date still lies ahead of `now`. */
export function isAhead(date: string | null | undefined, now: Date): boolean {
  const time = timeOf(date);
  return time !== null && now.getTime() < time;
}
