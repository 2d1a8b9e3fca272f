// Forwarding analytics events to an LRS as xAPI statements, through real HTTP on every dialect: the statements are
// written with their events, delivered to a test LRS that validates them against xAPI 1.0.3, retried with back-off
// while the LRS is down, and never lost.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AnalyticsEvent, PlainAnalyticsEvent, ProductFeedbackEvent } from '@portal/contracts';
import { fixedClock } from '../../lib/clock.ts';
import { clientHeaders, createTestApp, type TestApp } from '../../test/test-app.ts';
import { testDialects } from '../../test/test-databases.ts';
import { startTestLrs, xapiStatementProblems, type TestLrs } from '../../test/test-lrs.ts';
import { createSignedInUser, type TestUser } from '../../commands/key-value-command.fixture.ts';
import { createXapiOutboxRepository } from './xapi-outbox.repository.ts';
import { createEventsRepository } from '../events/events.repository.ts';
import {
  XAPI_RETRY_BASE_MS,
  XAPI_RETRY_MAX_MS,
  createXapiOutboxWorker,
  XAPI_DELIVERED_RETENTION_DAYS,
  retryDelayMs,
} from './xapi-outbox-worker.ts';
import { statementIdOf } from './xapi-statement.ts';

const START = '2030-03-01T09:00:00.000Z';
const PUBLIC_URL = 'http://localhost:3000';
const CREDENTIALS = { username: 'portal', password: 'lrs-secret' };

function anEvent(name: PlainAnalyticsEvent['name'], tag: string): PlainAnalyticsEvent {
  return {
    name,
    properties: { objectiveId: randomUUID(), objectiveName: 'Data literacy', tag },
    context: { isMobile: false, role: 'learner', locale: 'de-DE', appVersion: '1.2.3' },
  };
}

const aFeedback: ProductFeedbackEvent = {
  name: 'product_feedback',
  properties: { grade: 4, details: ['navigation'], comment: 'Clear enough.' },
  context: {
    isMobile: true,
    role: 'learner',
    locale: 'sr-Latn-RS',
    appVersion: '1.2.3',
    os: 'Android',
    browser: 'Chrome 142',
  },
};

describe('retryDelayMs', () => {
  it('doubles from the base up to the ceiling, with up to half of it as jitter', () => {
    expect(retryDelayMs(0, () => 0)).toBe(XAPI_RETRY_BASE_MS / 2);
    expect(retryDelayMs(0, () => 1)).toBe(XAPI_RETRY_BASE_MS);
    expect(retryDelayMs(3, () => 1)).toBe(XAPI_RETRY_BASE_MS * 8);
    expect(retryDelayMs(3, () => 0.5)).toBe(XAPI_RETRY_BASE_MS * 6);
    expect(retryDelayMs(50, () => 1)).toBe(XAPI_RETRY_MAX_MS);
    expect(retryDelayMs(50, () => 0)).toBe(XAPI_RETRY_MAX_MS / 2);
  });
});

describe("the test LRS's xAPI 1.0.3 validator", () => {
  const valid = {
    id: '0d6ad5b4-0b0a-5a44-9c6f-2c4f4b0f7e11',
    actor: { objectType: 'Agent', account: { homePage: PUBLIC_URL, name: 'u1' } },
    verb: { id: 'http://adlnet.gov/expapi/verbs/launched', display: { 'en-US': 'launched' } },
    object: {
      objectType: 'Activity',
      id: `${PUBLIC_URL}/learn/courses/1`,
      definition: { type: 'http://adlnet.gov/expapi/activities/course', name: { 'de-DE': 'Kurs' } },
    },
    context: {
      platform: 'Learner portal',
      language: 'de-DE',
      extensions: { 'http://x.test/e': 1 },
    },
    timestamp: START,
    version: '1.0.3',
  };
  it('accepts a complete statement', () => {
    expect(xapiStatementProblems(valid)).toEqual([]);
  });
  it.each<[string, Record<string, unknown>]>([
    ['no actor', { actor: undefined }],
    [
      'an actor with two identifiers',
      { actor: { mbox: 'mailto:a@b.test', account: valid.actor.account } },
    ],
    ['an account without homePage', { actor: { account: { name: 'u1' } } }],
    ['no verb', { verb: undefined }],
    ['a verb id that is no IRI', { verb: { id: 'launched' } }],
    ['a display that is no language map', { verb: { id: valid.verb.id, display: 'launched' } }],
    [
      'a display keyed by no language tag',
      { verb: { id: valid.verb.id, display: { english: 'x' } } },
    ],
    ['no object', { object: undefined }],
    ['an object id that is no IRI', { object: { id: 'course 1' } }],
    ['an id that is no UUID', { id: 'event-1' }],
    ['a timestamp without a zone', { timestamp: '2030-03-01T09:00:00' }],
    ['a context language that is no tag', { context: { language: 'German' } }],
    ['an extension key that is no IRI', { context: { extensions: { role: 'learner' } } }],
    ['a scaled score above 1', { result: { score: { scaled: 1.5 } } }],
    ['an unknown property', { mood: 'happy' }],
    ['a version 2', { version: '2.0.0' }],
  ])('finds %s', (_name, change) => {
    expect(xapiStatementProblems({ ...valid, ...change })).not.toEqual([]);
  });
});

