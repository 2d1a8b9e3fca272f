// POST /api/events through real HTTP on every dialect: storage, batches, anonymity, limits.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  errorBodySchema,
  type AnalyticsEvent,
  type PlainAnalyticsEvent,
  type ProductFeedbackEvent,
} from '@portal/contracts';
import { fixedClock } from '../../lib/clock.ts';
import { clientHeaders, createTestApp, type TestApp } from '../../test/test-app.ts';
import { testDialects } from '../../test/test-databases.ts';
import { createSignedInUser, type TestUser } from '../../commands/key-value-command.fixture.ts';

const NOW = '2030-03-01T09:00:00.000Z';

function anEvent(overrides: Partial<PlainAnalyticsEvent> = {}): PlainAnalyticsEvent {
  return {
    name: 'my_courses_search',
    properties: { searchText: 'algebra', resultCount: 3 },
    context: { isMobile: false, role: 'Learner', locale: 'en-US', appVersion: '1.0.0' },
    ...overrides,
  };
}

function aFeedback(
  properties: Partial<ProductFeedbackEvent['properties']> = {},
): ProductFeedbackEvent {
  return {
    name: 'product_feedback',
    properties: {
      grade: 4,
      details: ['navigation', 'results', 'other'],
      comment: 'The results page is hard to find.',
      ...properties,
    },
    context: { ...anEvent().context, os: 'Linux', browser: 'Chromium 142' },
  };
}

