// The client session record (spec §3, §4): which user is active in this browser and since when.

export const SESSION_IDLE_SECONDS = 7200;
export const ACTIVITY_THROTTLE_MS = 100;

export interface SessionRecord {
  id: string;
  userId: string;
  lastActivityDate: string;
}

const isFilledString = (value: unknown): value is string =>
  typeof value === 'string' && value.length > 0;

/** The stored record, or null when it is missing or malformed (checked by hand: this runs in the entry bundle). */
export function parseSessionRecord(value: unknown): SessionRecord | null {
  if (typeof value !== 'object' || value === null) return null;
  const { id, userId, lastActivityDate } = value as Record<string, unknown>;
  if (!isFilledString(id) || !isFilledString(userId) || !isFilledString(lastActivityDate))
    return null;
  return { id, userId, lastActivityDate };
}

/** True when the record cannot continue: none, another user, or idle longer than the window. */
export function isSessionExpired(record: SessionRecord | null, userId: string, now: Date): boolean {
  if (!record || record.userId !== userId) return true;
  const last = Date.parse(record.lastActivityDate);
  if (Number.isNaN(last)) return true;
  return now.getTime() - last > SESSION_IDLE_SECONDS * 1000;
}

/** The record to keep after activity by `userId` at `now`: the same session refreshed, or a new one. */
export function nextSessionRecord(
  record: SessionRecord | null,
  userId: string,
  now: Date,
  newId: () => string,
): SessionRecord {
  const lastActivityDate = now.toISOString();
  if (isSessionExpired(record, userId, now)) return { id: newId(), userId, lastActivityDate };
  return { ...(record as SessionRecord), lastActivityDate };
}