describe.each(await testDialects())('xAPI forwarding on %s', (dialect) => {
  const clock = fixedClock(START);
  let lrs: TestLrs;
  let testApp: TestApp;
  let learner: TestUser;

  beforeAll(async () => {
    lrs = await startTestLrs(CREDENTIALS);
    testApp = await createTestApp(dialect, {
      clock,
      startWorker: false,
      config: {
        publicUrl: PUBLIC_URL,
        rateLimitPerMinute: 1000,
        xapi: { endpoint: lrs.url, credentials: CREDENTIALS },
      },
    });
    learner = await createSignedInUser(testApp);
  });
  afterAll(async () => {
    await testApp?.close();
    await lrs?.close();
  });
  beforeEach(() => {
    lrs.recover();
    lrs.refuseWhen(() => false);
  });

  const post = async (body: AnalyticsEvent | AnalyticsEvent[], cookie?: string) => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/events',
      headers: clientHeaders(cookie),
      payload: JSON.stringify(body),
    });
    expect(response.statusCode).toBe(202);
  };
  const eventIdsTagged = async (tag: string) =>
    (
      await testApp.ctx.db
        .selectFrom('analyticsEvents')
        .select('id')
        .where('payload', 'like', `%"tag":"${tag}"%`)
        .orderBy('created')
        .execute()
    ).map((row) => row.id);
  const outboxOf = (eventIds: string[]) =>
    testApp.ctx.db
      .selectFrom('xapiOutbox')
      .selectAll()
      .where('eventId', 'in', eventIds)
      .orderBy('created')
      .execute();
  const worker = () => testApp.xapi!;

  it('writes a statement for every stored event and delivers valid xAPI 1.0.3 to the LRS', async () => {
    const names: PlainAnalyticsEvent['name'][] = [
      'my_courses_search',
      'course_open_for_review',
      'course_restart',
      'objective_start',
      'activity_start',
      'course_open_first_time',
      'about_the_course_page_load',
    ];
    await post([...names.map((name) => anEvent(name, 'every-kind')), aFeedback], learner.cookie);
    const feedbackId = (
      await testApp.ctx.db
        .selectFrom('productFeedback')
        .select('id')
        .where('userId', '=', learner.userId)
        .executeTakeFirstOrThrow()
    ).id;
    const eventIds = [...(await eventIdsTagged('every-kind')), feedbackId];
    expect(eventIds).toHaveLength(8);
    const pending = await outboxOf(eventIds);
    expect(pending.map((row) => row.state)).toEqual(Array(8).fill('pending'));
    expect(pending.map((row) => row.id).sort()).toEqual(eventIds.map(statementIdOf).sort());

    const report = await worker().deliverDue();
    expect(report).toEqual({ delivered: 8, retried: 0, rejected: 0 });
    expect(lrs.invalid).toEqual([]);
    const delivered = await outboxOf(eventIds);
    expect(delivered.every((row) => row.state === 'delivered' && row.deliveredAt === START)).toBe(
      true,
    );

    const received = eventIds.map((id) => lrs.statements.get(statementIdOf(id)));
    for (const statement of received) {
      expect(statement).toBeDefined();
      expect(xapiStatementProblems(statement)).toEqual([]);
      expect(statement).toMatchObject({
        actor: { objectType: 'Agent', account: { homePage: PUBLIC_URL, name: learner.userId } },
        timestamp: START,
        version: '1.0.3',
        context: { platform: 'Learner portal' },
      });
    }
    const [search, , restart, , activity] = received;
    expect(search).toMatchObject({
      verb: { id: 'https://w3id.org/xapi/acrossx/verbs/searched' },
      object: { id: `${PUBLIC_URL}/learn/courses` },
      context: { language: 'de-DE' },
    });
    expect(restart).toMatchObject({
      verb: { id: 'http://adlnet.gov/expapi/verbs/attempted', display: { 'en-US': 'attempted' } },
      object: {
        objectType: 'Activity',
        definition: { type: 'http://adlnet.gov/expapi/activities/course' },
      },
    });
    expect((restart!.object as { id: string }).id).toMatch(
      new RegExp(`^${PUBLIC_URL}/learn/courses/[0-9a-f-]{36}$`),
    );
    expect(activity).toMatchObject({ verb: { id: 'http://adlnet.gov/expapi/verbs/launched' } });
    expect(received[7]).toMatchObject({
      verb: { id: 'http://adlnet.gov/expapi/verbs/commented' },
      result: { score: { raw: 4, min: 1, max: 5, scaled: 0.75 }, response: 'Clear enough.' },
      context: {
        language: 'sr-Latn-RS',
        extensions: {
          [`${PUBLIC_URL}/xapi/extensions/event-name`]: 'product_feedback',
          [`${PUBLIC_URL}/xapi/extensions/event-context`]: {
            os: 'Android',
            browser: 'Chrome 142',
            isMobile: true,
          },
        },
      },
    });
    expect(lrs.requests.at(-1)).toEqual({ status: 200, count: 8 });
  });

  it('keeps the statements through an LRS outage and delivers them, once, when it is back', async () => {
    lrs.fail(503);
    await post(
      [anEvent('objective_start', 'outage'), anEvent('activity_start', 'outage')],
      learner.cookie,
    );
    const eventIds = await eventIdsTagged('outage');
    const requestsBefore = lrs.requests.length;

    expect(await worker().deliverDue()).toEqual({ delivered: 0, retried: 2, rejected: 0 });
    let rows = await outboxOf(eventIds);
    for (const row of rows) {
      expect(row).toMatchObject({ state: 'pending', attempts: 1, claimedBy: null });
      expect(row.lastError).toMatch(/^HTTP 503/);
      const wait = Date.parse(row.nextAttemptAt) - Date.parse(START);
      expect(wait).toBeGreaterThanOrEqual(XAPI_RETRY_BASE_MS / 2);
      expect(wait).toBeLessThanOrEqual(XAPI_RETRY_BASE_MS);
    }
    // Not due yet: nothing is sent however often the worker looks.
    expect(await worker().deliverDue()).toEqual({ delivered: 0, retried: 0, rejected: 0 });
    expect(lrs.requests.length).toBe(requestsBefore + 1);

    // Still down at the next attempt: the wait doubles.
    clock.advance(XAPI_RETRY_BASE_MS);
    expect(await worker().deliverDue()).toEqual({ delivered: 0, retried: 2, rejected: 0 });
    rows = await outboxOf(eventIds);
    for (const row of rows) {
      expect(row.attempts).toBe(2);
      const wait = Date.parse(row.nextAttemptAt) - clock.now().getTime();
      expect(wait).toBeGreaterThanOrEqual(XAPI_RETRY_BASE_MS);
      expect(wait).toBeLessThanOrEqual(2 * XAPI_RETRY_BASE_MS);
    }

    lrs.recover();
    clock.advance(2 * XAPI_RETRY_BASE_MS);
    expect(await worker().deliverDue()).toEqual({ delivered: 2, retried: 0, rejected: 0 });
    rows = await outboxOf(eventIds);
    expect(rows.map((row) => [row.state, row.attempts, row.lastError])).toEqual([
      ['delivered', 3, null],
      ['delivered', 3, null],
    ]);
    for (const id of eventIds) expect(lrs.statements.has(statementIdOf(id))).toBe(true);
    expect(lrs.invalid).toEqual([]);
  });

  it('retries while the LRS cannot be reached at all', async () => {
    const unreachable = createXapiOutboxWorker({
      repository: createXapiOutboxRepository(testApp.ctx.db, testApp.ctx.dialect),
      config: { endpoint: 'http://127.0.0.1:9/xapi', credentials: CREDENTIALS },
      clock,
      log: testApp.app.log,
      fetch: () => Promise.reject(new TypeError('fetch failed: ECONNREFUSED')),
    });
    await post(anEvent('objective_start', 'unreachable'), learner.cookie);
    const eventIds = await eventIdsTagged('unreachable');
    expect(await unreachable.deliverDue()).toEqual({ delivered: 0, retried: 1, rejected: 0 });
    const [row] = await outboxOf(eventIds);
    expect(row).toMatchObject({ state: 'pending', attempts: 1 });
    expect(row!.lastError).toContain('ECONNREFUSED');

    clock.advance(XAPI_RETRY_BASE_MS);
    expect(await worker().deliverDue()).toMatchObject({ delivered: 1 });
  });

  it('retries, not rejects, while the credentials are refused (a setting to fix, not a bad statement)', async () => {
    const wrongPassword = createXapiOutboxWorker({
      repository: createXapiOutboxRepository(testApp.ctx.db, testApp.ctx.dialect),
      config: { endpoint: lrs.url, credentials: { ...CREDENTIALS, password: 'wrong' } },
      clock,
      log: testApp.app.log,
    });
    await post(anEvent('objective_start', 'wrong-password'), learner.cookie);
    const eventIds = await eventIdsTagged('wrong-password');
    expect(await wrongPassword.deliverDue()).toEqual({ delivered: 0, retried: 1, rejected: 0 });
    expect((await outboxOf(eventIds))[0]!.lastError).toMatch(/^HTTP 401/);
    clock.advance(XAPI_RETRY_BASE_MS);
    expect(await worker().deliverDue()).toMatchObject({ delivered: 1 });
  });

  it('keeps a statement the LRS refuses as rejected, delivers the rest of its batch, and counts both', async () => {
    lrs.refuseWhen((statement) => JSON.stringify(statement).includes('"tag":"refused-one"'));
    await post(
      [
        anEvent('objective_start', 'refusal'),
        anEvent('objective_start', 'refused-one'),
        anEvent('activity_start', 'refusal'),
      ],
      learner.cookie,
    );
    const before = await createXapiOutboxRepository(testApp.ctx.db, testApp.ctx.dialect).summary();
    expect(await worker().deliverDue()).toEqual({ delivered: 2, retried: 0, rejected: 1 });
    const [refused] = await outboxOf(await eventIdsTagged('refused-one'));
    expect(refused).toMatchObject({ state: 'rejected', attempts: 1 });
    expect(refused!.lastError).toMatch(/^HTTP 400/);

    // Never sent again.
    lrs.refuseWhen(() => false);
    clock.advance(XAPI_RETRY_MAX_MS);
    expect(await worker().deliverDue()).toEqual({ delivered: 0, retried: 0, rejected: 0 });

    const after = await createXapiOutboxRepository(testApp.ctx.db, testApp.ctx.dialect).summary();
    expect(after.rejected).toBe(before.rejected + 1);
    expect(after.delivered).toBe(before.delivered + 2);
    expect(after.pending).toBe(0);
    expect(after.recentRejections[0]).toMatchObject({ id: refused!.id, eventId: refused!.eventId });
  });

  it('sends the same statement again under the same id, which the LRS takes as a repeat', async () => {
    await post(anEvent('objective_start', 'repeat'), learner.cookie);
    const [eventId] = await eventIdsTagged('repeat');
    await worker().deliverDue();
    const stored = lrs.statements.size;
    // As if the worker had died after the LRS answered and before the outbox knew it.
    await testApp.ctx.db
      .updateTable('xapiOutbox')
      .set({ state: 'pending' })
      .where('eventId', '=', eventId!)
      .execute();
    expect(await worker().deliverDue()).toEqual({ delivered: 1, retried: 0, rejected: 0 });
    expect(lrs.requests.at(-1)).toEqual({ status: 200, count: 1 });
    expect(lrs.statements.size).toBe(stored);
  });

  it('has one statement per once-only event, and none for an anonymous visitor without a device', async () => {
    const course = randomUUID();
    const firstOpen = {
      ...anEvent('course_open_first_time', 'first-open'),
      properties: { objectiveId: course, tag: 'first-open' },
    };
    await post(firstOpen, learner.cookie);
    await post(firstOpen, learner.cookie);
    expect(await outboxOf(await eventIdsTagged('first-open'))).toHaveLength(1);

    await post(anEvent('about_the_course_page_load', 'anonymous'));
    const anonymous = await eventIdsTagged('anonymous');
    expect(anonymous).toHaveLength(1);
    expect(await outboxOf(anonymous)).toEqual([]);

    const device = randomUUID();
    const withDevice = anEvent('about_the_course_page_load', 'anonymous-device');
    await post({ ...withDevice, context: { ...withDevice.context, deviceId: device } });
    await worker().deliverDue();
    const [eventId] = await eventIdsTagged('anonymous-device');
    expect(lrs.statements.get(statementIdOf(eventId!))).toMatchObject({
      actor: { account: { homePage: `${PUBLIC_URL}/xapi/devices`, name: device } },
    });
  });

  it('stores an event and its statement together or not at all', async () => {
    const repository = createEventsRepository(testApp.ctx.db, testApp.ctx.dialect);
    const id = randomUUID();
    const row = {
      id,
      tenantId: learner.tenantId,
      userId: learner.userId,
      name: 'objective_start',
      payload: JSON.stringify({ properties: {}, context: {} }),
      created: clock.now().toISOString(),
      sessionKey: `user:${learner.userId}`,
    };
    await expect(
      repository.insertMany([row], {
        sessionIdleMs: 60_000,
        newSessionId: randomUUID,
        outbox: (stored) =>
          stored.map((event) => ({
            id: statementIdOf(event.id),
            eventId: event.id,
            // Not a valid row (state is required): the outbox insert fails inside the transaction.
            statement: '{}',
            state: null as unknown as 'pending',
            nextAttemptAt: event.created,
            created: event.created,
          })),
      }),
    ).rejects.toThrow();
    const stored = await testApp.ctx.db
      .selectFrom('analyticsEvents')
      .select('id')
      .where('id', '=', id)
      .execute();
    expect(stored).toEqual([]);
  });

  it('lets two workers share the outbox without sending a statement twice', async () => {
    await post(
      Array.from({ length: 30 }, (_, i) => anEvent('objective_start', `shared-${i % 3}`)),
      learner.cookie,
    );
    const repository = createXapiOutboxRepository(testApp.ctx.db, testApp.ctx.dialect);
    const make = () =>
      createXapiOutboxWorker({
        repository,
        config: { endpoint: lrs.url, credentials: CREDENTIALS },
        clock,
        log: testApp.app.log,
        batchSize: 4,
      });
    const requestsBefore = lrs.requests.length;
    const reports = await Promise.all([make().deliverDue(), make().deliverDue()]);
    expect(reports[0]!.delivered + reports[1]!.delivered).toBe(30);
    const sent = lrs.requests
      .slice(requestsBefore)
      .reduce((sum, request) => sum + request.count, 0);
    expect(sent).toBe(30);
  });

  // Last in this suite: it moves the shared clock a month on.
  it('deletes delivered statements after the retention, and never a pending or rejected one', async () => {
    lrs.refuseWhen((statement) => JSON.stringify(statement).includes('"tag":"kept-refused"'));
    await post(
      [anEvent('objective_start', 'aged'), anEvent('objective_start', 'kept-refused')],
      learner.cookie,
    );
    await worker().deliverDue();
    lrs.fail(503);
    await post([anEvent('activity_start', 'kept-pending')], learner.cookie);
    await worker().deliverDue();
    const ids = async (tag: string) => (await outboxOf(await eventIdsTagged(tag))).map((r) => r.id);
    expect(await ids('aged')).toHaveLength(1);

    // Not yet: a day short of the retention.
    clock.advance((XAPI_DELIVERED_RETENTION_DAYS - 1) * 24 * 60 * 60_000);
    expect(await worker().purgeDelivered()).toBe(0);
    expect(await ids('aged')).toHaveLength(1);

    clock.advance(2 * 24 * 60 * 60_000);
    expect(await worker().purgeDelivered()).toBeGreaterThanOrEqual(1);
    expect(await ids('aged')).toEqual([]);
    expect(await ids('kept-refused')).toHaveLength(1);
    expect(await ids('kept-pending')).toHaveLength(1);
    // The events themselves stay.
    expect(await eventIdsTagged('aged')).toHaveLength(1);
    lrs.recover();
  });
});

