// The per-account sign-in throttle on every dialect, with an injected clock: free attempts, a doubling
// delay, the lockout and its end, forgetting after success or after an hour, and parallel guesses.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fixedClock } from '../../lib/clock.ts';
import { createTestDatabase, testDialects, type TestDatabase } from '../../test/test-databases.ts';
import { blockedUntil, createSignInThrottle, SIGN_IN_THROTTLE } from './sign-in-throttle.ts';

const NOW = '2026-03-15T12:00:00.000Z';

describe('blockedUntil', () => {
  it('lets three failures through, then doubles the delay up to 30 s, then locks for 15 minutes', () => {
    const now = new Date(NOW);
    const delays = Array.from({ length: 11 }, (_, i) => {
      const until = blockedUntil(i + 1, now);
      return until === null ? 0 : Date.parse(until) - now.getTime();
    });
    expect(delays).toEqual([
      0, 0, 1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000, 900_000, 900_000,
    ]);
  });
});

describe.each(await testDialects())('sign-in throttle on %s', (dialect) => {
  let database: TestDatabase;
  const clock = fixedClock(NOW);

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
  });
  afterAll(() => database.dispose());
  beforeEach(async () => {
    clock.set(NOW);
    await database.db.deleteFrom('signInThrottles').execute();
  });

  const throttle = () => createSignInThrottle({ db: database.db, clock });

  it('counts failures per login as typed (case and spaces folded) and makes the next attempt wait', async () => {
    const t = throttle();
    for (let i = 0; i < 3; i += 1)
      expect(await t.begin(' Ada@Example.com ')).toEqual({ allowed: true });
    expect(await t.begin('ada@example.com')).toEqual({ allowed: false, locked: false });
    expect(await t.begin('grace@example.com')).toEqual({ allowed: true });
    clock.advance(1_001);
    expect(await t.begin('ada@example.com')).toEqual({ allowed: true });
    expect(await t.begin('ada@example.com')).toEqual({ allowed: false, locked: false });
  });

  it('locks a login after ten failures for 15 minutes, then starts afresh', async () => {
    const t = throttle();
    let failures = 0;
    while (failures < SIGN_IN_THROTTLE.lockAfter) {
      if ((await t.begin('mallory-target')).allowed) failures += 1;
      else clock.advance(SIGN_IN_THROTTLE.maxDelayMs);
    }
    expect(await t.begin('mallory-target')).toEqual({ allowed: false, locked: true });
    clock.advance(SIGN_IN_THROTTLE.lockMs - 1_000);
    expect(await t.begin('mallory-target')).toEqual({ allowed: false, locked: true });
    clock.advance(2_000);
    expect(await t.begin('mallory-target')).toEqual({ allowed: true });
    expect(await t.begin('mallory-target')).toEqual({ allowed: true });
  });

  it('forgets the failures after a success, and after an hour without one', async () => {
    const t = throttle();
    for (let i = 0; i < 3; i += 1) await t.begin('ada');
    await t.succeeded('ADA');
    expect(await t.begin('ada')).toEqual({ allowed: true });
    for (let i = 0; i < 2; i += 1) await t.begin('ada');
    clock.advance(SIGN_IN_THROTTLE.memoryMs + 1);
    for (let i = 0; i < 3; i += 1) expect(await t.begin('ada')).toEqual({ allowed: true });
    await t.deleteStale();
    expect(await database.db.selectFrom('signInThrottles').selectAll().execute()).toHaveLength(1);
    clock.advance(SIGN_IN_THROTTLE.memoryMs + 1);
    await t.deleteStale();
    expect(await database.db.selectFrom('signInThrottles').selectAll().execute()).toHaveLength(0);
  });

  it('lets at most the free attempts through when twenty guesses arrive at once', async () => {
    const t = throttle();
    const decisions = await Promise.all(Array.from({ length: 20 }, () => t.begin('ada')));
    expect(decisions.filter((d) => d.allowed).length).toBeLessThanOrEqual(
      SIGN_IN_THROTTLE.freeFailures,
    );
  });
});
