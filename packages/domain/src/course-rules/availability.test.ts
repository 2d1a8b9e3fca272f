import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { availabilityState, isWithinAvailability } from './availability.ts';

const now = new Date('2026-03-10T12:00:00.000Z');
const past = '2026-03-01T00:00:00.000Z';
const future = '2026-04-01T00:00:00.000Z';

describe('availabilityState', () => {
  it.each([
    ['no window', null, null, false, false, { kind: 'open' }],
    ['opened already', past, null, false, false, { kind: 'open' }],
    ['not yet open', future, null, false, false, { kind: 'notYetAvailable', date: future }],
    [
      'not yet open wins over closed',
      future,
      past,
      false,
      true,
      { kind: 'notYetAvailable', date: future },
    ],
    ['closed, no workflow', null, past, false, false, { kind: 'closed', date: past }],
    ['closed, retake allowed', null, past, true, true, { kind: 'closed', date: past }],
    ['closed, attempt without retake: no message', null, past, true, false, { kind: 'open' }],
    ['end date ahead', past, future, false, false, { kind: 'open' }],
    ['unreadable dates are ignored', 'soon', 'later', false, false, { kind: 'open' }],
  ] as const)('%s', (_, availabilityDate, availabilityEndDate, hasWorkflow, retake, expected) => {
    expect(
      availabilityState({ availabilityDate, availabilityEndDate, hasWorkflow, retake }, now),
    ).toEqual(expected);
  });

  it('opens at the exact availability instant and closes at the exact end instant', () => {
    const at = new Date(past);
    expect(
      availabilityState(
        { availabilityDate: past, availabilityEndDate: null, hasWorkflow: false, retake: false },
        at,
      ).kind,
    ).toBe('open');
    expect(
      availabilityState(
        { availabilityDate: null, availabilityEndDate: past, hasWorkflow: false, retake: false },
        at,
      ).kind,
    ).toBe('closed');
    expect(
      availabilityState(
        { availabilityDate: past, availabilityEndDate: null, hasWorkflow: false, retake: false },
        new Date(at.getTime() - 1),
      ).kind,
    ).toBe('notYetAvailable');
  });

  it('is open exactly when now lies inside the window (for a learner who may start)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000 }),
        fc.integer({ min: 0, max: 10_000 }),
        fc.integer({ min: 0, max: 10_000 }),
        (start, length, at) => {
          const base = Date.parse('2026-01-01T00:00:00.000Z');
          const input = {
            availabilityDate: new Date(base + start * 60_000).toISOString(),
            availabilityEndDate: new Date(base + (start + length) * 60_000).toISOString(),
            hasWorkflow: false,
            retake: false,
          };
          const inside = at >= start && at < start + length;
          expect(isWithinAvailability(input, new Date(base + at * 60_000))).toBe(inside);
        },
      ),
    );
  });
});
