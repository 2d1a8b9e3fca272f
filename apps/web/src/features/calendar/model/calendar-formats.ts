// The calendar's dates and times written in the learner's language (Intl); days are plain dates formatted at
// noon UTC, event times are instants formatted in the learner's time zone.
import { plainDateInstant, type PlainDate } from './calendar-dates.ts';

export interface CalendarFormats {
  /** "Tuesday, 24 November 2026" */
  dayLong(date: PlainDate): string;
  /** "24" */
  dayNumber(date: PlainDate): string;
  /** "Tue" */
  weekdayShort(date: PlainDate): string;
  /** "Tuesday" */
  weekdayLong(date: PlainDate): string;
  /** "November 2026" */
  month(date: PlainDate): string;
  /** "23–29 November 2026" */
  range(start: PlainDate, end: PlainDate): string;
  /** "14:30" or "2:30 PM", in the learner's time zone. */
  time(instant: string): string;
  number(value: number): string;
}

/** Formats for an Intl locale tag (see contracts' intlLocaleOf) and the learner's IANA time zone. */
export function createCalendarFormats(localeTag: string, timeZone: string): CalendarFormats {
  const utc = (options: Intl.DateTimeFormatOptions) =>
    new Intl.DateTimeFormat(localeTag, { ...options, timeZone: 'UTC' });
  const dayLong = utc({ weekday: 'long', year: 'numeric', month: 'long', day: 'numeric' });
  const dayNumber = utc({ day: 'numeric' });
  const weekdayShort = utc({ weekday: 'short' });
  const weekdayLong = utc({ weekday: 'long' });
  const month = utc({ year: 'numeric', month: 'long' });
  const range = utc({ year: 'numeric', month: 'long', day: 'numeric' });
  let time: Intl.DateTimeFormat;
  try {
    time = new Intl.DateTimeFormat(localeTag, { hour: 'numeric', minute: '2-digit', timeZone });
  } catch {
    time = new Intl.DateTimeFormat(localeTag, {
      hour: 'numeric',
      minute: '2-digit',
      timeZone: 'UTC',
    });
  }
  const number = new Intl.NumberFormat(localeTag);
  return {
    dayLong: (date) => dayLong.format(plainDateInstant(date)),
    dayNumber: (date) => dayNumber.format(plainDateInstant(date)),
    weekdayShort: (date) => weekdayShort.format(plainDateInstant(date)),
    weekdayLong: (date) => weekdayLong.format(plainDateInstant(date)),
    month: (date) => month.format(plainDateInstant(date)),
    range: (start, end) => range.formatRange(plainDateInstant(start), plainDateInstant(end)),
    time: (instant) => time.format(new Date(instant)),
    number: (value) => number.format(value),
  };
}
