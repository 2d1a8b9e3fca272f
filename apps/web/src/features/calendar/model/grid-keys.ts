// The month grid's keyboard model (WAI-ARIA APG date grid): which day a key moves the roving focus to.
import {
  addDays,
  addMonths,
  endOfWeek,
  startOfWeek,
  type PlainDate,
  type Weekday,
} from './calendar-dates.ts';

export interface GridKey {
  key: string;
  shiftKey?: boolean;
}

/**
 * The day focused after `key` on `date`, or null when the key is not the grid's. Arrows move by a day and a
 * week (left and right swap in right-to-left pages, as the columns do), Home/End to the week's first and last
 * day, PageUp/PageDown by a month, with Shift by a year.
 */
export function dateAfterKey(
  event: GridKey,
  date: PlainDate,
  options: { firstDay: Weekday; rtl?: boolean },
): PlainDate | null {
  const forward = options.rtl ? -1 : 1;
  switch (event.key) {
    case 'ArrowRight':
      return addDays(date, forward);
    case 'ArrowLeft':
      return addDays(date, -forward);
    case 'ArrowDown':
      return addDays(date, 7);
    case 'ArrowUp':
      return addDays(date, -7);
    case 'Home':
      return startOfWeek(date, options.firstDay);
    case 'End':
      return endOfWeek(date, options.firstDay);
    case 'PageUp':
      return addMonths(date, event.shiftKey ? -12 : -1);
    case 'PageDown':
      return addMonths(date, event.shiftKey ? 12 : 1);
    default:
      return null;
  }
}
