// The live stream of announcements over real sockets: events within a second, only to members, catch-up
// with Last-Event-ID after a drop, and (PostgreSQL) fan-out from one app instance to another's client.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type {
  Announcement,
  AnnouncementMessageEvent,
  AnnouncementUnreadCounts,
  ChannelMessage,
  ChannelSummary,
} from '@portal/contracts';
import { parseMessageText } from '@portal/domain';
import { buildApp, type BuiltApp } from '../../app.ts';
import { createDatabase, type DatabaseHandle } from '../../db/database.ts';
import { clientHeaders, createTestApp, testConfig, type TestApp } from '../../test/test-app.ts';
import { isPostgresReachable, testDialects } from '../../test/test-databases.ts';
import { signInAs } from '../../test/sign-in.ts';
import { aCourse, aTenant, aUser, anEnrolment } from '../../test/course-builders.ts';
import { systemClock } from '../../lib/clock.ts';
import { createAnnouncementsHub, SQLITE_POLL_MS } from './announcements-hub.ts';
import { MAX_STREAMS_PER_USER } from './announcement-streams.ts';
import { createAnnouncementsRepository } from './announcements.repository.ts';
import { createAnnouncementsService } from './announcements.service.ts';

const EVENTS_PATH = '/api/lms/v1/users/me/announcement-events';

const asChannelMessage = (announcement: Announcement): ChannelMessage => ({
  ...announcement,
  kind: 'announcement',
  content: parseMessageText(announcement.text),
});

interface SseEvent {
  event: string;
  id?: string;
  data: unknown;
}

/** A tiny EventSource: reads frames from a fetch stream; `next(name)` waits for the next such event. */
class SseClient {
  private readonly controller = new AbortController();
  private buffer = '';
  private readonly events: SseEvent[] = [];
  private waiters: (() => void)[] = [];
  private reading: Promise<void> | undefined;

  async connect(origin: string, cookie: string, lastEventId?: string): Promise<void> {
    const response = await fetch(`${origin}${EVENTS_PATH}`, {
      headers: { cookie, ...(lastEventId ? { 'last-event-id': lastEventId } : {}) },
      signal: this.controller.signal,
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    this.reading = (async () => {
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) return;
          this.buffer += value;
          let end: number;
          while ((end = this.buffer.indexOf('\n\n')) >= 0) {
            const frame = this.buffer.slice(0, end);
            this.buffer = this.buffer.slice(end + 2);
            const fields = Object.fromEntries(
              frame
                .split('\n')
                .filter((line) => line && !line.startsWith(':'))
                .map((line) => [
                  line.slice(0, line.indexOf(':')),
                  line.slice(line.indexOf(':') + 2),
                ]),
            ) as Record<string, string>;
            if (!fields.event) continue;
            this.events.push({
              event: fields.event,
              id: fields.id,
              data: JSON.parse(fields.data!),
            });
            for (const wake of this.waiters.splice(0)) wake();
          }
        }
      } catch {
        // aborted
      }
    })();
  }

  async next<T>(name: string, timeoutMs = 1000): Promise<SseEvent & { data: T }> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const index = this.events.findIndex((event) => event.event === name);
      if (index >= 0) return this.events.splice(index, 1)[0] as SseEvent & { data: T };
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no "${name}" event within ${timeoutMs} ms`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  /** Events of a name received so far (not consumed by next). */
  pending(name: string): SseEvent[] {
    return this.events.filter((event) => event.event === name);
  }

  async close(): Promise<void> {
    this.controller.abort();
    await this.reading;
  }
}

async function listen(app: BuiltApp['app']): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  return `http://127.0.0.1:${address.port}`;
}

async function aCourseWithMembers(testApp: Pick<TestApp, 'ctx'>) {
  const { db } = testApp.ctx;
  const tenant = await aTenant(db);
  const course = await aCourse(db, tenant).create();
  const learnerId = await aUser(db, tenant);
  await anEnrolment(db, { tenantId: tenant, userId: learnerId, objectiveId: course })
    .mandatory()
    .create();
  const outsiderId = await aUser(db, tenant);
  const instructorId = await aUser(db, tenant, ['Instructor']);
  return {
    course,
    learner: await signInAs(testApp, learnerId),
    outsider: await signInAs(testApp, outsiderId),
    instructor: await signInAs(testApp, instructorId),
  };
}