describe.each(await testDialects())('the xAPI worker of a running app on %s', (dialect) => {
  let lrs: TestLrs;
  let testApp: TestApp;

  beforeAll(async () => {
    lrs = await startTestLrs(CREDENTIALS);
    // The worker starts with the app and polls on its own, with the real clock.
    testApp = await createTestApp(dialect, {
      config: { publicUrl: PUBLIC_URL, xapi: { endpoint: lrs.url, credentials: CREDENTIALS } },
    });
  });
  afterAll(async () => {
    await testApp?.close();
    await lrs?.close();
  });

  it('delivers a posted event to the LRS without being asked', async () => {
    const learner = await createSignedInUser(testApp);
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/events',
      headers: clientHeaders(learner.cookie),
      payload: JSON.stringify(anEvent('objective_start', 'running-app')),
    });
    expect(response.statusCode).toBe(202);
    const event = await testApp.ctx.db
      .selectFrom('analyticsEvents')
      .select('id')
      .where('userId', '=', learner.userId)
      .executeTakeFirstOrThrow();
    await vi.waitFor(() => expect(lrs.statements.has(statementIdOf(event.id))).toBe(true), {
      timeout: 10_000,
      interval: 100,
    });
    await vi.waitFor(async () => {
      const row = await testApp.ctx.db
        .selectFrom('xapiOutbox')
        .select('state')
        .where('eventId', '=', event.id)
        .executeTakeFirstOrThrow();
      expect(row.state).toBe('delivered');
    });
  });
});
