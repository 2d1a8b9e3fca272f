// The generic channel API through real HTTP on every dialect (docs/decisions/0023): who is a member of which
// discussion and direct channel (everyone else gets 404), idempotent creation, paging, unread counts per
// kind, edits and deletes of one's own messages, one posting limit across kinds, and stored markup inert.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ANNOUNCEMENT_MAX_LENGTH,
  ANNOUNCEMENT_POSTS_PER_MINUTE,
  CHANNEL_PAGE_SIZE,
  announcementListSchema,
  channelListSchema,
  channelMessagePageSchema,
  channelMessageSchema,
  channelSummarySchema,
  type ChannelMessage,
  type ChannelSummary,
  type MessageContent,
} from '@portal/contracts';
import { fixedClock } from '../../lib/clock.ts';
import { clientHeaders, createTestApp, type TestApp } from '../../test/test-app.ts';
import { testDialects } from '../../test/test-databases.ts';
import { signInAs } from '../../test/sign-in.ts';
import { aCourse, aTenant, aUser, anEnrolment } from '../../test/course-builders.ts';

const clock = fixedClock('2030-04-01T09:00:00.000Z');
const LMS = '/api/lms/v1';
const messagesUrl = (channelId: string, rest = '') =>
  `${LMS}/channels/${channelId}/messages${rest}`;

