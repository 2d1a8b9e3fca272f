// Calendar events of a learner: the dates of their enrolments and of their activities' constraints, placed on the
// calendar days of the learner's time zone.
import { timeOf } from './course-rules/dates.ts';

/** What a date means; the spec's enrolment dates and activity constraint fields. */
export const calendarEventKinds = [
  'courseAvailableFrom',
  'courseAvailableUntil',
  'courseDue',
  'activityStartFrom',
  'activityStartUntil',
  'activityDue',
  'activityAccessibleUntil',
  'activityGracePeriodUntil',
  'certificateExpiry',
] as const;
export type CalendarEventKind = (typeof calendarEventKinds)[number];

export interface CalendarCourseInput {
  objectiveId: string;
  objectiveName: string;
  availabilityDate: string | null;
  availabilityEndDate: string | null;
  dueDate: string | null;
  activities: CalendarActivityInput[];
}

export interface CalendarActivityInput {
  /** The activity part (its place in the course's tree), stable across renames. */
  activityPartId: string;
  activityName: string;
  startFrom: string | null;
  startUntil: string | null;
  due: string | null;
  accessibleUntil: string | null;
  gracePeriodUntil: string | null;
}

/** An issued, unrevoked certificate that expires (decision 0015). */
export interface CalendarCertificateInput {
  certificateNumber: string;
  objectiveId: string;
  objectiveName: string;
  expirationDate: string | null;
}

export interface CalendarEvent {
  /** Stable across recomputations and date changes: kind, course and activity part. */
  key: string;
  kind: CalendarEventKind;
  /** The instant, UTC ISO-8601. */
  at: string;
  /** The calendar day and time of `at` in the learner's time zone (YYYY-MM-DD, HH:mm). */
  localDate: string;
  localTime: string;
  objectiveId: string;
  objectiveName: string;
  activityPartId: string | null;
  activityName: string | null;
  /** Set for certificate expiry events only. */
  certificateNumber?: string;
}

const ACTIVITY_FIELDS = [
  ['startFrom', 'activityStartFrom'],
  ['startUntil', 'activityStartUntil'],
  ['due', 'activityDue'],
  ['accessibleUntil', 'activityAccessibleUntil'],
  ['gracePeriodUntil', 'activityGracePeriodUntil'],
] as const satisfies readonly (readonly [keyof CalendarActivityInput, CalendarEventKind])[];

const partsFormats = new Map<string, Intl.DateTimeFormat>();

/** Day and time of an instant in an IANA time zone, daylight saving included. */
export function localDateTime(instant: Date, timeZone: string): { date: string; time: string } {
  let format = partsFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    partsFormats.set(timeZone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(instant).map((p) => [p.type, p.value]));
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    time: `${parts.hour}:${parts.minute}`,
  };
}

/**
 * The events of the courses (and of the learner's expiring certificates) between `from` (inclusive) and `to`
 * (exclusive), in time order; unreadable dates are left out.
 */
export function calendarEventsOf(
  courses: readonly CalendarCourseInput[],
  options: { timeZone: string; from: Date; to: Date },
  certificates: readonly CalendarCertificateInput[] = [],
): CalendarEvent[] {
  const events: CalendarEvent[] = [];
  const place = (date: string | null) => {
    const time = timeOf(date);
    if (time === null || time < options.from.getTime() || time >= options.to.getTime()) return null;
    const instant = new Date(time);
    const local = localDateTime(instant, options.timeZone);
    return { at: instant.toISOString(), localDate: local.date, localTime: local.time };
  };
  const add = (
    kind: CalendarEventKind,
    date: string | null,
    course: CalendarCourseInput,
    activity?: CalendarActivityInput,
  ) => {
    const placed = place(date);
    if (!placed) return;
    events.push({
      key: [kind, course.objectiveId, activity?.activityPartId ?? ''].join(':'),
      kind,
      ...placed,
      objectiveId: course.objectiveId,
      objectiveName: course.objectiveName,
      activityPartId: activity?.activityPartId ?? null,
      activityName: activity?.activityName ?? null,
    });
  };
  for (const course of courses) {
    add('courseAvailableFrom', course.availabilityDate, course);
    add('courseAvailableUntil', course.availabilityEndDate, course);
    add('courseDue', course.dueDate, course);
    for (const activity of course.activities) {
      for (const [field, kind] of ACTIVITY_FIELDS) add(kind, activity[field], course, activity);
    }
  }
  for (const certificate of certificates) {
    const placed = place(certificate.expirationDate);
    if (!placed) continue;
    events.push({
      // The certificate number takes the activity part's place: one course may have several certificates.
      key: ['certificateExpiry', certificate.objectiveId, certificate.certificateNumber].join(':'),
      kind: 'certificateExpiry',
      ...placed,
      objectiveId: certificate.objectiveId,
      objectiveName: certificate.objectiveName,
      activityPartId: null,
      activityName: null,
      certificateNumber: certificate.certificateNumber,
    });
  }
  return events.sort((a, b) => a.at.localeCompare(b.at) || a.key.localeCompare(b.key));
}
