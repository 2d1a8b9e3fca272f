// Calendar days as plain dates ("YYYY-MM-DD", no time zone): the month grid, weeks, ranges and the first day of
// the week by locale. Pure functions, computed on UTC midnight so no browser zone or DST shifts a day.
import { localDateTime } from '@portal/domain';

/** A calendar day, "YYYY-MM-DD". */
export type PlainDate = string;
/** ISO weekday: 1 Monday … 7 Sunday. */
export type Weekday = 1 | 2 | 3 | 4 | 5 | 6 | 7;

const DAY_MS = 24 * 60 * 60 * 1000;
const PLAIN_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function toUtc(date: PlainDate): number {
  const match = PLAIN_DATE.exec(date);
  if (!match) throw new RangeError(`Not a plain date: ${date}`);
  return Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
}

function fromUtc(time: number): PlainDate {
  return new Date(time).toISOString().slice(0, 10);
}

/** True for an existing day written as YYYY-MM-DD (not 2026-02-30). */
export function isPlainDate(value: string | null | undefined): value is PlainDate {
  if (!value || !PLAIN_DATE.test(value)) return false;
  const time = toUtc(value);
  return !Number.isNaN(time) && fromUtc(time) === value;
}

export function addDays(date: PlainDate, days: number): PlainDate {
  return fromUtc(toUtc(date) + days * DAY_MS);
}

/** The same day `months` later, or the month's last day when it is shorter (31 Jan + 1 → 28/29 Feb). */
export function addMonths(date: PlainDate, months: number): PlainDate {
  const d = new Date(toUtc(date));
  const target = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + months, 1));
  const lastDay = new Date(
    Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0),
  ).getUTCDate();
  target.setUTCDate(Math.min(d.getUTCDate(), lastDay));
  return fromUtc(target.getTime());
}

export function weekdayOf(date: PlainDate): Weekday {
  const day = new Date(toUtc(date)).getUTCDay();
  return (day === 0 ? 7 : day) as Weekday;
}

export function startOfWeek(date: PlainDate, firstDay: Weekday): PlainDate {
  return addDays(date, -((weekdayOf(date) - firstDay + 7) % 7));
}

export function endOfWeek(date: PlainDate, firstDay: Weekday): PlainDate {
  return addDays(startOfWeek(date, firstDay), 6);
}

export function startOfMonth(date: PlainDate): PlainDate {
  return `${date.slice(0, 7)}-01`;
}

export function endOfMonth(date: PlainDate): PlainDate {
  return addDays(addMonths(startOfMonth(date), 1), -1);
}

export function isSameMonth(a: PlainDate, b: PlainDate): boolean {
  return a.slice(0, 7) === b.slice(0, 7);
}

/** Every day from `start` to `end`, both included. */
export function daysFrom(start: PlainDate, end: PlainDate): PlainDate[] {
  const days: PlainDate[] = [];
  for (let day = start; day <= end; day = addDays(day, 1)) days.push(day);
  return days;
}

/** The weeks of the month grid around `date`: whole weeks from the one holding the 1st to the one holding the last day. */
export function monthGrid(date: PlainDate, firstDay: Weekday): PlainDate[][] {
  const days = daysFrom(
    startOfWeek(startOfMonth(date), firstDay),
    endOfWeek(endOfMonth(date), firstDay),
  );
  const weeks: PlainDate[][] = [];
  for (let i = 0; i < days.length; i += 7) weeks.push(days.slice(i, i + 7));
  return weeks;
}

/** The seven days of the week holding `date`. */
export function weekDays(date: PlainDate, firstDay: Weekday): PlainDate[] {
  return daysFrom(startOfWeek(date, firstDay), endOfWeek(date, firstDay));
}

export type CalendarView = 'month' | 'week' | 'agenda';
export const calendarViews: readonly CalendarView[] = ['month', 'week', 'agenda'];

/** The days a view shows around `date` (both ends included): the month grid, the week, or the month for the agenda. */
export function visibleRange(
  view: CalendarView,
  date: PlainDate,
  firstDay: Weekday,
): { start: PlainDate; end: PlainDate } {
  if (view === 'week')
    return { start: startOfWeek(date, firstDay), end: endOfWeek(date, firstDay) };
  if (view === 'agenda') return { start: startOfMonth(date), end: endOfMonth(date) };
  const weeks = monthGrid(date, firstDay);
  return { start: weeks[0]![0]!, end: weeks.at(-1)![6]! };
}

/** The date the previous/next buttons move to: a week in the week view, a month otherwise. */
export function stepDate(view: CalendarView, date: PlainDate, direction: 1 | -1): PlainDate {
  return view === 'week' ? addDays(date, 7 * direction) : addMonths(date, direction);
}

/**
 * The instants to ask the API for, covering the days in every time zone (a day more on both sides); the events
 * are then placed by their `localDate`.
 */
export function apiRangeOf(range: { start: PlainDate; end: PlainDate }): {
  from: string;
  to: string;
} {
  return {
    from: `${addDays(range.start, -1)}T00:00:00Z`,
    to: `${addDays(range.end, 2)}T00:00:00Z`,
  };
}

/** Today in the time zone (the learner's, from the API). */
export function todayIn(timeZone: string, now: Date = new Date()): PlainDate {
  try {
    return localDateTime(now, timeZone).date;
  } catch {
    return now.toISOString().slice(0, 10);
  }
}

interface WeekInfo {
  firstDay?: number;
}
type LocaleWithWeekInfo = Intl.Locale & { getWeekInfo?: () => WeekInfo; weekInfo?: WeekInfo };

/** The first day of the week for a locale where Intl knows it (getWeekInfo), else Monday. */
export function firstDayOfWeek(localeTag: string): Weekday {
  try {
    const locale = new Intl.Locale(localeTag) as LocaleWithWeekInfo;
    const info = locale.getWeekInfo?.() ?? locale.weekInfo;
    const day = info?.firstDay;
    return typeof day === 'number' && day >= 1 && day <= 7 ? (day as Weekday) : 1;
  } catch {
    return 1;
  }
}

/** Noon UTC of a plain date, to format it with Intl in `timeZone: 'UTC'` without shifting the day. */
export function plainDateInstant(date: PlainDate): Date {
  return new Date(toUtc(date) + DAY_MS / 2);
}