describe.each(await testDialects())('course channels on %s', (dialect) => {
  let testApp: TestApp;
  let courseA: string;
  let courseB: string;
  let learnerA: string;
  let learnerB: string;
  let learnerOfB: string;
  let outsider: string;
  let instructor: string;
  let stranger: string;
  let learnerAName: string;

  beforeAll(async () => {
    clock.set('2030-04-01T09:00:00.000Z');
    testApp = await createTestApp(dialect, { clock });
    const { db } = testApp.ctx;
    const tenant = await aTenant(db);
    courseA = await aCourse(db, tenant).named('Course A').create();
    courseB = await aCourse(db, tenant).named('Course B').create();
    const enrol = async (objectiveId: string) => {
      const userId = await aUser(db, tenant);
      await anEnrolment(db, { tenantId: tenant, userId, objectiveId }).mandatory().create();
      return userId;
    };
    const learnerAId = await enrol(courseA);
    const user = await db
      .selectFrom('users')
      .select(['firstName', 'lastName'])
      .where('id', '=', learnerAId)
      .executeTakeFirstOrThrow();
    learnerAName = `${user.firstName} ${user.lastName}`;
    learnerA = await signInAs(testApp, learnerAId);
    learnerB = await signInAs(testApp, await enrol(courseA));
    learnerOfB = await signInAs(testApp, await enrol(courseB));
    const outsiderId = await aUser(db, tenant);
    await anEnrolment(db, { tenantId: tenant, userId: outsiderId, objectiveId: courseA })
      .inCatalog()
      .create();
    outsider = await signInAs(testApp, outsiderId);
    instructor = await signInAs(testApp, await aUser(db, tenant, ['Instructor']));
    stranger = await signInAs(
      testApp,
      await aUser(db, await aTenant(db), ['Administrator', 'Instructor']),
    );
  });
  afterAll(async () => {
    await testApp?.close();
  });

  const request = (
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
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
        ...(body === undefined ? { 'content-type': undefined } : {}),
        ...headers,
      },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    });
  const open = async (cookie: string, objectiveId: string, kind: 'discussion' | 'direct-channel') =>
    request('POST', `${LMS}/objectives/${objectiveId}/${kind}`, cookie);
  const openId = async (...args: Parameters<typeof open>) => {
    const response = await open(...args);
    expect(response.statusCode, response.body).toBe(200);
    return channelSummarySchema.parse(response.json()).id;
  };
  /** Posts a few seconds after the previous message, so the per-minute limit is not reached by accident. */
  const say = async (cookie: string, channelId: string, text: string) => {
    clock.advance(7000);
    return request('POST', messagesUrl(channelId), cookie, { text });
  };
  const said = async (cookie: string, channelId: string, text: string) => {
    const response = await say(cookie, channelId, text);
    expect(response.statusCode, response.body).toBe(201);
    return channelMessageSchema.parse(response.json());
  };
  const channels = async (cookie: string) => {
    const response = await request('GET', `${LMS}/users/me/channels`, cookie);
    expect(response.statusCode).toBe(200);
    return channelListSchema.parse(response.json()).items;
  };
  const page = async (cookie: string, channelId: string, rest = '') => {
    const response = await request('GET', messagesUrl(channelId, rest), cookie);
    expect(response.statusCode, response.body).toBe(200);
    return channelMessagePageSchema.parse(response.json());
  };

  it('creates a course discussion once, for its members only', async () => {
    const [first, second] = await Promise.all([
      open(learnerA, courseA, 'discussion'),
      open(learnerB, courseA, 'discussion'),
    ]);
    expect(first.statusCode, first.body).toBe(200);
    const channel = first.json<ChannelSummary>();
    expect(second.json<ChannelSummary>().id).toBe(channel.id);
    expect(channel).toMatchObject({
      kind: 'discussion',
      objectiveId: courseA,
      courseName: 'Course A',
      title: 'Course A',
      learner: null,
      unreadCount: 0,
      lastMessage: null,
      canPost: true,
    });
    expect(await openId(instructor, courseA, 'discussion')).toBe(channel.id);

    for (const cookie of [learnerOfB, outsider, stranger]) {
      expect((await open(cookie, courseA, 'discussion')).statusCode).toBe(404);
      expect((await request('GET', messagesUrl(channel.id), cookie)).statusCode).toBe(404);
      expect((await say(cookie, channel.id, 'Let me in')).statusCode).toBe(404);
    }
    expect((await request('GET', messagesUrl(channel.id), undefined)).statusCode).toBe(401);
    expect(
      (await open(learnerA, '00000000-0000-4000-8000-000000000000', 'discussion')).statusCode,
    ).toBe(404);
    expect(
      (await request('GET', messagesUrl('00000000-0000-4000-8000-000000000000'), learnerA))
        .statusCode,
    ).toBe(404);

    const withoutHeader = await testApp.app.inject({
      method: 'POST',
      url: messagesUrl(channel.id),
      headers: { 'content-type': 'application/json', cookie: learnerA },
      payload: JSON.stringify({ text: 'Hello' }),
    });
    expect(withoutHeader.statusCode).toBe(403);
  });

  it('keeps a learner’s direct messages between them and the course staff', async () => {
    const [once, twice] = await Promise.all([
      open(learnerA, courseA, 'direct-channel'),
      open(learnerA, courseA, 'direct-channel'),
    ]);
    const direct = channelSummarySchema.parse(once.json());
    expect(twice.json<ChannelSummary>().id).toBe(direct.id);
    expect(direct).toMatchObject({ kind: 'direct', title: 'Course A', canPost: true });
    expect(direct.learner?.name).toBe(learnerAName);
    const otherDirect = await openId(learnerB, courseA, 'direct-channel');
    expect(otherDirect).not.toBe(direct.id);

    await said(learnerA, direct.id, 'May I hand in late?');
    const reply = await said(instructor, direct.id, 'Yes, until Friday.');
    for (const cookie of [learnerB, learnerOfB, outsider, stranger]) {
      expect((await request('GET', messagesUrl(direct.id), cookie)).statusCode).toBe(404);
      expect((await say(cookie, direct.id, 'Peek')).statusCode).toBe(404);
      expect(
        (
          await request('POST', messagesUrl(direct.id).replace('/messages', '/read'), cookie, {
            messageId: reply.id,
          })
        ).statusCode,
      ).toBe(404);
    }
    expect((await channels(learnerB)).map((item) => item.id)).not.toContain(direct.id);
    // The staff start no direct channel of their own, and learners only in courses they are enrolled in.
    expect((await open(instructor, courseA, 'direct-channel')).statusCode).toBe(404);
    expect((await open(learnerOfB, courseA, 'direct-channel')).statusCode).toBe(404);
    expect((await open(stranger, courseA, 'direct-channel')).statusCode).toBe(404);

    // The staff see every direct channel of the course, titled with the learner's name.
    const staffView = (await channels(instructor)).filter((item) => item.kind === 'direct');
    expect(staffView.map((item) => item.id).sort()).toEqual([direct.id, otherDirect].sort());
    const staffDirect = staffView.find((item) => item.id === direct.id)!;
    expect(staffDirect).toMatchObject({ title: learnerAName, unreadCount: 1 });
    expect(staffDirect.lastMessage?.id).toBe(reply.id);
    const learnerView = (await channels(learnerA)).find((item) => item.id === direct.id)!;
    expect(learnerView).toMatchObject({ unreadCount: 1, title: 'Course A' });
  });

  it('counts unread messages per channel and kind, and moves read markers forward only', async () => {
    const discussion = await openId(learnerA, courseA, 'discussion');
    const announcement = await request(
      'POST',
      `${LMS}/objectives/${courseA}/announcements`,
      instructor,
      {
        text: 'Exam on Monday',
      },
    );
    expect(announcement.statusCode).toBe(201);
    const before = await channels(learnerA);
    const unreadOf = (items: ChannelSummary[], id: string) =>
      items.find((item) => item.id === id)?.unreadCount;
    const discussionUnread = unreadOf(before, discussion)!;
    const first = await said(learnerB, discussion, 'Who has the slides?');
    const second = await said(instructor, discussion, 'They are on the course page.');
    await said(learnerA, discussion, 'Thanks!');
    const after = await channels(learnerA);
    expect(unreadOf(after, discussion)).toBe(discussionUnread + 2);
    const announcementChannel = after.find((item) => item.kind === 'announcement')!;
    expect(announcementChannel).toMatchObject({
      objectiveId: courseA,
      unreadCount: 1,
      canPost: false,
    });
    expect(announcementChannel.lastMessage?.text).toBe('Exam on Monday');
    expect(after.every((item) => item.objectiveId === courseA)).toBe(true);

    const readUrl = `${LMS}/channels/${discussion}/read`;
    expect((await request('POST', readUrl, learnerA, { messageId: second.id })).statusCode).toBe(
      204,
    );
    expect(unreadOf(await channels(learnerA), discussion)).toBe(0);
    expect((await page(learnerA, discussion)).lastReadMessageId).toBe(second.id);
    await request('POST', readUrl, learnerA, { messageId: first.id });
    expect((await page(learnerA, discussion)).lastReadMessageId).toBe(second.id);
    expect(unreadOf(await channels(learnerA), announcementChannel.id)).toBe(1);
    expect(
      (await request('POST', readUrl, learnerA, { messageId: second.id, x: 1 })).statusCode,
    ).toBe(400);

    // Announcement channels are in the generic API too: members read, only the staff post.
    expect((await say(learnerA, announcementChannel.id, 'Me too')).statusCode).toBe(403);
    expect((await page(learnerA, announcementChannel.id)).items[0]?.text).toBe('Exam on Monday');
  });

  it('pages older messages with ?before=', async () => {
    const discussion = await openId(learnerOfB, courseB, 'discussion');
    const posted: ChannelMessage[] = [];
    for (let n = 0; n < CHANNEL_PAGE_SIZE + 2; n += 1)
      posted.push(await said(n % 2 ? learnerOfB : instructor, discussion, `#${n}`));
    const newest = await page(learnerOfB, discussion);
    expect(newest.items).toHaveLength(CHANNEL_PAGE_SIZE);
    expect(newest.hasMore).toBe(true);
    expect(newest.items[0]!.id).toBe(posted.at(-1)!.id);
    expect(newest.channel).toMatchObject({ id: discussion, kind: 'discussion', canPost: true });
    const older = await page(learnerOfB, discussion, `?before=${newest.items.at(-1)!.id}`);
    expect(older.items.map((item) => item.text)).toEqual(['#1', '#0']);
    expect(older.hasMore).toBe(false);
    const otherChannelMessage = await said(
      instructor,
      await openId(instructor, courseA, 'discussion'),
      'x',
    );
    expect(
      (
        await request(
          'GET',
          messagesUrl(discussion, `?before=${otherChannelMessage.id}`),
          learnerOfB,
        )
      ).statusCode,
    ).toBe(404);
    expect(
      (await request('GET', messagesUrl(discussion, '?before=1'), learnerOfB)).statusCode,
    ).toBe(400);
    expect((await request('GET', messagesUrl(discussion, '?after=x'), learnerOfB)).statusCode).toBe(
      400,
    );
  });

  it('lets authors edit and delete their own messages, and nobody else', async () => {
    const discussion = await openId(learnerA, courseA, 'discussion');
    const message = await said(learnerA, discussion, 'Meet at 10');
    const url = messagesUrl(discussion, `/${message.id}`);
    for (const cookie of [learnerB, instructor]) {
      expect((await request('PATCH', url, cookie, { text: 'Hijacked' })).statusCode).toBe(403);
      expect((await request('DELETE', url, cookie)).statusCode).toBe(403);
    }
    for (const cookie of [learnerOfB, stranger]) {
      expect((await request('PATCH', url, cookie, { text: 'Hijacked' })).statusCode).toBe(404);
      expect((await request('DELETE', url, cookie)).statusCode).toBe(404);
    }
    const unreadBefore = (await channels(learnerB)).find(
      (item) => item.id === discussion,
    )!.unreadCount;
    clock.advance(1000);
    const edited = await request('PATCH', url, learnerA, { text: 'Meet at **11**' });
    expect(edited.statusCode).toBe(200);
    expect(channelMessageSchema.parse(edited.json())).toMatchObject({
      text: 'Meet at **11**',
      edited: clock.now().toISOString(),
      content: [
        {
          type: 'paragraph',
          children: [
            { type: 'text', text: 'Meet at ' },
            { type: 'strong', text: '11' },
          ],
        },
      ],
    });
    expect((await request('DELETE', url, learnerA)).statusCode).toBe(204);
    expect((await page(learnerB, discussion)).items.map((item) => item.id)).not.toContain(
      message.id,
    );
    expect((await channels(learnerB)).find((item) => item.id === discussion)!.unreadCount).toBe(
      unreadBefore - 1,
    );
    expect((await request('DELETE', url, learnerA)).statusCode).toBe(404);
    expect((await request('PATCH', url, learnerA, { text: 'Back' })).statusCode).toBe(404);
  });

  it('stores markup and script attempts as text and answers them as inert content', async () => {
    const discussion = await openId(learnerA, courseA, 'discussion');
    const attempts = [
      '<script>alert(1)</script>',
      '<img src=x onerror="alert(2)">',
      '[click me](javascript:alert(3))',
      '[data](data:text/html;base64,PHNjcmlwdD4=)',
      '<a href="javascript:alert(4)">x</a>\u0000',
    ];
    const links: string[] = [];
    const walk = (content: MessageContent) =>
      content.flatMap((block) =>
        block.type === 'paragraph' ? block.children : block.items.flat(),
      );
    for (const text of attempts) {
      const message = await said(learnerA, discussion, text);
      expect(message.text).toBe(text.replace('\u0000', ''));
      for (const node of walk(message.content)) {
        expect(['text', 'strong', 'emphasis', 'code', 'link', 'break']).toContain(node.type);
        if (node.type === 'link') links.push(node.href);
      }
      expect(walk(message.content).every((node) => node.type === 'text')).toBe(true);
    }
    const safe = await said(learnerA, discussion, 'See [the guide](https://example.com/guide)');
    expect(walk(safe.content)).toContainEqual({
      type: 'link',
      text: 'the guide',
      href: 'https://example.com/guide',
    });
    expect(links).toEqual([]);
    const listed = await request('GET', messagesUrl(discussion), learnerB);
    expect(listed.headers['content-type']).toContain('application/json');
    expect(JSON.stringify(listed.json())).not.toMatch(/"href":"(?!https?:|mailto:)/);
  });

  it('refuses bad input, with the spec’s length message', async () => {
    const discussion = await openId(learnerA, courseA, 'discussion');
    expect(
      (await request('POST', messagesUrl(discussion), learnerA, { text: 'x', html: '<b>' }))
        .statusCode,
    ).toBe(400);
    expect((await say(learnerA, discussion, ' \n ')).statusCode).toBe(400);
    const tooLong = await say(learnerA, discussion, 'a'.repeat(ANNOUNCEMENT_MAX_LENGTH + 1));
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toEqual({
      code: 'announcement_too_long',
      message: `Maximum length is ${ANNOUNCEMENT_MAX_LENGTH}`,
    });
    expect((await say(learnerA, discussion, 'a'.repeat(ANNOUNCEMENT_MAX_LENGTH))).statusCode).toBe(
      201,
    );
  });

  it('lets members react with allow-listed emoji, learners to announcements too', async () => {
    const posted = await request('POST', `${LMS}/objectives/${courseA}/announcements`, instructor, {
      text: 'Well done, everyone!',
    });
    const { id: messageId, channelId } = posted.json<{ id: string; channelId: string }>();
    const url = (emoji: string, channel = channelId) =>
      messagesUrl(channel, `/${messageId}/reactions/${encodeURIComponent(emoji)}`);
    const react = async (cookie: string, method: 'PUT' | 'DELETE', emoji = '🎉') => {
      const response = await request(method, url(emoji), cookie);
      expect(response.statusCode, response.body).toBe(200);
      return channelMessageSchema.parse(response.json()).reactions;
    };
    expect(await react(learnerA, 'PUT')).toEqual([{ emoji: '🎉', count: 1, mine: true }]);
    expect(await react(learnerA, 'PUT')).toEqual([{ emoji: '🎉', count: 1, mine: true }]);
    expect(await react(learnerB, 'PUT', '👍')).toEqual([
      { emoji: '👍', count: 1, mine: true },
      { emoji: '🎉', count: 1, mine: false },
    ]);
    const seen = (await page(instructor, channelId)).items.find((item) => item.id === messageId);
    expect(seen?.reactions).toEqual([
      { emoji: '👍', count: 1, mine: false },
      { emoji: '🎉', count: 1, mine: false },
    ]);
    // The course's announcement list (what the hub shows) carries the same counts, with the caller's own marked.
    const listed = await request('GET', `${LMS}/objectives/${courseA}/announcements`, learnerB);
    expect(
      announcementListSchema.parse(listed.json()).items.find((item) => item.id === messageId)
        ?.reactions,
    ).toEqual([
      { emoji: '👍', count: 1, mine: true },
      { emoji: '🎉', count: 1, mine: false },
    ]);
    expect(await react(learnerA, 'DELETE')).toEqual([{ emoji: '👍', count: 1, mine: false }]);

    expect((await request('PUT', url('💩'), learnerA)).statusCode).toBe(400);
    expect((await request('PUT', url('<script>'), learnerA)).statusCode).toBe(400);
    for (const cookie of [learnerOfB, outsider, stranger])
      expect((await request('PUT', url('🎉'), cookie)).statusCode).toBe(404);
    const withoutHeader = await testApp.app.inject({
      method: 'PUT',
      url: url('🎉'),
      headers: { cookie: learnerA },
    });
    expect(withoutHeader.statusCode).toBe(403);
    // A message of another channel is not found through this one.
    const discussion = await openId(learnerA, courseA, 'discussion');
    expect((await request('PUT', url('🎉', discussion), learnerA)).statusCode).toBe(404);
  });

  it(`limits each user to ${ANNOUNCEMENT_POSTS_PER_MINUTE} messages a minute across kinds`, async () => {
    clock.advance(120_000);
    const discussion = await openId(learnerB, courseA, 'discussion');
    const direct = await openId(learnerB, courseA, 'direct-channel');
    for (let n = 0; n < ANNOUNCEMENT_POSTS_PER_MINUTE; n += 1) {
      clock.advance(1000);
      const response = await request('POST', messagesUrl(n % 2 ? discussion : direct), learnerB, {
        text: `#${n}`,
      });
      expect(response.statusCode).toBe(201);
    }
    clock.advance(1000);
    const limited = await request('POST', messagesUrl(direct), learnerB, { text: 'again' });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({
      code: 'rate_limited',
      message: 'You are posting too often. Wait a minute, then try again.',
    });
    expect((await say(learnerA, discussion, 'Not limited')).statusCode).toBe(201);
    clock.advance(60_000);
    expect(
      (await request('POST', messagesUrl(direct), learnerB, { text: 'again' })).statusCode,
    ).toBe(201);
  });
});
