import { describe, expect, it } from 'vitest';
import { calendarEventsOf, localDateTime, type CalendarCourseInput } from './calendar.ts';

const course = (overrides: Partial<CalendarCourseInput> = {}): CalendarCourseInput => ({
  objectiveId: 'c1',
  objectiveName: 'Data literacy',
  availabilityDate: null,
  availabilityEndDate: null,
  dueDate: null,
  activities: [],
  ...overrides,
});
const activity = (overrides: Partial<CalendarCourseInput['activities'][number]> = {}) => ({
  activityPartId: 'p1',
  activityName: 'Quiz',
  startFrom: null,
  startUntil: null,
  due: null,
  accessibleUntil: null,
  gracePeriodUntil: null,
  ...overrides,
});
const YEAR_2030 = { from: new Date('2030-01-01T00:00:00Z'), to: new Date('2031-01-01T00:00:00Z') };

describe('calendarEventsOf', () => {
  it('turns enrolment dates and every activity constraint into events, in time order', () => {
    const events = calendarEventsOf(
      [
        course({
          availabilityDate: '2030-03-01T08:00:00Z',
          dueDate: '2030-03-20T17:00:00Z',
          availabilityEndDate: '2030-04-01T00:00:00Z',
          activities: [
            activity({
              startFrom: '2030-03-02T08:00:00Z',
              startUntil: '2030-03-10T08:00:00Z',
              due: '2030-03-15T17:00:00Z',
              accessibleUntil: '2030-03-25T00:00:00Z',
              gracePeriodUntil: '2030-03-17T17:00:00Z',
            }),
          ],
        }),
      ],
      { timeZone: 'UTC', ...YEAR_2030 },
    );
    expect(events.map((e) => [e.kind, e.at])).toEqual([
      ['courseAvailableFrom', '2030-03-01T08:00:00.000Z'],
      ['activityStartFrom', '2030-03-02T08:00:00.000Z'],
      ['activityStartUntil', '2030-03-10T08:00:00.000Z'],
      ['activityDue', '2030-03-15T17:00:00.000Z'],
      ['activityGracePeriodUntil', '2030-03-17T17:00:00.000Z'],
      ['courseDue', '2030-03-20T17:00:00.000Z'],
      ['activityAccessibleUntil', '2030-03-25T00:00:00.000Z'],
      ['courseAvailableUntil', '2030-04-01T00:00:00.000Z'],
    ]);
    expect(events[3]).toMatchObject({
      key: 'activityDue:c1:p1',
      objectiveName: 'Data literacy',
      activityName: 'Quiz',
      activityPartId: 'p1',
    });
  });

  it('keeps the events of the range only: from inclusive, to exclusive', () => {
    const events = calendarEventsOf(
      [course({ availabilityDate: '2030-03-01T00:00:00Z', dueDate: '2030-04-01T00:00:00Z' })],
      {
        timeZone: 'UTC',
        from: new Date('2030-03-01T00:00:00Z'),
        to: new Date('2030-04-01T00:00:00Z'),
      },
    );
    expect(events.map((e) => e.kind)).toEqual(['courseAvailableFrom']);
  });

  it('places an instant on the day of the learner’s time zone, not of UTC', () => {
    const due = course({ dueDate: '2030-03-01T05:00:00Z' });
    const [inLosAngeles] = calendarEventsOf([due], {
      timeZone: 'America/Los_Angeles',
      ...YEAR_2030,
    });
    const [inTokyo] = calendarEventsOf([due], { timeZone: 'Asia/Tokyo', ...YEAR_2030 });
    expect([inLosAngeles?.localDate, inLosAngeles?.localTime]).toEqual(['2030-02-28', '21:00']);
    expect([inTokyo?.localDate, inTokyo?.localTime]).toEqual(['2030-03-01', '14:00']);
  });

  it('follows daylight saving changes (Berlin on 31 March and 27 October 2030)', () => {
    // Clocks go from 02:00 CET to 03:00 CEST at 01:00 UTC, and back at 01:00 UTC in October.
    expect(localDateTime(new Date('2030-03-31T00:30:00Z'), 'Europe/Berlin')).toEqual({
      date: '2030-03-31',
      time: '01:30',
    });
    expect(localDateTime(new Date('2030-03-31T01:30:00Z'), 'Europe/Berlin')).toEqual({
      date: '2030-03-31',
      time: '03:30',
    });
    expect(localDateTime(new Date('2030-10-27T00:30:00Z'), 'Europe/Berlin')).toEqual({
      date: '2030-10-27',
      time: '02:30',
    });
    expect(localDateTime(new Date('2030-10-27T01:30:00Z'), 'Europe/Berlin')).toEqual({
      date: '2030-10-27',
      time: '02:30',
    });
    // A due date at 23:30 local time stays on its day on both sides of the change.
    const [winter] = calendarEventsOf([course({ dueDate: '2030-03-30T22:30:00Z' })], {
      timeZone: 'Europe/Berlin',
      ...YEAR_2030,
    });
    const [summer] = calendarEventsOf([course({ dueDate: '2030-03-31T21:30:00Z' })], {
      timeZone: 'Europe/Berlin',
      ...YEAR_2030,
    });
    expect([winter?.localDate, winter?.localTime]).toEqual(['2030-03-30', '23:30']);
    expect([summer?.localDate, summer?.localTime]).toEqual(['2030-03-31', '23:30']);
  });

  it('leaves out unreadable dates', () => {
    expect(
      calendarEventsOf([course({ dueDate: 'soon', activities: [activity({ due: '' })] })], {
        timeZone: 'UTC',
        ...YEAR_2030,
      }),
    ).toEqual([]);
  });

  it('adds expiring certificates, in range and in the learner’s zone, keyed by their number', () => {
    const events = calendarEventsOf(
      [course({ dueDate: '2030-06-01T12:00:00Z' })],
      { timeZone: 'Asia/Tokyo', ...YEAR_2030 },
      [
        {
          certificateNumber: 'N-1',
          objectiveId: 'c1',
          objectiveName: 'Data literacy',
          expirationDate: '2030-05-31T20:00:00Z',
        },
        { certificateNumber: 'N-2', objectiveId: 'c2', objectiveName: 'Old', expirationDate: null },
        {
          certificateNumber: 'N-3',
          objectiveId: 'c3',
          objectiveName: 'Later',
          expirationDate: '2031-02-01T00:00:00Z',
        },
      ],
    );
    expect(events.map((e) => [e.key, e.localDate, e.localTime, e.certificateNumber])).toEqual([
      // 20:00 UTC is 05:00 the next morning in Tokyo.
      ['certificateExpiry:c1:N-1', '2030-06-01', '05:00', 'N-1'],
      ['courseDue:c1:', '2030-06-01', '21:00', undefined],
    ]);
  });
});
