// The learner's calendar as RFC 5545 iCalendar (ical-generator): UTC times, stable UIDs, localized titles.
import ical from 'ical-generator';
import type { CalendarEvent } from '@portal/domain';
import type { ServerTranslator } from '../../i18n/server-i18n.ts';

/** A title such as "Due: Quiz (Data literacy)". */
export function calendarEventTitle(event: CalendarEvent, texts: ServerTranslator): string {
  // The catalogue's keys are the event kinds.
  return texts.t('calendar', event.kind, {
    course: event.objectiveName,
    activity: event.activityName ?? '',
  });
}

export function renderCalendarFeed(input: {
  events: CalendarEvent[];
  texts: ServerTranslator;
  timeZone: string;
  publicUrl: string;
  now: Date;
  /** The course's address, or the certificate's for a certificate expiry. */
  eventUrl: (event: CalendarEvent) => string;
}): string {
  const host = new URL(input.publicUrl).host;
  const calendar = ical({
    name: input.texts.t('calendar', 'feedName'),
    prodId: { company: 'learner-portal', product: 'calendar', language: 'EN' },
    // Calendar apps poll on their own schedule; this asks for at most hourly.
    ttl: 60 * 60,
  });
  // Times are UTC (no VTIMEZONE needed); the learner's zone is the display hint calendar apps understand.
  calendar.x('X-WR-TIMEZONE', input.timeZone);
  for (const event of input.events) {
    calendar.createEvent({
      // Stable: kind, course and activity part, so a changed date updates the event instead of adding one.
      id: `${event.key}@${host}`,
      // A deadline is an instant: DTSTART without DTEND (RFC 5545 §3.6.1; DTEND must be later than DTSTART).
      start: new Date(event.at),
      stamp: input.now,
      summary: calendarEventTitle(event, input.texts),
      url: input.eventUrl(event),
    });
  }
  return calendar.toString();
}
