// Use cases of the calendar: a learner's events in a range, and their secret, revocable iCalendar feed.
import { createHash, randomBytes } from 'node:crypto';
import { DEFAULT_LOCALE, findTimeZone, isLocale } from '@portal/contracts';
import { calendarEventsOf, type CalendarCourseInput } from '@portal/domain';
import { BadRequestError, NotFoundError } from '../../http/errors.ts';
import { serverTranslator } from '../../i18n/server-i18n.ts';
import type { Clock } from '../../lib/clock.ts';
import { renderCalendarFeed } from './calendar-feed.ts';
import type { CalendarRepository, Caller } from './calendar.repository.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** The longest range one request may ask for. */
export const MAX_RANGE_DAYS = 400;
/** What the feed holds: the last 90 days and the next year. */
const FEED_PAST_DAYS = 90;
const FEED_FUTURE_DAYS = 366;

export const FEED_PATH = '/api/lms/v1/public/calendar-feeds';

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export type CalendarService = ReturnType<typeof createCalendarService>;

export function createCalendarService(deps: {
  calendarRepository: CalendarRepository;
  clock: Clock;
  publicUrl: string;
}) {
  const repo = deps.calendarRepository;

  async function ianaTimeZoneOf(userId: string): Promise<string> {
    return findTimeZone(await repo.findTimeZone(userId))?.iana ?? 'UTC';
  }

  async function eventsOf(caller: Caller, from: Date, to: Date, timeZone: string) {
    const enrolments = await repo.findEnrolments(caller);
    const parts = await repo.findActivityParts(enrolments.map((e) => e.rootActivityId));
    const partsByParent = new Map<string, typeof parts>();
    for (const part of parts) {
      const siblings = partsByParent.get(part.parentActivityId) ?? [];
      siblings.push(part);
      partsByParent.set(part.parentActivityId, siblings);
    }
    const courses: CalendarCourseInput[] = enrolments.map((enrolment) => {
      // The course's own parts and every part below them, each once.
      const activities = [];
      const queue = [enrolment.rootActivityId];
      const seen = new Set(queue);
      while (queue.length > 0) {
        for (const part of partsByParent.get(queue.shift()!) ?? []) {
          activities.push({ ...part, activityPartId: part.id });
          if (!seen.has(part.childActivityId)) {
            seen.add(part.childActivityId);
            queue.push(part.childActivityId);
          }
        }
      }
      return { ...enrolment, activities };
    });
    const certificates = await repo.findExpiringCertificates(caller);
    return calendarEventsOf(courses, { timeZone, from, to }, certificates);
  }

  function feedUrls(token: string) {
    const url = `${deps.publicUrl}${FEED_PATH}/${token}.ics`;
    return { url, webcalUrl: url.replace(/^https?:/, 'webcal:') };
  }

  return {
    /** The caller's events in [from, to), by default from a month ago to a year ahead. */
    async events(caller: Caller, range: { from?: string; to?: string }) {
      const now = deps.clock.now();
      const from = range.from ? new Date(range.from) : new Date(now.getTime() - 31 * DAY_MS);
      const to = range.to ? new Date(range.to) : new Date(now.getTime() + 366 * DAY_MS);
      if (to <= from || to.getTime() - from.getTime() > MAX_RANGE_DAYS * DAY_MS) {
        throw new BadRequestError(
          'invalid_range',
          `A range of 1 to ${MAX_RANGE_DAYS} days is needed.`,
          {
            to: [`Must be after from and at most ${MAX_RANGE_DAYS} days later.`],
          },
        );
      }
      const timeZone = await ianaTimeZoneOf(caller.userId);
      return { timeZone, events: await eventsOf(caller, from, to, timeZone) };
    },

    async feedStatus(caller: Caller) {
      const feed = await repo.findFeed(caller.userId);
      return { exists: feed !== undefined, created: feed?.created ?? null };
    },

    /** A new secret address; an earlier one stops working at once. The token is shown only here. */
    async createFeed(caller: Caller) {
      const token = randomBytes(32).toString('base64url');
      await repo.replaceFeed(caller, hashToken(token), deps.clock.now().toISOString());
      return feedUrls(token);
    },

    async revokeFeed(caller: Caller): Promise<void> {
      await repo.deleteFeed(caller.userId);
    },

    /** The iCalendar text of the feed with this token; an unknown or revoked token is not found. */
    async feed(token: string): Promise<string> {
      const owner = /^[\w-]{43}$/.test(token)
        ? await repo.findFeedOwner(hashToken(token))
        : undefined;
      if (!owner || owner.status !== 'Active') throw new NotFoundError('calendar_feed_not_found');
      const now = deps.clock.now();
      const timeZone = await ianaTimeZoneOf(owner.userId);
      const events = await eventsOf(
        owner,
        new Date(now.getTime() - FEED_PAST_DAYS * DAY_MS),
        new Date(now.getTime() + FEED_FUTURE_DAYS * DAY_MS),
        timeZone,
      );
      const locale = owner.locale && isLocale(owner.locale) ? owner.locale : DEFAULT_LOCALE;
      return renderCalendarFeed({
        events,
        texts: serverTranslator(locale, 'calendar'),
        timeZone,
        publicUrl: deps.publicUrl,
        now,
        eventUrl: (event) =>
          event.certificateNumber
            ? `${deps.publicUrl}/learn/courses/${event.objectiveId}/certificate/${encodeURIComponent(event.certificateNumber)}`
            : `${deps.publicUrl}/learn/courses/redirect/${event.objectiveId}`,
      });
    },
  };
}