async function postVia(app: BuiltApp['app'], cookie: string, course: string, text: string) {
  const response = await app.inject({
    method: 'POST',
    url: `/api/lms/v1/objectives/${course}/announcements`,
    headers: clientHeaders(cookie),
    payload: JSON.stringify({ text }),
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Announcement>();
}

async function openChannel(
  app: BuiltApp['app'],
  cookie: string,
  course: string,
  kind: 'discussion' | 'direct-channel',
) {
  const response = await app.inject({
    method: 'POST',
    url: `/api/lms/v1/objectives/${course}/${kind}`,
    headers: { ...clientHeaders(cookie), 'content-type': undefined },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ChannelSummary>().id;
}

async function sayVia(app: BuiltApp['app'], cookie: string, channelId: string, text: string) {
  const response = await app.inject({
    method: 'POST',
    url: `/api/lms/v1/channels/${channelId}/messages`,
    headers: clientHeaders(cookie),
    payload: JSON.stringify({ text }),
  });
  expect(response.statusCode, response.body).toBe(201);
  // Live events are shared by all readers, so they leave out the caller's view of the reactions.
  const { reactions, ...shared } = response.json<ChannelMessage>();
  expect(reactions).toEqual([]);
  return shared;
}

describe.each(await testDialects())('announcement events on %s', (dialect) => {
  let testApp: TestApp;
  let origin: string;
  let members: Awaited<ReturnType<typeof aCourseWithMembers>>;
  const clients: SseClient[] = [];
  const client = () => {
    const made = new SseClient();
    clients.push(made);
    return made;
  };

  beforeAll(async () => {
    testApp = await createTestApp(dialect);
    origin = await listen(testApp.app);
    members = await aCourseWithMembers(testApp);
  });
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((made) => made.close()));
  });
  afterAll(async () => {
    await testApp?.close();
  });

  it('needs a signed-in user', async () => {
    const response = await fetch(`${origin}${EVENTS_PATH}`);
    expect(response.status).toBe(401);
  });

  it(`refuses a user's stream beyond ${MAX_STREAMS_PER_USER} on one instance`, async () => {
    const { outsider } = members;
    for (let n = 0; n < MAX_STREAMS_PER_USER; n += 1) {
      const stream = client();
      await stream.connect(origin, outsider);
      await stream.next('ready');
    }
    const refused = await fetch(`${origin}${EVENTS_PATH}`, { headers: { cookie: outsider } });
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({ code: 'rate_limited' });
    await clients.pop()!.close();
    await new Promise((resolve) => setTimeout(resolve, 100));
    const again = client();
    await again.connect(origin, outsider);
    await again.next('ready');
  });

  it('pushes a new announcement and the new unread count to members within a second', async () => {
    const { course, learner, outsider, instructor } = members;
    const learnerStream = client();
    await learnerStream.connect(origin, learner);
    await learnerStream.next('ready');
    expect((await learnerStream.next<AnnouncementUnreadCounts>('unread')).data.items).toEqual([]);
    const outsiderStream = client();
    await outsiderStream.connect(origin, outsider);
    await outsiderStream.next('ready');
    expect((await outsiderStream.next<AnnouncementUnreadCounts>('unread')).data.items).toEqual([]);

    const started = Date.now();
    const posted = await postVia(testApp.app, instructor, course, 'Live!');
    const message = await learnerStream.next<AnnouncementMessageEvent>('message');
    expect(Date.now() - started).toBeLessThan(1000);
    // The announcement's payload, with the fields decision 0023 added (kind, parsed content).
    expect(message.data).toEqual({ type: 'created', message: asChannelMessage(posted) });
    expect(Number(message.id)).toBeGreaterThan(0);
    const unread = await learnerStream.next<AnnouncementUnreadCounts>('unread');
    expect(unread.data.items).toEqual([
      { objectiveId: course, channelId: posted.channelId, unreadCount: 1, kind: 'announcement' },
    ]);

    // Marking read in one browser updates the count in the learner's other browsers.
    const read = await testApp.app.inject({
      method: 'POST',
      url: `/api/lms/v1/objectives/${course}/announcements/read`,
      headers: clientHeaders(learner),
      payload: JSON.stringify({ messageId: posted.id }),
    });
    expect(read.statusCode).toBe(204);
    expect((await learnerStream.next<AnnouncementUnreadCounts>('unread')).data.items).toEqual([
      { objectiveId: course, channelId: posted.channelId, unreadCount: 0, kind: 'announcement' },
    ]);
    // The outsider heard nothing of it.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(outsiderStream.pending('message')).toEqual([]);
    expect(outsiderStream.pending('unread')).toEqual([]);
  });

  it('replays what a browser missed after a drop, from its Last-Event-ID', async () => {
    const { course, learner, instructor } = members;
    const first = client();
    await first.connect(origin, learner);
    const ready = await first.next('ready');
    const lastSeen = ready.id!;
    await first.close();

    const missed = [
      await postVia(testApp.app, instructor, course, 'While you were away 1'),
      await postVia(testApp.app, instructor, course, 'While you were away 2'),
    ];
    const edited = await testApp.app.inject({
      method: 'PATCH',
      url: `/api/lms/v1/objectives/${course}/announcements/${missed[0]!.id}`,
      headers: clientHeaders(instructor),
      payload: JSON.stringify({ text: 'While you were away (edited)' }),
    });
    expect(edited.statusCode).toBe(200);

    const again = client();
    await again.connect(origin, learner, lastSeen);
    const replayed = [
      await again.next<AnnouncementMessageEvent>('message'),
      await again.next<AnnouncementMessageEvent>('message'),
      await again.next<AnnouncementMessageEvent>('message'),
    ];
    expect(replayed.map((event) => [event.data.type, event.data.message.id])).toEqual([
      ['created', missed[0]!.id],
      ['created', missed[1]!.id],
      ['edited', missed[0]!.id],
    ]);
    const ids = replayed.map((event) => Number(event.id));
    expect(ids).toEqual([...ids].sort((x, y) => x - y));
    expect(Number(ids[0])).toBeGreaterThan(Number(lastSeen));
    expect((await again.next('ready')).id).toBe(String(ids[2]));
    expect((await again.next<AnnouncementUnreadCounts>('unread')).data.items[0]!.unreadCount).toBe(
      2,
    );

    // Live events continue after the catch-up, without repeats.
    const live = await postVia(testApp.app, instructor, course, 'And now live');
    const next = await again.next<AnnouncementMessageEvent>('message');
    expect(next.data.message.id).toBe(live.id);
    expect(again.pending('message')).toEqual([]);
  });

  it('carries discussion and direct messages to their members only, live and after a drop', async () => {
    const { course, learner, instructor } = await aCourseWithMembers(testApp);
    const { db } = testApp.ctx;
    const tenant = (await db
      .selectFrom('objectives')
      .select('tenantId')
      .where('id', '=', course)
      .executeTakeFirstOrThrow())!.tenantId;
    const otherLearnerId = await aUser(db, tenant);
    await anEnrolment(db, { tenantId: tenant, userId: otherLearnerId, objectiveId: course })
      .mandatory()
      .create();
    const otherLearner = await signInAs(testApp, otherLearnerId);
    const discussion = await openChannel(testApp.app, learner, course, 'discussion');
    const direct = await openChannel(testApp.app, learner, course, 'direct-channel');
    const otherDirect = await openChannel(testApp.app, otherLearner, course, 'direct-channel');
    expect(new Set([discussion, direct, otherDirect]).size).toBe(3);

    const first = client();
    await first.connect(origin, learner);
    const lastSeen = (await first.next('ready')).id!;
    await first.close();

    const inDiscussion = await sayVia(testApp.app, instructor, discussion, 'Welcome, **all**');
    await sayVia(testApp.app, otherLearner, otherDirect, 'A private question');
    const inDirect = await sayVia(testApp.app, instructor, direct, 'Your question, answered');

    const again = client();
    await again.connect(origin, learner, lastSeen);
    const replayed = [
      await again.next<AnnouncementMessageEvent>('message'),
      await again.next<AnnouncementMessageEvent>('message'),
    ];
    expect(replayed.map((event) => event.data.message)).toEqual([inDiscussion, inDirect]);
    await again.next('ready');
    const counts = (await again.next<AnnouncementUnreadCounts>('unread')).data.items;
    expect(counts).toEqual(
      expect.arrayContaining([
        { objectiveId: course, channelId: discussion, kind: 'discussion', unreadCount: 1 },
        { objectiveId: course, channelId: direct, kind: 'direct', unreadCount: 1 },
      ]),
    );
    expect(counts.some((item) => item.channelId === otherDirect)).toBe(false);

    // Live: another learner's discussion message arrives; their direct messages never do.
    await sayVia(testApp.app, otherLearner, otherDirect, 'Another private question');
    const live = await sayVia(testApp.app, otherLearner, discussion, 'Hello _everyone_');
    const message = await again.next<AnnouncementMessageEvent>('message');
    expect(message.data).toEqual({ type: 'created', message: live });
    expect((await again.next<AnnouncementUnreadCounts>('unread')).data.items).toEqual([
      { objectiveId: course, channelId: discussion, kind: 'discussion', unreadCount: 2 },
    ]);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(again.pending('message')).toEqual([]);
  });

  it.runIf(dialect === 'sqlite')(
    'finds messages written by another process (the CLI) by polling the event log',
    async () => {
      const { course, learner } = members;
      const stream = client();
      await stream.connect(origin, learner);
      await stream.next('ready');
      // A writer that signals nobody in this process, as the CLI's own in-process hub does.
      const { db } = testApp.ctx;
      const silentHub = createAnnouncementsHub({ db, log: testApp.ctx.log });
      const cli = createAnnouncementsService({
        db,
        repository: createAnnouncementsRepository(db),
        clock: systemClock,
        hub: { ...silentHub, publish: async () => undefined },
      });
      const admin = await db
        .selectFrom('users as u')
        .innerJoin('userRoles as ur', 'ur.userId', 'u.id')
        .innerJoin('roles as r', 'r.id', 'ur.roleId')
        .select(['u.id', 'u.tenantId'])
        .where('r.name', '=', 'Instructor')
        .executeTakeFirstOrThrow();
      try {
        const posted = await cli.post(
          { tenantId: admin.tenantId, userId: admin.id },
          course,
          'CLI',
        );
        const message = await stream.next<AnnouncementMessageEvent>(
          'message',
          SQLITE_POLL_MS + 1000,
        );
        expect(message.data.message.id).toBe(posted.id);
      } finally {
        await silentHub.close();
      }
    },
  );
});

describe.runIf(await isPostgresReachable())('announcement events across two instances', () => {
  let first: TestApp;
  let secondDatabase: DatabaseHandle;
  let second: BuiltApp;
  let secondOrigin: string | undefined;
  const origin = async () => (secondOrigin ??= await listen(second.app));

  beforeAll(async () => {
    first = await createTestApp('postgres');
    // A second app on the same PostgreSQL database, with its own connection pool: another instance.
    secondDatabase = createDatabase({ kind: 'postgres', url: first.testDatabase.url! });
    second = await buildApp(testConfig(), { database: secondDatabase, startWorker: false });
    await second.app.ready();
  });
  afterAll(async () => {
    await second?.app.close();
    await secondDatabase?.close();
    await first?.close();
  });

  it('delivers a message posted through one instance to a stream held by the other', async () => {
    const { course, learner, instructor } = await aCourseWithMembers(first);
    const stream = new SseClient();
    try {
      await stream.connect(await origin(), learner);
      await stream.next('ready');
      expect((await stream.next<AnnouncementUnreadCounts>('unread')).data.items).toEqual([]);
      const started = Date.now();
      const posted = await postVia(first.app, instructor, course, 'From instance one');
      const message = await stream.next<AnnouncementMessageEvent>('message');
      expect(Date.now() - started).toBeLessThan(1000);
      expect(message.data.message).toEqual(asChannelMessage(posted));
      expect((await stream.next<AnnouncementUnreadCounts>('unread')).data.items[0]).toMatchObject({
        objectiveId: course,
        unreadCount: 1,
      });
    } finally {
      await stream.close();
    }
  });

  it('delivers a discussion message posted through one instance to a member on the other', async () => {
    const { course, learner, instructor } = await aCourseWithMembers(first);
    const discussion = await openChannel(first.app, instructor, course, 'discussion');
    const stream = new SseClient();
    try {
      await stream.connect(await origin(), learner);
      await stream.next('ready');
      await stream.next('unread');
      const started = Date.now();
      const posted = await sayVia(first.app, instructor, discussion, 'From instance one');
      const message = await stream.next<AnnouncementMessageEvent>('message');
      expect(Date.now() - started).toBeLessThan(1000);
      expect(message.data.message).toEqual(posted);
      expect((await stream.next<AnnouncementUnreadCounts>('unread')).data.items).toEqual([
        { objectiveId: course, channelId: discussion, kind: 'discussion', unreadCount: 1 },
      ]);
    } finally {
      await stream.close();
    }
  });
});
