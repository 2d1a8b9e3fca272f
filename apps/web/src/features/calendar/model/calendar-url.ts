// The calendar's state in the address (?view=month|week|agenda&date=YYYY-MM-DD), so reload and back keep it.
import { calendarViews, isPlainDate, type CalendarView, type PlainDate } from './calendar-dates.ts';

export interface CalendarUrlState {
  view: CalendarView;
  /** The focused day; null when the address has none (today then). */
  date: PlainDate | null;
}

/** Reads the state; an unknown view or an impossible date falls back to the default. */
export function readCalendarUrl(
  params: URLSearchParams,
  defaultView: CalendarView,
): CalendarUrlState {
  const view = params.get('view');
  const date = params.get('date');
  return {
    view: calendarViews.includes(view as CalendarView) ? (view as CalendarView) : defaultView,
    date: isPlainDate(date) ? date : null,
  };
}

/** The search params with the state written in, other parameters kept. */
export function writeCalendarUrl(
  params: URLSearchParams,
  state: { view: CalendarView; date: PlainDate },
): URLSearchParams {
  const next = new URLSearchParams(params);
  next.set('view', state.view);
  next.set('date', state.date);
  return next;
}
