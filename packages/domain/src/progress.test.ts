import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { clampProgress, progressPercent } from './progress.ts';

describe('clampProgress', () => {
  it.each([
    [0, 0],
    [0.35, 0.35],
    [1, 1],
    [-0.2, 0],
    [1.7, 1],
    [Number.NaN, 0],
    [Number.POSITIVE_INFINITY, 0],
    [null, 0],
    [undefined, 0],
  ])('clamps %s to %s', (input, expected) => {
    expect(clampProgress(input)).toBe(expected);
  });

  it('always lands in 0..1 and keeps in-range values unchanged', () => {
    fc.assert(
      fc.property(fc.double(), (value) => {
        const clamped = clampProgress(value);
        expect(clamped).toBeGreaterThanOrEqual(0);
        expect(clamped).toBeLessThanOrEqual(1);
        // -0 comes back as 0, which is the same progress.
        if (value >= 0 && value <= 1) expect(clamped === value).toBe(true);
      }),
    );
  });
});

describe('progressPercent', () => {
  it.each([
    [0.354, 35],
    [0.355, 36],
    [0.29, 29],
    [1.2, 100],
    [-1, 0],
  ])('shows %s as %s percent', (input, expected) => {
    expect(progressPercent(input)).toBe(expected);
  });
});
