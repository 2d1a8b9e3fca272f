// Grade reveal policy, table-driven, with fixed instants (no dependence on the machine clock or time zone).
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { GradeRevealPolicy } from '@portal/contracts';
import { isGradeRevealed } from './grade-reveal.ts';

const now = new Date('2026-03-15T12:00:00.000Z');

describe('isGradeRevealed', () => {
  it.each([
    ['none, finished', GradeRevealPolicy.none, null, true, true],
    ['none, not finished', GradeRevealPolicy.none, null, false, false],
    ['afterFinish, finished', GradeRevealPolicy.afterFinish, null, true, true],
    ['afterFinish, not finished', GradeRevealPolicy.afterFinish, null, false, false],
    ['never, finished', GradeRevealPolicy.never, null, true, false],
    [
      'never, finished, with a past date',
      GradeRevealPolicy.never,
      '2020-01-01T00:00:00.000Z',
      true,
      false,
    ],
    [
      'afterDate, date in the future',
      GradeRevealPolicy.afterDate,
      '2026-03-15T12:00:00.001Z',
      true,
      false,
    ],
    [
      'afterDate, date exactly now',
      GradeRevealPolicy.afterDate,
      '2026-03-15T12:00:00.000Z',
      true,
      true,
    ],
    [
      'afterDate, date in the past',
      GradeRevealPolicy.afterDate,
      '2026-03-01T00:00:00.000Z',
      true,
      true,
    ],
    [
      'afterDate, date in the past given with an offset',
      GradeRevealPolicy.afterDate,
      '2026-03-15T13:00:00+02:00',
      true,
      true,
    ],
    [
      'afterDate, date passed but not finished',
      GradeRevealPolicy.afterDate,
      '2026-03-01T00:00:00.000Z',
      false,
      true,
    ],
    ['afterDate without a date', GradeRevealPolicy.afterDate, null, true, false],
    ['afterDate with an unreadable date', GradeRevealPolicy.afterDate, 'soon', true, false],
    ['unknown policy code', 9, null, true, false],
  ] as const)('%s → %s', (_name, policy, revealDate, finished, expected) => {
    expect(isGradeRevealed({ policy, revealDate, finished, now })).toBe(expected);
  });

  it('never reveals under the never policy, whatever the inputs', () => {
    fc.assert(
      fc.property(
        fc.boolean(),
        fc.option(fc.date({ noInvalidDate: true }).map((d) => d.toISOString())),
        fc.date({ noInvalidDate: true }),
        (finished, revealDate, at) => {
          expect(
            isGradeRevealed({ policy: GradeRevealPolicy.never, revealDate, finished, now: at }),
          ).toBe(false);
        },
      ),
    );
  });

  it('reveals afterDate exactly when now is at or after the date', () => {
    fc.assert(
      fc.property(
        fc.date({ noInvalidDate: true }),
        fc.date({ noInvalidDate: true }),
        (revealAt, at) => {
          const revealed = isGradeRevealed({
            policy: GradeRevealPolicy.afterDate,
            revealDate: revealAt.toISOString(),
            finished: true,
            now: at,
          });
          expect(revealed).toBe(at.getTime() >= revealAt.getTime());
        },
      ),
    );
  });
});
