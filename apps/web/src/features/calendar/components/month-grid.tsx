// The month as an ARIA grid (APG date grid): one tab stop on the focused day, arrows, Home/End and
// PageUp/PageDown move it, Enter opens the day's events. Each day's name says the full date and the event count.
import { useLayoutEffect, useRef, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { CalendarEventView } from '../api/calendar-queries.ts';
import { isSameMonth, type PlainDate, type Weekday } from '../model/calendar-dates.ts';
import { dateAfterKey } from '../model/grid-keys.ts';
import type { CalendarFormats } from '../model/calendar-formats.ts';

const MARKERS_SHOWN = 2;

export interface MonthGridProps {
  weeks: PlainDate[][];
  focusedDate: PlainDate;
  today: PlainDate;
  eventsByDate: ReadonlyMap<PlainDate, CalendarEventView[]>;
  firstDay: Weekday;
  formats: CalendarFormats;
  /** The grid's name (the month, e.g. "November 2026"). */
  label: string;
  /** The id of the keyboard instructions. */
  describedBy?: string;
  rtl?: boolean;
  onFocusDate: (date: PlainDate) => void;
  onOpenDay: (date: PlainDate) => void;
}

export function MonthGrid({
  weeks,
  focusedDate,
  today,
  eventsByDate,
  firstDay,
  formats,
  label,
  describedBy,
  rtl,
  onFocusDate,
  onOpenDay,
}: MonthGridProps) {
  const { t } = useTranslation('calendar');
  const gridRef = useRef<HTMLTableElement>(null);
  // Set by a key or a click inside the grid: the focus follows the day once it is rendered (a new month too).
  const focusRequested = useRef(false);

  // The day the keys move from: ahead of the rendered focus while a fast typist's (or a held key's) presses
  // arrive before the page has re-rendered, so none of them is lost.
  const keyDate = useRef(focusedDate);
  // The last day asked for from here: renders of the days passed on the way there do not pull keyDate back.
  const pending = useRef<PlainDate | null>(null);
  useLayoutEffect(() => {
    const active = document.activeElement;
    const focusLeft =
      active !== null && active !== document.body && !gridRef.current?.contains(active);
    if (pending.current === focusedDate) pending.current = null;
    else if (pending.current !== null && focusLeft) {
      // The learner went elsewhere (Today, a tab) before the last day asked for arrived: forget it.
      pending.current = null;
      focusRequested.current = false;
    }
    if (pending.current === null) keyDate.current = focusedDate;
  }, [focusedDate]);

  function moveTo(date: PlainDate) {
    focusRequested.current = true;
    keyDate.current = date;
    pending.current = date;
    onFocusDate(date);
  }

  useLayoutEffect(() => {
    // Before the browser handles the next key: a new month's grid has just removed the focused cell.
    if (!focusRequested.current) return;
    // Kept while days passed on the way are rendered, so the focus lands on the last day asked for.
    if (pending.current === null) focusRequested.current = false;
    gridRef.current?.querySelector<HTMLElement>(`[data-date="${focusedDate}"]`)?.focus();
  }, [focusedDate, weeks]);

  function onKeyDown(event: KeyboardEvent<HTMLElement>) {
    const date = keyDate.current;
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      onOpenDay(date);
      return;
    }
    const next = dateAfterKey(event, date, { firstDay, rtl });
    if (next === null) return;
    event.preventDefault();
    if (next === date)
      gridRef.current?.querySelector<HTMLElement>(`[data-date="${date}"]`)?.focus();
    else moveTo(next);
  }

  const month = focusedDate;
  return (
    <table
      ref={gridRef}
      role="grid"
      aria-label={label}
      aria-describedby={describedBy}
      className="calendar-month-grid"
    >
      <thead>
        <tr>
          {weeks[0]!.map((day) => (
            <th key={day} scope="col" abbr={formats.weekdayLong(day)}>
              {formats.weekdayShort(day)}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {weeks.map((week) => (
          <tr key={week[0]}>
            {week.map((day) => {
              const events = eventsByDate.get(day) ?? [];
              const isFocused = day === focusedDate;
              const outside = !isSameMonth(day, month);
              const name = [
                formats.dayLong(day),
                day === today ? t('grid.today') : null,
                events.length === 0
                  ? t('grid.noEvents')
                  : t('grid.eventCount', { total: events.length }),
              ]
                .filter(Boolean)
                .join(', ');
              return (
                <td
                  key={day}
                  role="gridcell"
                  data-date={day}
                  tabIndex={isFocused ? 0 : -1}
                  aria-label={name}
                  aria-selected={isFocused}
                  aria-current={day === today ? 'date' : undefined}
                  className="calendar-month-cell"
                  data-outside={outside || undefined}
                  data-today={day === today || undefined}
                  onKeyDown={onKeyDown}
                  onClick={() => {
                    if (isFocused) onOpenDay(day);
                    else moveTo(day);
                  }}
                >
                  <div aria-hidden="true">
                    <span className="calendar-month-day">{formats.dayNumber(day)}</span>
                    {events.length > 0 ? (
                      <ul className="calendar-month-markers">
                        {events.slice(0, MARKERS_SHOWN).map((event) => (
                          <li key={event.key} dir="auto">
                            {event.activityName ?? event.objectiveName}
                          </li>
                        ))}
                        {events.length > MARKERS_SHOWN ? (
                          <li>{t('grid.more', { total: events.length - MARKERS_SHOWN })}</li>
                        ) : null}
                      </ul>
                    ) : null}
                    {events.length > 0 ? (
                      <span className="calendar-month-dot">{formats.number(events.length)}</span>
                    ) : null}
                  </div>
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
