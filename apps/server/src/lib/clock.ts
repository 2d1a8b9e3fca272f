// Injected time source so that date rules are testable.
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock for tests: starts at `start` and moves only when told. */
export function fixedClock(
  start: Date | string,
): Clock & { set(to: Date | string): void; advance(ms: number): void } {
  let current = new Date(start);
  return {
    now: () => new Date(current),
    set(to) {
      current = new Date(to);
    },
    advance(ms) {
      current = new Date(current.getTime() + ms);
    },
  };
}

export function isoNow(clock: Clock): string {
  return clock.now().toISOString();
}
