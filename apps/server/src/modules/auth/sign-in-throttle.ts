// Per-account sign-in throttling, independent of the client's address: after a few failed passwords for
// one login the next attempt must wait (a delay that doubles), and after many the login is locked for a
// while. It is keyed by the login as typed, whether or not an account has it, so it reveals nothing.
// Each attempt is counted before its password is checked (and forgotten when it succeeds), with a
// compare-and-swap on the count, so parallel guesses queue behind the delay instead of slipping past it.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';

export const SIGN_IN_THROTTLE = {
  /** Failures allowed in a row before any delay. */
  freeFailures: 3,
  /** The delay after the first throttled failure; it doubles with each further one, up to maxDelayMs. */
  firstDelayMs: 1_000,
  maxDelayMs: 30_000,
  /** Failures in a row that lock the login. */
  lockAfter: 10,
  lockMs: 15 * 60_000,
  /** A failure older than this is forgotten. */
  memoryMs: 60 * 60_000,
} as const;

export type ThrottleDecision = { allowed: true } | { allowed: false; locked: boolean };

/** The trimmed, lower-cased login: the key of the throttle (bounded like the form field). */
export function throttleKey(login: string): string {
  return login.trim().toLowerCase().slice(0, 254);
}

/** Until when a login that has just failed `failures` times in a row waits, or null. */
export function blockedUntil(failures: number, now: Date): string | null {
  const { freeFailures, firstDelayMs, maxDelayMs, lockAfter, lockMs } = SIGN_IN_THROTTLE;
  if (failures >= lockAfter) return new Date(now.getTime() + lockMs).toISOString();
  if (failures < freeFailures) return null;
  const delay = Math.min(maxDelayMs, firstDelayMs * 2 ** (failures - freeFailures));
  return new Date(now.getTime() + delay).toISOString();
}

export function createSignInThrottle({ db, clock }: { db: Kysely<Database>; clock: Clock }) {
  return {
    /**
     * Counts an attempt for `login` unless it must wait. Call before checking the password; call
     * `succeeded` when the password was right.
     */
    async begin(login: string): Promise<ThrottleDecision> {
      const key = throttleKey(login);
      for (let tries = 0; tries < 5; tries += 1) {
        const now = clock.now();
        const row = await db
          .selectFrom('signInThrottles')
          .selectAll()
          .where('login', '=', key)
          .executeTakeFirst();
        if (!row) {
          const inserted = await db
            .insertInto('signInThrottles')
            .values({ login: key, failures: 1, lastFailure: now.toISOString(), blockedUntil: null })
            .onConflict((oc) => oc.column('login').doNothing())
            .executeTakeFirst();
          if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1) return { allowed: true };
          continue;
        }
        if (row.blockedUntil !== null && Date.parse(row.blockedUntil) > now.getTime()) {
          return { allowed: false, locked: row.failures >= SIGN_IN_THROTTLE.lockAfter };
        }
        const forgotten =
          now.getTime() - Date.parse(row.lastFailure) > SIGN_IN_THROTTLE.memoryMs ||
          row.failures >= SIGN_IN_THROTTLE.lockAfter;
        const failures = forgotten ? 1 : row.failures + 1;
        const updated = await db
          .updateTable('signInThrottles')
          .set({
            failures,
            lastFailure: now.toISOString(),
            blockedUntil: blockedUntil(failures, now),
          })
          .where('login', '=', key)
          .where('failures', '=', row.failures)
          .where('lastFailure', '=', row.lastFailure)
          .executeTakeFirst();
        if (Number(updated.numUpdatedRows) === 1) return { allowed: true };
      }
      // Heavy contention on one login: refusing is the safe answer.
      return { allowed: false, locked: false };
    },

    /** The password was right: the login's failures are forgotten. */
    async succeeded(login: string): Promise<void> {
      await db.deleteFrom('signInThrottles').where('login', '=', throttleKey(login)).execute();
    },

    /** Housekeeping: forgets failures older than the memory window. */
    async deleteStale(): Promise<void> {
      const before = new Date(clock.now().getTime() - SIGN_IN_THROTTLE.memoryMs).toISOString();
      await db
        .deleteFrom('signInThrottles')
        .where('lastFailure', '<', before)
        .where((eb) =>
          eb.or([
            eb('blockedUntil', 'is', null),
            eb('blockedUntil', '<', clock.now().toISOString()),
          ]),
        )
        .execute();
    },
  };
}

export type SignInThrottle = ReturnType<typeof createSignInThrottle>;
