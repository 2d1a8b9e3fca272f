// The calendar's plain-date helpers: month grids by first weekday, month steps, ranges, locale week starts.
import { describe, expect, it } from 'vitest';
import {
  addMonths,
  apiRangeOf,
  endOfWeek,
  firstDayOfWeek,
  isPlainDate,
  monthGrid,
  startOfWeek,
  stepDate,
  todayIn,
  visibleRange,
  weekDays,
} from './calendar-dates.ts';
import { readCalendarUrl, writeCalendarUrl } from './calendar-url.ts';

describe('calendar dates', () => {
  it('builds whole weeks around the month, starting on the locale’s first day', () => {
    // November 2026 starts on a Sunday and ends on a Monday.
    const monday = monthGrid('2026-11-24', 1);
    expect(monday).toHaveLength(6);
    expect(monday[0]![0]).toBe('2026-10-26');
    expect(monday.at(-1)![6]).toBe('2026-12-06');
    const sunday = monthGrid('2026-11-24', 7);
    expect(sunday).toHaveLength(5);
    expect(sunday[0]![0]).toBe('2026-11-01');
    expect(sunday.at(-1)![6]).toBe('2026-12-05');
    // February 2027 from Monday: exactly four weeks.
    expect(monthGrid('2027-02-10', 1)).toHaveLength(4);
  });

  it('moves by months to the last day of a shorter month, and across years', () => {
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2028-01-31', 1)).toBe('2028-02-29');
    expect(addMonths('2026-12-15', 1)).toBe('2027-01-15');
    expect(addMonths('2026-03-31', -1)).toBe('2026-02-28');
    expect(stepDate('week', '2026-12-29', 1)).toBe('2027-01-05');
    expect(stepDate('agenda', '2026-12-29', -1)).toBe('2026-11-29');
  });

  it('finds week starts and ends, and the days each view shows', () => {
    expect(startOfWeek('2026-11-24', 1)).toBe('2026-11-23');
    expect(endOfWeek('2026-11-24', 1)).toBe('2026-11-29');
    expect(startOfWeek('2026-11-24', 7)).toBe('2026-11-22');
    expect(startOfWeek('2026-11-24', 6)).toBe('2026-11-21');
    expect(weekDays('2026-11-29', 1)).toEqual([
      '2026-11-23',
      '2026-11-24',
      '2026-11-25',
      '2026-11-26',
      '2026-11-27',
      '2026-11-28',
      '2026-11-29',
    ]);
    expect(visibleRange('agenda', '2026-11-24', 1)).toEqual({
      start: '2026-11-01',
      end: '2026-11-30',
    });
    expect(visibleRange('month', '2026-11-24', 1)).toEqual({
      start: '2026-10-26',
      end: '2026-12-06',
    });
    // A day more on both sides, so every time zone's days are covered.
    expect(apiRangeOf({ start: '2026-11-01', end: '2026-11-30' })).toEqual({
      from: '2026-10-31T00:00:00Z',
      to: '2026-12-02T00:00:00Z',
    });
  });

  it('knows real dates, today in a time zone, and the first weekday of locales', () => {
    expect(isPlainDate('2026-02-28')).toBe(true);
    expect(isPlainDate('2026-02-30')).toBe(false);
    expect(isPlainDate('26-2-1')).toBe(false);
    expect(isPlainDate(null)).toBe(false);
    const instant = new Date('2026-11-24T23:30:00Z');
    expect(todayIn('UTC', instant)).toBe('2026-11-24');
    expect(todayIn('Asia/Tokyo', instant)).toBe('2026-11-25');
    expect(todayIn('America/Los_Angeles', instant)).toBe('2026-11-24');
    expect(firstDayOfWeek('de-DE')).toBe(1);
    // Where the runtime knows week data (getWeekInfo), the US week starts on Sunday; else Monday.
    expect([1, 7]).toContain(firstDayOfWeek('en-US'));
    expect(firstDayOfWeek('not a locale')).toBe(1);
  });

  it('reads and writes the view and day in the address, ignoring nonsense', () => {
    expect(readCalendarUrl(new URLSearchParams('view=week&date=2026-11-24'), 'month')).toEqual({
      view: 'week',
      date: '2026-11-24',
    });
    expect(readCalendarUrl(new URLSearchParams('view=year&date=2026-13-01'), 'agenda')).toEqual({
      view: 'agenda',
      date: null,
    });
    expect(
      writeCalendarUrl(new URLSearchParams('x=1'), {
        view: 'month',
        date: '2026-01-02',
      }).toString(),
    ).toBe('x=1&view=month&date=2026-01-02');
  });
});
