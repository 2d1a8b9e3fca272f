import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { fileSizeParts, formatDuration, formatFileSize } from './format.ts';

describe('formatDuration', () => {
  it.each([
    [0, 0],
    [1, 1],
    [59, 1],
    [60, 1],
    [61, 2],
    [3600, 60],
    [-5, 0],
    [Number.NaN, 0],
  ])('rounds %s seconds up to %s minutes', (seconds, minutes) => {
    expect(formatDuration(seconds)).toEqual({
      count: minutes,
      key: 'duration.minutes',
      shortKey: 'duration.minutesShort',
    });
  });

  it('never shows a duration shorter than it is, nor a minute longer', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), (seconds) => {
        const { count } = formatDuration(seconds);
        expect(count * 60).toBeGreaterThanOrEqual(seconds);
        expect((count - 1) * 60).toBeLessThan(seconds === 0 ? 1 : seconds);
      }),
    );
  });
});

describe('formatFileSize', () => {
  it.each([
    [0, '0 B'],
    [512, '512 B'],
    [1023, '1023 B'],
    [1024, '1.00 KB'],
    [1536, '1.50 KB'],
    [1024 * 1024 - 1, '1.00 MB'],
    [5 * 1024 ** 2, '5.00 MB'],
    [3.25 * 1024 ** 3, '3.25 GB'],
    [2 * 1024 ** 4, '2.00 TB'],
    [5000 * 1024 ** 4, '5000.00 TB'],
    [-1, '0 B'],
  ])('shows %s bytes as %s', (bytes, expected) => {
    expect(formatFileSize(bytes)).toBe(expected);
  });

  it('keeps the shown number below 1024 except at the largest unit', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 1024 ** 4, noNaN: true }), (bytes) => {
        const { value, unit, fractionDigits } = fileSizeParts(bytes);
        expect(Number(value.toFixed(fractionDigits))).toBeLessThan(1024);
        expect(fractionDigits).toBe(unit === 'B' ? 0 : 2);
      }),
    );
  });
});
