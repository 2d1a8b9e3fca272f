// The learner's calendar through real HTTP on every dialect: events from enrolments and activity constraints
// in the learner's time zone, and the secret iCalendar feed, parsed by an independent parser (ical.js).
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../lib/clock.ts';
import { clientHeaders, createTestApp, type TestApp } from '../../test/test-app.ts';
import { testDialects } from '../../test/test-databases.ts';
import { signInAs } from '../../test/sign-in.ts';
import { aCourse, aCourseTree, aTenant, aUser, anEnrolment } from '../../test/course-builders.ts';
import { insertCertificateTemplate } from '../../seed/certificate-records.ts';
import { newId } from '../../lib/ids.ts';

const clock = fixedClock('2030-03-01T09:00:00.000Z');

describe.each(await testDialects())('calendar on %s', (dialect) => {
  let testApp: TestApp;
  let cookie: string;
  let otherCookie: string;
  let learnerId: string;
  let learnerTenantId: string;
  let courseId: string;
  let quizPartId: string;

  beforeAll(async () => {
    clock.set('2030-03-01T09:00:00.000Z');
    testApp = await createTestApp(dialect, {
      clock,
      config: { publicUrl: 'https://portal.example' },
    });
    const { db } = testApp.ctx;
    const tenantId = await aTenant(db);
    const userId = await aUser(db, tenantId);
    // Berlin: daylight saving starts on 31 March 2030 at 01:00 UTC.
    await db
      .updateTable('users')
      .set({ timezone: 'W. Europe Standard Time', locale: 'de-DE' })
      .where('id', '=', userId)
      .execute();
    const tree = await aCourseTree(db, tenantId, 'Data literacy', [
      {
        name: 'Module 1',
        children: [
          {
            name: 'Quiz',
            constraint: {
              startFrom: '2030-03-02T08:00:00.000Z',
              due: '2030-03-31T21:30:00.000Z',
              gracePeriodUntil: '2030-04-02T21:30:00.000Z',
            },
          },
        ],
      },
    ]);
    courseId = tree.objectiveId;
    quizPartId = tree.parts.Quiz!.partId;
    await anEnrolment(db, { tenantId, userId, objectiveId: courseId })
      .mandatory()
      .due('2030-03-30T22:30:00.000Z')
      .create();
    // Offered in the catalog only: not the learner's course, so not on their calendar.
    const offered = await aCourse(db, tenantId).named('Offered').create();
    await anEnrolment(db, { tenantId, userId, objectiveId: offered })
      .inCatalog()
      .due('2030-03-10T10:00:00.000Z')
      .create();
    learnerId = userId;
    learnerTenantId = tenantId;
    cookie = await signInAs(testApp, userId);
    otherCookie = await signInAs(testApp, await aUser(db, tenantId));
  });
  afterAll(async () => {
    await testApp?.close();
  });

  /** A passed course whose certificate expires at `expirationDate` (revoked when `revoked` is set). */
  async function aCertificate(
    userId: string,
    name: string,
    expirationDate: string | null,
    revoked: string | null = null,
  ) {
    const { db } = testApp.ctx;
    const tenantId = learnerTenantId;
    const objectiveId = await aCourse(db, tenantId).named(name).create();
    const passed = await anEnrolment(db, { tenantId, userId, objectiveId })
      .selfEnrolled()
      .finished()
      .create();
    const certificateTemplateId = await insertCertificateTemplate(db, {
      tenantId,
      name: 'Academy',
      kind: 'internal',
      layout: 'classic',
      primaryColor: '#123456',
      accentColor: '#654321',
      logoSvg: null,
      signatoryName: null,
      signatoryTitle: null,
      textLanguage: 'learner',
      externalUrl: null,
      created: '2030-01-01T00:00:00.000Z',
    });
    const certificateNumber = `CERT-${name.toUpperCase().replace(/\W+/g, '-')}`;
    await db
      .insertInto('certificateRecords')
      .values({
        id: newId(),
        tenantId,
        certificateNumber,
        certificateTemplateId,
        objectiveId,
        userId,
        objectiveRecordId: passed.recordId!,
        objectiveWorkflowId: passed.workflowId!,
        normalizedPassingScore: null,
        score: null,
        maxScore: null,
        holderName: 'Learner',
        objectiveName: name,
        objectiveCode: null,
        issuerName: 'Academy',
        language: 'de-DE',
        created: '2029-03-05T10:00:00.000Z',
        expirationDate,
        revoked,
        revokedReason: null,
        revokedBy: null,
      })
      .execute();
    return { objectiveId, certificateNumber };
  }

  const request = (
    method: 'GET' | 'POST' | 'DELETE',
    url: string,
    who: string | undefined = cookie,
  ) =>
    testApp.app.inject({
      method,
      url,
      headers: clientHeaders(who),
      // As the web client: a write without a payload sends an empty object.
      ...(method === 'GET' ? {} : { payload: '{}' }),
    });

  it("lists the learner's events with their days and times in the learner's time zone", async () => {
    const response = await request('GET', '/api/lms/v1/users/me/calendar-events');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.timeZone).toBe('Europe/Berlin');
    expect(
      body.events.map((e: Record<string, unknown>) => [
        e.kind,
        e.localDate,
        e.localTime,
        e.activityName,
      ]),
    ).toEqual([
      ['activityStartFrom', '2030-03-02', '09:00', 'Quiz'],
      // 23:30 in winter time (UTC+1) and, after the change, 23:30 in summer time (UTC+2).
      ['courseDue', '2030-03-30', '23:30', null],
      ['activityDue', '2030-03-31', '23:30', 'Quiz'],
      ['activityGracePeriodUntil', '2030-04-02', '23:30', 'Quiz'],
    ]);
    expect(body.events[2]).toMatchObject({
      key: `activityDue:${courseId}:${quizPartId}`,
      objectiveId: courseId,
      objectiveName: 'Data literacy',
    });
  });

  it('takes the range from the injected clock, and a range from the caller', async () => {
    clock.set('2030-05-15T00:00:00.000Z');
    try {
      // A session of its own: the learner's first one would be idle for months at this time.
      const mayCookie = await signInAs(testApp, learnerId);
      const later = (
        await request('GET', '/api/lms/v1/users/me/calendar-events', mayCookie)
      ).json();
      // A month back from 15 May: March and early April are out of the default range.
      expect(later.events).toEqual([]);
      const march = (
        await request(
          'GET',
          '/api/lms/v1/users/me/calendar-events?from=2030-03-31T01:00:00%2B02:00&to=2030-04-01T00:00:00Z',
          mayCookie,
        )
      ).json();
      expect(march.events.map((e: { kind: string }) => e.kind)).toEqual(['activityDue']);
    } finally {
      clock.set('2030-03-01T09:00:00.000Z');
    }
  });

  it('refuses a reversed or too long range, and strangers', async () => {
    const reversed = await request(
      'GET',
      '/api/lms/v1/users/me/calendar-events?from=2030-04-01T00:00:00Z&to=2030-03-01T00:00:00Z',
    );
    expect(reversed.statusCode).toBe(400);
    const tooLong = await request(
      'GET',
      '/api/lms/v1/users/me/calendar-events?from=2030-01-01T00:00:00Z&to=2032-01-01T00:00:00Z',
    );
    expect(tooLong.statusCode).toBe(400);
    expect((await request('GET', '/api/lms/v1/users/me/calendar-events', '')).statusCode).toBe(401);
  });

  it('serves a secret iCalendar feed with stable UIDs and UTC times, and regenerating kills the old address', async () => {
    expect((await request('GET', '/api/lms/v1/users/me/calendar-feed')).json()).toEqual({
      exists: false,
      created: null,
    });
    const created = await request('POST', '/api/lms/v1/users/me/calendar-feed');
    expect(created.statusCode).toBe(201);
    const { url, webcalUrl } = created.json();
    expect(url).toMatch(
      /^https:\/\/portal\.example\/api\/lms\/v1\/public\/calendar-feeds\/[\w-]{43}\.ics$/,
    );
    expect(webcalUrl).toBe(url.replace(/^https:/, 'webcal:'));
    expect((await request('GET', '/api/lms/v1/users/me/calendar-feed')).json()).toMatchObject({
      exists: true,
    });

    const path = new URL(url).pathname;
    const feed = await testApp.app.inject({ method: 'GET', url: path });
    expect(feed.statusCode).toBe(200);
    expect(feed.headers['content-type']).toBe('text/calendar; charset=utf-8');
    const calendar = new ICAL.Component(ICAL.parse(feed.body));
    expect(calendar.getFirstPropertyValue('x-wr-timezone')).toBe('Europe/Berlin');
    expect(calendar.getFirstPropertyValue('x-wr-calname')).toBe('Kalender des Lernportals');
    const events = calendar
      .getAllSubcomponents('vevent')
      .map((component) => new ICAL.Event(component))
      .map((event) => ({
        uid: event.uid,
        summary: event.summary,
        start: event.startDate.toJSDate().toISOString(),
      }));
    expect(events).toEqual([
      {
        uid: `activityStartFrom:${courseId}:${quizPartId}@portal.example`,
        summary: 'Start ab: Quiz (Data literacy)',
        start: '2030-03-02T08:00:00.000Z',
      },
      {
        uid: `courseDue:${courseId}:@portal.example`,
        summary: 'Fällig: Data literacy',
        start: '2030-03-30T22:30:00.000Z',
      },
      {
        uid: `activityDue:${courseId}:${quizPartId}@portal.example`,
        summary: 'Fällig: Quiz (Data literacy)',
        start: '2030-03-31T21:30:00.000Z',
      },
      {
        uid: `activityGracePeriodUntil:${courseId}:${quizPartId}@portal.example`,
        summary: 'Nachfrist endet: Quiz (Data literacy)',
        start: '2030-04-02T21:30:00.000Z',
      },
    ]);

    // A changed date keeps the event's UID, so subscribed calendars move it instead of adding one.
    await testApp.ctx.db
      .updateTable('activityParts')
      .set({ due: '2030-04-01T07:00:00.000Z' })
      .where('id', '=', quizPartId)
      .execute();
    const moved = new ICAL.Component(
      ICAL.parse((await testApp.app.inject({ method: 'GET', url: path })).body),
    )
      .getAllSubcomponents('vevent')
      .map((component) => new ICAL.Event(component))
      .find((event) => event.uid.startsWith('activityDue:'));
    expect(moved?.startDate.toJSDate().toISOString()).toBe('2030-04-01T07:00:00.000Z');

    const regenerated = (await request('POST', '/api/lms/v1/users/me/calendar-feed')).json();
    expect(regenerated.url).not.toBe(url);
    expect((await testApp.app.inject({ method: 'GET', url: path })).statusCode).toBe(404);
    const newPath = new URL(regenerated.url).pathname;
    expect((await testApp.app.inject({ method: 'GET', url: newPath })).statusCode).toBe(200);

    expect((await request('DELETE', '/api/lms/v1/users/me/calendar-feed')).statusCode).toBe(204);
    expect((await testApp.app.inject({ method: 'GET', url: newPath })).statusCode).toBe(404);
  });

  it('shows when a certificate expires, in the API and the feed, but not a revoked or a lasting one', async () => {
    const { db } = testApp.ctx;
    const userId = await aUser(db, learnerTenantId);
    await db
      .updateTable('users')
      .set({ timezone: 'W. Europe Standard Time', locale: 'de-DE' })
      .where('id', '=', userId)
      .execute();
    const expiring = await aCertificate(userId, 'First aid', '2030-03-20T23:30:00.000Z');
    await aCertificate(
      userId,
      'Fire safety',
      '2030-03-21T10:00:00.000Z',
      '2030-02-01T00:00:00.000Z',
    );
    await aCertificate(userId, 'Forklift', null);
    const holder = await signInAs(testApp, userId);

    const body = (await request('GET', '/api/lms/v1/users/me/calendar-events', holder)).json();
    expect(body.events).toEqual([
      {
        key: `certificateExpiry:${expiring.objectiveId}:${expiring.certificateNumber}`,
        kind: 'certificateExpiry',
        at: '2030-03-20T23:30:00.000Z',
        // Past midnight in Berlin (UTC+1): the next day.
        localDate: '2030-03-21',
        localTime: '00:30',
        objectiveId: expiring.objectiveId,
        objectiveName: 'First aid',
        activityPartId: null,
        activityName: null,
        certificateNumber: expiring.certificateNumber,
      },
    ]);

    const { url } = (await request('POST', '/api/lms/v1/users/me/calendar-feed', holder)).json();
    const feed = await testApp.app.inject({ method: 'GET', url: new URL(url).pathname });
    const events = new ICAL.Component(ICAL.parse(feed.body))
      .getAllSubcomponents('vevent')
      .map((component) => new ICAL.Event(component));
    expect(events).toHaveLength(1);
    expect(events[0]!.uid).toBe(
      `certificateExpiry:${expiring.objectiveId}:${expiring.certificateNumber}@portal.example`,
    );
    expect(events[0]!.summary).toBe('Zertifikat läuft ab: First aid');
    expect(events[0]!.startDate.toJSDate().toISOString()).toBe('2030-03-20T23:30:00.000Z');
    expect(events[0]!.component.getFirstPropertyValue('url')).toBe(
      `https://portal.example/learn/courses/${expiring.objectiveId}/certificate/${expiring.certificateNumber}`,
    );
  });

  it("answers 404 to a made-up token and keeps one learner's feed to themselves", async () => {
    const made = await testApp.app.inject({
      method: 'GET',
      url: `/api/lms/v1/public/calendar-feeds/${'a'.repeat(43)}.ics`,
    });
    expect(made.statusCode).toBe(404);
    const other = (await request('POST', '/api/lms/v1/users/me/calendar-feed', otherCookie)).json();
    const body = (await testApp.app.inject({ method: 'GET', url: new URL(other.url).pathname }))
      .body;
    expect(body).toContain('BEGIN:VCALENDAR');
    expect(body).not.toContain('Data literacy');
  });
});