describe.each(await testDialects())('analytics events on %s', (dialect) => {
  let testApp: TestApp;
  let learner: TestUser;

  beforeAll(async () => {
    testApp = await createTestApp(dialect, {
      clock: fixedClock(NOW),
      config: { rateLimitPerMinute: 100 },
    });
    learner = await createSignedInUser(testApp);
  });
  afterAll(async () => {
    await testApp?.close();
  });

  const post = (body: unknown, cookie?: string, headers: Record<string, string> = {}) =>
    testApp.app.inject({
      method: 'POST',
      url: '/api/events',
      headers: { ...clientHeaders(cookie), ...headers },
      payload: typeof body === 'string' ? body : JSON.stringify(body),
    });

  it("stores a signed-in learner's event with user, tenant, context and the server's time", async () => {
    const response = await post(
      anEvent({ properties: { searchText: 'signed-in' } }),
      learner.cookie,
    );
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual({ accepted: 1 });

    const rows = await testApp.ctx.db
      .selectFrom('analyticsEvents')
      .selectAll()
      .where('payload', 'like', '%signed-in%')
      .execute();
    expect(rows).toHaveLength(1);
    const [row] = rows;
    expect(row).toMatchObject({
      name: 'my_courses_search',
      userId: learner.userId,
      tenantId: learner.tenantId,
      created: NOW,
    });
    expect(JSON.parse(row!.payload)).toEqual({
      properties: { searchText: 'signed-in' },
      context: { isMobile: false, role: 'Learner', locale: 'en-US', appVersion: '1.0.0' },
      userId: learner.userId,
      tenantId: learner.tenantId,
      receivedAt: NOW,
    });
  });

  it('keeps the device id and the client session id the client sends in the context', async () => {
    const context = {
      ...anEvent().context,
      deviceId: '7a0c1f0e-2f7d-4c55-9a8e-0d0b6a6f4e11',
      sessionId: '1d2e3f40-5a6b-4c7d-8e9f-a0b1c2d3e4f5',
    };
    const response = await post(
      anEvent({ properties: { searchText: 'with-device' }, context }),
      learner.cookie,
    );
    expect(response.statusCode).toBe(202);
    const row = await testApp.ctx.db
      .selectFrom('analyticsEvents')
      .select('payload')
      .where('payload', 'like', '%with-device%')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(row.payload).context).toEqual(context);
  });

  it('stores a batch from an anonymous visitor without user or tenant', async () => {
    const batch = ['a', 'b', 'c'].map((tag) =>
      anEvent({ name: 'about_the_course_page_load', properties: { tag: `anonymous-${tag}` } }),
    );
    const response = await post(batch);
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual({ accepted: 3 });
    const rows = await testApp.ctx.db
      .selectFrom('analyticsEvents')
      .select(['userId', 'tenantId', 'name'])
      .where('payload', 'like', '%anonymous-%')
      .execute();
    expect(rows).toEqual(
      Array.from({ length: 3 }, () => ({
        userId: null,
        tenantId: null,
        name: 'about_the_course_page_load',
      })),
    );
  });

  describe('course_open_first_time', () => {
    const firstOpen = (objectiveId: unknown) =>
      anEvent({
        name: 'course_open_first_time',
        properties: { objectiveId: objectiveId as string, objectiveName: 'Data literacy' },
      });
    const storedFirstOpens = async (userId: string) =>
      (
        await testApp.ctx.db
          .selectFrom('analyticsEvents')
          .select('payload')
          .where('name', '=', 'course_open_first_time')
          .where('userId', '=', userId)
          .execute()
      ).map((row) => (JSON.parse(row.payload) as PlainAnalyticsEvent).properties.objectiveId);

    it('is stored once per learner and course, however often and however it is sent', async () => {
      const someone = await createSignedInUser(testApp);
      const course = randomUUID();
      const other = randomUUID();
      for (const body of [
        firstOpen(course),
        firstOpen(course),
        [firstOpen(course), firstOpen(other)],
      ]) {
        const response = await post(body, someone.cookie);
        expect(response.statusCode).toBe(202);
      }
      expect((await storedFirstOpens(someone.userId)).sort()).toEqual([course, other].sort());
      // Another learner opening the same course for the first time is their own first time.
      expect((await post(firstOpen(course), learner.cookie)).statusCode).toBe(202);
      expect(await storedFirstOpens(learner.userId)).toEqual([course]);
      // The id is the course's, however the client spells it.
      await post(firstOpen(course.toUpperCase()), someone.cookie);
      expect(await storedFirstOpens(someone.userId)).toHaveLength(2);
    });

    it('needs a signed-in learner and a course id, and stores nothing otherwise', async () => {
      const before = await countEvents();
      const anonymous = await post(firstOpen(randomUUID()));
      expect(anonymous.statusCode).toBe(400);
      expect(errorBodySchema.parse(anonymous.json()).errors).toHaveProperty('name');
      const withoutCourse = await post(firstOpen('not-a-course'), learner.cookie);
      expect(withoutCourse.statusCode).toBe(400);
      expect(errorBodySchema.parse(withoutCourse.json()).errors).toHaveProperty(
        'properties.objectiveId',
      );
      expect(await countEvents()).toBe(before);
    });
  });

  describe('product_feedback', () => {
    it('stores the feedback with the sender, their context and the arrival time', async () => {
      const someone = await createSignedInUser(testApp);
      const response = await post(aFeedback(), someone.cookie);
      expect(response.statusCode).toBe(202);
      const rows = await testApp.ctx.db
        .selectFrom('productFeedback')
        .selectAll()
        .where('userId', '=', someone.userId)
        .execute();
      expect(rows).toEqual([
        {
          id: expect.any(String),
          tenantId: someone.tenantId,
          userId: someone.userId,
          grade: 4,
          details: JSON.stringify(['navigation', 'results', 'other']),
          comment: 'The results page is hard to find.',
          locale: 'en-US',
          os: 'Linux',
          browser: 'Chromium 142',
          appVersion: '1.0.0',
          isMobile: 0,
          created: NOW,
        },
      ]);
      const event = await testApp.ctx.db
        .selectFrom('analyticsEvents')
        .select(['name', 'payload'])
        .where('id', '=', rows[0]!.id)
        .executeTakeFirstOrThrow();
      expect(event.name).toBe('product_feedback');
      expect(JSON.parse(event.payload)).toMatchObject({
        properties: aFeedback().properties,
        context: { os: 'Linux', browser: 'Chromium 142' },
      });
    });

    it('accepts feedback without ticked struggles', async () => {
      const response = await post(aFeedback({ details: [] }), learner.cookie);
      expect(response.statusCode).toBe(202);
    });

    const invalidFeedback: [string, unknown, string][] = [
      ['a grade of 0', aFeedback({ grade: 0 }), 'properties.grade'],
      ['a grade of 6', aFeedback({ grade: 6 }), 'properties.grade'],
      ['a fractional grade', aFeedback({ grade: 3.5 }), 'properties.grade'],
      [
        'details as a string',
        { ...aFeedback(), properties: { ...aFeedback().properties, details: 'navigation' } },
        'properties.details',
      ],
      [
        'an unknown struggle',
        aFeedback({ details: ['weather' as 'other'] }),
        'properties.details.0',
      ],
      [
        'a struggle ticked twice',
        aFeedback({ details: ['results', 'results'] }),
        'properties.details',
      ],
      ['a blank comment', aFeedback({ comment: '   ' }), 'properties.comment'],
      [
        'a comment of 1001 characters',
        aFeedback({ comment: 'x'.repeat(1001) }),
        'properties.comment',
      ],
      [
        'a missing browser',
        { ...aFeedback(), context: { ...anEvent().context, os: 'Linux' } },
        'context.browser',
      ],
      [
        'an extra property',
        { ...aFeedback(), properties: { ...aFeedback().properties, page: '/x' } },
        'properties',
      ],
    ];
    it.each(invalidFeedback)('refuses %s with the field named', async (_name, body, field) => {
      const before = await countFeedback();
      const response = await post(body, learner.cookie);
      expect(response.statusCode).toBe(400);
      expect(Object.keys(errorBodySchema.parse(response.json()).errors ?? {})).toContain(field);
      expect(await countFeedback()).toBe(before);
    });

    it('keeps operating system and browser to feedback: other events refuse them', async () => {
      const response = await post(
        { ...anEvent(), context: { ...anEvent().context, os: 'Linux', browser: 'Chromium' } },
        learner.cookie,
      );
      expect(response.statusCode).toBe(400);
      expect(errorBodySchema.parse(response.json()).errors).toHaveProperty('context');
    });

    it('needs a signed-in learner', async () => {
      const before = await countFeedback();
      const response = await post(aFeedback());
      expect(response.statusCode).toBe(400);
      expect(errorBodySchema.parse(response.json()).errors).toHaveProperty('name');
      expect(await countFeedback()).toBe(before);
    });

    async function countFeedback(): Promise<number> {
      const row = await testApp.ctx.db
        .selectFrom('productFeedback')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .executeTakeFirstOrThrow();
      return Number(row.count);
    }
  });

  it('accepts every event of both specs', async () => {
    const names: AnalyticsEvent['name'][] = [
      'my_courses_search',
      'course_open_for_review',
      'course_restart',
      'objective_start',
      'activity_start',
      'course_open_first_time',
      'about_the_course_page_load',
      'product_feedback',
    ];
    for (const name of names) {
      const body =
        name === 'product_feedback'
          ? aFeedback()
          : anEvent({ name, properties: { objectiveId: randomUUID() } });
      const response = await post(body, learner.cookie);
      expect(response.statusCode, name).toBe(202);
    }
  });

  it('accepts 50 events in one request and refuses 51', async () => {
    const fifty = Array.from({ length: 50 }, () => anEvent());
    expect((await post(fifty)).json()).toEqual({ accepted: 50 });
    const response = await post([...fifty, anEvent()]);
    expect(response.statusCode).toBe(400);
    errorBodySchema.parse(response.json());
  });

  const invalid: [string, unknown, string | undefined][] = [
    [
      'an unknown event name',
      anEvent({ name: 'page_hack' as PlainAnalyticsEvent['name'] }),
      'name',
    ],
    ['an unknown field', { ...anEvent(), extra: true }, '_'],
    [
      'a context without locale',
      { ...anEvent(), context: { isMobile: true, role: 'x', appVersion: '1' } },
      'context.locale',
    ],
    ['an empty batch', [], '_'],
    ['a bad event inside a batch', [anEvent(), { ...anEvent(), properties: 'x' }], '1.properties'],
  ];
  it.each(invalid)(
    'answers 400 with the offending field for %s and stores nothing',
    async (_name, body, field) => {
      const before = await countEvents();
      const response = await post(body);
      expect(response.statusCode).toBe(400);
      const error = errorBodySchema.parse(response.json());
      expect(Object.keys(error.errors ?? {})).toContain(field);
      expect(await countEvents()).toBe(before);
    },
  );

  it('answers 400 to malformed JSON', async () => {
    const response = await post('[{"name":');
    expect(response.statusCode).toBe(400);
    expect(errorBodySchema.parse(response.json()).code).toBe('malformed_json');
  });

  it('answers 413 to a body over 64 KiB', async () => {
    const properties = Object.fromEntries(
      Array.from({ length: 40 }, (_, i) => [`p${i}`, 'x'.repeat(2000)]),
    );
    const response = await post(anEvent({ properties }));
    expect(response.statusCode).toBe(413);
    expect(errorBodySchema.parse(response.json()).code).toBe('payload_too_large');
  });

  it('answers 403 to a cookie-authenticated POST without X-Requested-With', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/events',
      headers: { 'content-type': 'application/json', cookie: learner.cookie },
      payload: anEvent(),
    });
    expect(response.statusCode).toBe(403);
  });

  it('rate-limits a client that sends too many requests per minute', async () => {
    const limited = await createTestApp(dialect, {
      clock: fixedClock(NOW),
      config: { rateLimitPerMinute: 3 },
    });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i += 1) {
        const response = await limited.app.inject({
          method: 'POST',
          url: '/api/events',
          headers: clientHeaders(),
          remoteAddress: '203.0.113.7',
          payload: anEvent(),
        });
        statuses.push(response.statusCode);
        if (response.statusCode === 429)
          expect(errorBodySchema.parse(response.json()).code).toBe('rate_limited');
      }
      expect(statuses).toEqual([202, 202, 202, 429]);
      const other = await limited.app.inject({
        method: 'POST',
        url: '/api/events',
        headers: clientHeaders(),
        remoteAddress: '203.0.113.8',
        payload: anEvent(),
      });
      expect(other.statusCode).toBe(202);
    } finally {
      await limited.close();
    }
  });

  async function countEvents(): Promise<number> {
    const row = await testApp.ctx.db
      .selectFrom('analyticsEvents')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }
});
