// A course's announcements through real HTTP on every dialect: membership, posting rights, limits, edits,
// deletes, read markers and unread counts (docs/decisions/0022).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Announcement, AnnouncementList, AnnouncementUnreadCounts } from '@portal/contracts';
import { ANNOUNCEMENT_MAX_LENGTH, ANNOUNCEMENT_POSTS_PER_MINUTE } from '@portal/contracts';
import { fixedClock } from '../../lib/clock.ts';
import { clientHeaders, createTestApp, type TestApp } from '../../test/test-app.ts';
import { testDialects } from '../../test/test-databases.ts';
import { signInAs } from '../../test/sign-in.ts';
import { aCourse, aTenant, aUser, anEnrolment } from '../../test/course-builders.ts';

const clock = fixedClock('2030-03-01T09:00:00.000Z');
const api = (objectiveId: string, rest = '') =>
  `/api/lms/v1/objectives/${objectiveId}/announcements${rest}`;
const COUNTS_URL = '/api/lms/v1/users/me/announcement-unread-counts';

describe.each(await testDialects())('course announcements on %s', (dialect) => {
  let testApp: TestApp;
  let courseA: string;
  let courseB: string;
  let learner: string;
  let outsider: string;
  let instructor: string;
  let otherInstructor: string;
  let stranger: string;

  beforeAll(async () => {
    clock.set('2030-03-01T09:00:00.000Z');
    testApp = await createTestApp(dialect, { clock });
    const { db } = testApp.ctx;
    const tenant = await aTenant(db);
    courseA = await aCourse(db, tenant).create();
    courseB = await aCourse(db, tenant).create();
    const learnerId = await aUser(db, tenant);
    await anEnrolment(db, { tenantId: tenant, userId: learnerId, objectiveId: courseA })
      .mandatory()
      .create();
    const outsiderId = await aUser(db, tenant);
    // Offered in the catalog only: not a member.
    await anEnrolment(db, { tenantId: tenant, userId: outsiderId, objectiveId: courseA })
      .inCatalog()
      .create();
    const instructorId = await aUser(db, tenant, ['Instructor']);
    const otherInstructorId = await aUser(db, tenant, ['Instructor']);
    const otherTenant = await aTenant(db);
    const strangerId = await aUser(db, otherTenant, ['Administrator', 'Instructor']);
    learner = await signInAs(testApp, learnerId);
    outsider = await signInAs(testApp, outsiderId);
    instructor = await signInAs(testApp, instructorId);
    otherInstructor = await signInAs(testApp, otherInstructorId);
    stranger = await signInAs(testApp, strangerId);
  });
  afterAll(async () => {
    await testApp?.close();
  });

  const request = (
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    cookie: string | undefined,
    body?: unknown,
    headers: Record<string, string> = {},
  ) =>
    testApp.app.inject({
      method,
      url,
      headers: {
        ...clientHeaders(cookie),
        // A request without a body says no content type (an empty JSON body is malformed).
        ...(body === undefined ? { 'content-type': undefined } : {}),
        ...headers,
      },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    });
  const post = async (cookie: string, objectiveId: string, text: string) => {
    clock.advance(1000);
    return request('POST', api(objectiveId), cookie, { text });
  };
  const counts = async (cookie: string) =>
    (await request('GET', COUNTS_URL, cookie)).json<AnnouncementUnreadCounts>().items;

  it('has no channel until the first announcement, then shows it to members only', async () => {
    expect((await request('GET', api(courseA), learner)).statusCode).toBe(404);
    expect(await counts(learner)).toEqual([]);

    const created = await post(
      instructor,
      courseA,
      '  Welcome!\r\nThe first session is on Monday.  ',
    );
    expect(created.statusCode, created.body).toBe(201);
    const message = created.json<Announcement>();
    expect(message).toMatchObject({
      objectiveId: courseA,
      text: 'Welcome!\nThe first session is on Monday.',
      edited: null,
      deleted: null,
    });
    expect(message.author.name).toMatch(/^Test User \d+$/);

    const list = (await request('GET', api(courseA), learner)).json<AnnouncementList>();
    expect(list).toMatchObject({ channelId: message.channelId, unreadCount: 1, canPost: false });
    expect(list.items.map((item) => item.id)).toEqual([message.id]);
    expect(await counts(learner)).toEqual([
      { objectiveId: courseA, channelId: message.channelId, unreadCount: 1 },
    ]);
    // The author's own messages are never unread for them.
    const own = (await request('GET', api(courseA), instructor)).json<AnnouncementList>();
    expect(own).toMatchObject({ unreadCount: 0, canPost: true });

    expect((await request('GET', api(courseA), outsider)).statusCode).toBe(404);
    expect((await request('GET', api(courseA), stranger)).statusCode).toBe(404);
    expect((await request('GET', api(courseB), learner)).statusCode).toBe(404);
    expect((await request('GET', api(courseA), undefined)).statusCode).toBe(401);
  });

  it('lets only Announcement.Post holders post, and only members of the tenant', async () => {
    expect((await post(learner, courseA, 'Hello')).statusCode).toBe(403);
    expect((await post(outsider, courseA, 'Hello')).statusCode).toBe(404);
    expect((await post(stranger, courseA, 'Hello')).statusCode).toBe(404);
    const withoutHeader = await testApp.app.inject({
      method: 'POST',
      url: api(courseA),
      headers: { 'content-type': 'application/json', cookie: instructor },
      payload: JSON.stringify({ text: 'Hello' }),
    });
    expect(withoutHeader.statusCode).toBe(403);
  });

  it('refuses bad input with the usual error body and the spec’s length message', async () => {
    const unknownField = await request('POST', api(courseA), instructor, {
      text: 'x',
      html: '<b>',
    });
    expect(unknownField.statusCode).toBe(400);
    expect(unknownField.json()).toMatchObject({ code: 'invalid_request' });
    expect((await request('POST', api(courseA), instructor, { text: 5 })).statusCode).toBe(400);
    expect((await post(instructor, courseA, ' \n\t ')).statusCode).toBe(400);
    expect((await request('GET', api('not-a-uuid'), learner)).statusCode).toBe(400);

    const tooLong = await post(instructor, courseA, 'a'.repeat(ANNOUNCEMENT_MAX_LENGTH + 1));
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toEqual({
      code: 'announcement_too_long',
      message: `Maximum length is ${ANNOUNCEMENT_MAX_LENGTH}`,
    });
    const german = await request(
      'POST',
      api(courseA),
      instructor,
      { text: 'a'.repeat(ANNOUNCEMENT_MAX_LENGTH + 1) },
      { 'accept-language': 'de-DE' },
    );
    expect(german.json().message).toBe(`Die maximale Länge beträgt ${ANNOUNCEMENT_MAX_LENGTH}`);
    expect((await post(instructor, courseA, 'a'.repeat(ANNOUNCEMENT_MAX_LENGTH))).statusCode).toBe(
      201,
    );
  });

  it('keeps markup as inert plain text and drops control characters', async () => {
    const attack = '<img src=x onerror="alert(1)"><script>alert(2)</script>\u0000\u001b[31m';
    const created = (await post(instructor, courseA, attack)).json<Announcement>();
    expect(created.text).toBe('<img src=x onerror="alert(1)"><script>alert(2)</script>[31m');
    const listed = await request('GET', api(courseA), learner);
    expect(listed.headers['content-type']).toContain('application/json');
    expect(listed.json<AnnouncementList>().items[0]!.text).toBe(created.text);
  });

  it('marks read up to a message, never backwards, and counts only newer messages', async () => {
    const before = (await request('GET', api(courseA), learner)).json<AnnouncementList>();
    expect(before.unreadCount).toBe(3);
    const [newest, , oldest] = before.items;
    const read = await request('POST', api(courseA, '/read'), learner, { messageId: oldest!.id });
    expect(read.statusCode).toBe(204);
    expect((await request('GET', api(courseA), learner)).json<AnnouncementList>()).toMatchObject({
      unreadCount: 2,
      lastReadMessageId: oldest!.id,
    });
    await request('POST', api(courseA, '/read'), learner, { messageId: newest!.id });
    await request('POST', api(courseA, '/read'), learner, { messageId: oldest!.id });
    expect((await request('GET', api(courseA), learner)).json<AnnouncementList>()).toMatchObject({
      unreadCount: 0,
      lastReadMessageId: newest!.id,
    });
    expect((await counts(learner))[0]!.unreadCount).toBe(0);

    await post(instructor, courseA, 'One more');
    expect((await counts(learner))[0]!.unreadCount).toBe(1);
    expect(
      (await request('POST', api(courseA, '/read'), outsider, { messageId: newest!.id }))
        .statusCode,
    ).toBe(404);
    expect(
      (await request('POST', api(courseA, '/read'), learner, { messageId: newest!.id, x: 1 }))
        .statusCode,
    ).toBe(400);
  });

  it('lets the author edit and delete their own announcement, and nobody else', async () => {
    const message = (await post(instructor, courseA, 'Room 101')).json<Announcement>();
    const url = api(courseA, `/${message.id}`);
    expect((await request('PATCH', url, otherInstructor, { text: 'Room 102' })).statusCode).toBe(
      403,
    );
    expect((await request('PATCH', url, learner, { text: 'Room 102' })).statusCode).toBe(403);
    expect((await request('DELETE', url, learner)).statusCode).toBe(403);
    expect((await request('PATCH', url, stranger, { text: 'Room 102' })).statusCode).toBe(404);
    expect(
      (await request('PATCH', api(courseB, `/${message.id}`), instructor, { text: 'x' }))
        .statusCode,
    ).toBe(404);

    const unreadBefore = (await counts(learner))[0]!.unreadCount;
    clock.advance(1000);
    const edited = await request('PATCH', url, instructor, { text: 'Room 202' });
    expect(edited.statusCode).toBe(200);
    expect(edited.json<Announcement>()).toMatchObject({
      text: 'Room 202',
      edited: clock.now().toISOString(),
    });
    expect((await counts(learner))[0]!.unreadCount).toBe(unreadBefore);

    expect((await request('DELETE', url, instructor)).statusCode).toBe(204);
    const list = (await request('GET', api(courseA), learner)).json<AnnouncementList>();
    expect(list.items.map((item) => item.id)).not.toContain(message.id);
    expect(list.unreadCount).toBe(unreadBefore - 1);
    expect((await request('DELETE', url, instructor)).statusCode).toBe(404);
    expect((await request('PATCH', url, instructor, { text: 'Back' })).statusCode).toBe(404);
  });

  it(`limits each poster to ${ANNOUNCEMENT_POSTS_PER_MINUTE} announcements a minute`, async () => {
    clock.advance(120_000);
    for (let n = 0; n < ANNOUNCEMENT_POSTS_PER_MINUTE; n += 1) {
      const response = await request('POST', api(courseB), otherInstructor, { text: `#${n}` });
      expect(response.statusCode).toBe(201);
    }
    const limited = await request('POST', api(courseB), otherInstructor, { text: 'again' });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({
      code: 'rate_limited',
      message: 'You are posting too often. Wait a minute, then try again.',
    });
    // Another poster is not affected; the same poster may post again a minute later.
    expect((await post(instructor, courseB, 'Mine')).statusCode).toBe(201);
    clock.advance(60_000);
    expect((await post(otherInstructor, courseB, 'again')).statusCode).toBe(201);
  });
});
