// Keeps the session record in localStorage fresh on user activity and shares sign-out between tabs.
import {
  readLocalParsed,
  removeLocal,
  removeUserScopedValues,
  storageKeys,
  writeLocal,
  writeLocalString,
} from '../storage.ts';
import { oidcPaths } from '../../app/paths.ts';
import {
  ACTIVITY_THROTTLE_MS,
  nextSessionRecord,
  parseSessionRecord,
  startingSessionRecord,
  type SessionRecord,
} from './session-record.ts';
import { removeUserCookie } from './user-cookie.ts';

let activeUserId: string | null = null;

export function readSessionRecord(): SessionRecord | null {
  return readLocalParsed(storageKeys.session, parseSessionRecord);
}

/** Id sent as X-Session-Id (null before the first record exists). */
export function currentSessionId(): string | null {
  return readSessionRecord()?.id ?? null;
}

/**
 * Makes sure a session record exists before the first call of a page load (spec §7: every call carries
 * the session id). `newSignIn` (the sign-in callback) always starts a new session.
 */
export function ensureSessionRecord(
  options: { newSignIn?: boolean } = {},
  now: Date = new Date(),
): SessionRecord {
  const current = readSessionRecord();
  const record = startingSessionRecord(current, now, () => crypto.randomUUID(), options);
  if (record !== current) writeLocal(storageKeys.session, record);
  return record;
}

/** Records activity of the user now: refreshes the record or starts a new one (new/other user, idle). */
export function touchSession(userId: string, now: Date = new Date()): SessionRecord {
  const record = nextSessionRecord(readSessionRecord(), userId, now, () => crypto.randomUUID());
  writeLocal(storageKeys.session, record);
  return record;
}

/** Starts tracking a signed-in user: a record now, refreshed on scroll, key and click (throttled). */
export function startSessionTracking(userId: string): () => void {
  activeUserId = userId;
  touchSession(userId);
  let last = 0;
  const onActivity = () => {
    const now = Date.now();
    if (now - last < ACTIVITY_THROTTLE_MS || !activeUserId) return;
    last = now;
    touchSession(activeUserId, new Date(now));
  };
  const events = ['scroll', 'keydown', 'click'] as const;
  for (const event of events)
    window.addEventListener(event, onActivity, { passive: true, capture: true });
  return () => {
    for (const event of events) window.removeEventListener(event, onActivity, { capture: true });
    if (activeUserId === userId) activeUserId = null;
  };
}

/**
 * Signs out: forget the record, the user cookie and what was remembered for this user (saved filters and
 * search), end the server session (and the built-in provider's), then tell the other tabs, and finally
 * follow the provider's end-session URL. The order matters: a tab told earlier could sign in again silently
 * against a provider session that is still alive.
 */
export async function signOut(
  navigate: (url: string) => void = (url) => window.location.assign(url),
): Promise<void> {
  activeUserId = null;
  removeLocal(storageKeys.session);
  removeUserScopedValues();
  removeUserCookie();
  let target: string = oidcPaths.logout;
  try {
    const response = await fetch(oidcPaths.logout, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { accept: 'application/json', 'x-requested-with': 'XMLHttpRequest' },
    });
    const body: unknown = response.ok ? await response.json() : null;
    const redirectUrl = (body as { redirectUrl?: unknown } | null)?.redirectUrl;
    if (typeof redirectUrl === 'string') target = redirectUrl;
  } catch {
    // Offline or refused: the plain sign-out navigation below ends the session instead.
  }
  // A changing value so every sign-out fires a storage event in the other tabs.
  writeLocalString(storageKeys.logoutBroadcast, new Date().toISOString());
  navigate(target);
}

/** The sign-in URL that returns to where the user is now. */
export function loginUrlForHere(): string {
  return oidcPaths.login(window.location.href);
}

/** Other tabs signed out: go to sign-in, which shows the sign-in page since the server session is gone. */
export function listenForSignOutInOtherTabs(): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key !== storageKeys.logoutBroadcast || event.newValue === null) return;
    window.location.assign(loginUrlForHere());
  };
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
}
