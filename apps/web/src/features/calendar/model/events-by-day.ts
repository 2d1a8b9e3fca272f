// Events grouped by the learner's calendar day, for the month grid and the day lists.
import type { CalendarEventView } from '../api/calendar-queries.ts';
import type { PlainDate } from './calendar-dates.ts';

/** The events of each day (the learner's calendar day). */
export function eventsByDay(
  events: readonly CalendarEventView[],
): Map<PlainDate, CalendarEventView[]> {
  const byDate = new Map<PlainDate, CalendarEventView[]>();
  for (const event of events) {
    const list = byDate.get(event.localDate) ?? [];
    list.push(event);
    byDate.set(event.localDate, list);
  }
  return byDate;
}
