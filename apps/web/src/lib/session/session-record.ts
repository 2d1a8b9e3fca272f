// The client session record (spec §3, §4): which user is active in this browser and since when.

export const SESSION_IDLE_SECONDS = 7200;
export const ACTIVITY_THROTTLE_MS = 100;

export interface SessionRecord {
  id: string;
  /**
   * Null while the user is not known yet: a record starts before the first call of a page load (and anew
   * right after sign-in) so every call carries a session id; the first signed-in user then adopts it.
   */
  userId: string | null;
  lastActivityDate: string;
}

const isFilledString = (value: unknown): value is string =>
  typeof value === 'string' && value.length > 0;

/** The stored record, or null when it is missing or malformed (checked by hand: this runs in the entry bundle). */
export function parseSessionRecord(value: unknown): SessionRecord | null {
  if (typeof value !== 'object' || value === null) return null;
  const { id, userId, lastActivityDate } = value as Record<string, unknown>;
  if (!isFilledString(id) || !isFilledString(lastActivityDate)) return null;
  if (userId !== null && !isFilledString(userId)) return null;
  return { id, userId, lastActivityDate };
}

/** True when the record has seen no activity for longer than the idle window (or cannot tell). */
function isIdle(record: SessionRecord, now: Date): boolean {
  const last = Date.parse(record.lastActivityDate);
  if (Number.isNaN(last)) return true;
  return now.getTime() - last > SESSION_IDLE_SECONDS * 1000;
}

/** True when the record cannot continue: none, another user, or idle longer than the window. */
export function isSessionExpired(record: SessionRecord | null, userId: string, now: Date): boolean {
  if (!record || (record.userId !== null && record.userId !== userId)) return true;
  return isIdle(record, now);
}

/**
 * The record a page load starts with, before any call: the current one while it is fresh, otherwise (none,
 * idle, or a new sign-in) a new one whose user is not known yet.
 */
export function startingSessionRecord(
  record: SessionRecord | null,
  now: Date,
  newId: () => string,
  { newSignIn = false }: { newSignIn?: boolean } = {},
): SessionRecord {
  if (record && !newSignIn && !isIdle(record, now)) return record;
  return { id: newId(), userId: null, lastActivityDate: now.toISOString() };
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
  return { ...(record as SessionRecord), userId, lastActivityDate };
}
