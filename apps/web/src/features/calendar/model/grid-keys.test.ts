// The month grid's keys: days, weeks, week ends, months and years, mirrored in right-to-left pages.
import { describe, expect, it } from 'vitest';
import { dateAfterKey } from './grid-keys.ts';

const monday = { firstDay: 1 as const };

describe('dateAfterKey', () => {
  it('moves by a day and a week with the arrows, across months', () => {
    expect(dateAfterKey({ key: 'ArrowRight' }, '2026-11-30', monday)).toBe('2026-12-01');
    expect(dateAfterKey({ key: 'ArrowLeft' }, '2026-11-01', monday)).toBe('2026-10-31');
    expect(dateAfterKey({ key: 'ArrowDown' }, '2026-11-28', monday)).toBe('2026-12-05');
    expect(dateAfterKey({ key: 'ArrowUp' }, '2026-11-03', monday)).toBe('2026-10-27');
  });

  it('swaps left and right in right-to-left pages', () => {
    expect(dateAfterKey({ key: 'ArrowLeft' }, '2026-11-24', { ...monday, rtl: true })).toBe(
      '2026-11-25',
    );
    expect(dateAfterKey({ key: 'ArrowRight' }, '2026-11-24', { ...monday, rtl: true })).toBe(
      '2026-11-23',
    );
  });

  it('goes to the week’s ends with Home and End, by the locale’s first day', () => {
    expect(dateAfterKey({ key: 'Home' }, '2026-11-24', monday)).toBe('2026-11-23');
    expect(dateAfterKey({ key: 'End' }, '2026-11-24', monday)).toBe('2026-11-29');
    expect(dateAfterKey({ key: 'Home' }, '2026-11-24', { firstDay: 7 })).toBe('2026-11-22');
    expect(dateAfterKey({ key: 'End' }, '2026-11-24', { firstDay: 7 })).toBe('2026-11-28');
  });

  it('changes the month with PageUp/PageDown and the year with Shift', () => {
    expect(dateAfterKey({ key: 'PageDown' }, '2026-01-31', monday)).toBe('2026-02-28');
    expect(dateAfterKey({ key: 'PageUp' }, '2026-03-15', monday)).toBe('2026-02-15');
    expect(dateAfterKey({ key: 'PageDown', shiftKey: true }, '2028-02-29', monday)).toBe(
      '2029-02-28',
    );
    expect(dateAfterKey({ key: 'PageUp', shiftKey: true }, '2026-03-15', monday)).toBe(
      '2025-03-15',
    );
  });

  it('leaves other keys to the page', () => {
    expect(dateAfterKey({ key: 'Tab' }, '2026-11-24', monday)).toBeNull();
    expect(dateAfterKey({ key: 'a' }, '2026-11-24', monday)).toBeNull();
  });
});
