// The administrators' NDJSON export of analytics events through real HTTP on every dialect: range, permission,
// tenant isolation, lines that parse, and pages read one after the other.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema, type PlainAnalyticsEvent } from '@portal/contracts';
import { fixedClock } from '../../lib/clock.ts';
import { newId } from '../../lib/ids.ts';
import { clientHeaders, createTestApp, type TestApp } from '../../test/test-app.ts';
import { testDialects } from '../../test/test-databases.ts';
import { signInAs } from '../../test/sign-in.ts';
import { createTenant, createUser } from '../identity/identity.repository.ts';
import { createEventsRepository } from './events.repository.ts';
import { createEventsExport, type ExportedEvent } from './events-export.ts';

const clock = fixedClock('2030-03-01T09:00:00.000Z');
const EXPORT_URL = '/api/platform/v1/analytics-events/export';
const MANY = 1234;

function search(text: string): PlainAnalyticsEvent {
  return {
    name: 'my_courses_search',
    properties: { search: text },
    context: { isMobile: false, role: 'learner', locale: 'fi-FI', appVersion: '1.0.0' },
  };
}

describe.each(await testDialects())('analytics events export on %s', (dialect) => {
  let testApp: TestApp;
  let tenantId: string;
  let admin: string;
  let learner: string;
  let learnerId: string;
  let outsider: string;

  beforeAll(async () => {
    clock.set('2030-03-01T09:00:00.000Z');
    testApp = await createTestApp(dialect, { clock, config: { rateLimitPerMinute: 1000 } });
    const { db } = testApp.ctx;
    const created = clock.now().toISOString();
    const tenant = await createTenant(db, { name: 'Acme', domain: 'acme.test', created });
    tenantId = tenant.id;
    const user = (email: string, roles: string[], tenant: string) =>
      createUser(db, { tenantId: tenant, email, firstName: 'A', lastName: 'B', roles, created });
    const adminUser = await user('admin@acme.test', ['Administrator', 'Learner'], tenant.id);
    const learnerUser = await user('lea@acme.test', ['Learner'], tenant.id);
    learnerId = learnerUser.id;
    const other = await createTenant(db, { name: 'Other', domain: 'other.test', created });
    const otherAdmin = await user('admin@other.test', ['Administrator'], other.id);
    admin = await signInAs(testApp, adminUser.id);
    learner = await signInAs(testApp, learnerUser.id);
    outsider = await signInAs(testApp, otherAdmin.id);

    // Through the API: one a minute apart, so that they fall into the ranges asked below.
    for (const [cookie, text] of [
      [learner, 'first'],
      [learner, 'second'],
      [outsider, 'other tenant'],
      [learner, 'third'],
    ] as const) {
      const response = await testApp.app.inject({
        method: 'POST',
        url: '/api/events',
        headers: clientHeaders(cookie),
        payload: JSON.stringify(search(text)),
      });
      expect(response.statusCode).toBe(202);
      clock.advance(60_000);
    }
    // Many more, a year later, written directly (the API would take a while).
    const rows = Array.from({ length: MANY }, (_, i) => ({
      id: newId(),
      tenantId: tenant.id,
      userId: learnerUser.id,
      name: 'my_courses_search',
      payload: JSON.stringify({ properties: { search: `bulk ${i}` }, context: search('').context }),
      // Several share a time: the pages must neither skip nor repeat them.
      created: new Date(
        Date.parse('2031-01-01T00:00:00.000Z') + Math.floor(i / 7) * 1000,
      ).toISOString(),
      sessionKey: null,
      sessionId: null,
    }));
    for (let i = 0; i < rows.length; i += 200) {
      await db
        .insertInto('analyticsEvents')
        .values(rows.slice(i, i + 200))
        .execute();
    }
  });
  afterAll(async () => {
    await testApp?.close();
  });

  const exportAs = (cookie: string | undefined, query: string) =>
    testApp.app.inject({
      method: 'GET',
      url: `${EXPORT_URL}?${query}`,
      headers: clientHeaders(cookie),
    });
  const linesOf = (body: string) =>
    body
      .split('\n')
      .filter((line, i, all) => i < all.length - 1 || line !== '')
      .map((line) => JSON.parse(line) as ExportedEvent);

  it("streams the tenant's events of [from, to) as NDJSON, oldest first", async () => {
    const response = await exportAs(admin, 'from=2030-03-01T09:00:00Z&to=2030-03-01T09:03:00Z');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/x-ndjson; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.body.endsWith('\n')).toBe(true);
    const lines = linesOf(response.body);
    // "third" was received at 09:03, the range's exclusive end; "other tenant" is not this tenant's.
    expect(lines.map((line) => line.properties.search)).toEqual(['first', 'second']);
    expect(lines[0]).toEqual({
      id: expect.any(String),
      name: 'my_courses_search',
      created: '2030-03-01T09:00:00.000Z',
      tenantId,
      userId: learnerId,
      sessionId: expect.any(String),
      properties: { search: 'first' },
      context: search('').context,
    });
    // One minute apart: the same data-lake session.
    expect(lines[1]!.sessionId).toBe(lines[0]!.sessionId);
  });

  it('reads a long range in pages, each line once, in order', async () => {
    const response = await exportAs(admin, 'from=2031-01-01T00:00:00Z&to=2031-01-02T00:00:00Z');
    expect(response.statusCode).toBe(200);
    const lines = linesOf(response.body);
    expect(lines).toHaveLength(MANY);
    expect(new Set(lines.map((line) => line.id)).size).toBe(MANY);
    const keys = lines.map((line) => `${line.created}|${line.id}`);
    expect(keys).toEqual([...keys].sort());

    const eventsExport = createEventsExport({
      eventsRepository: createEventsRepository(testApp.ctx.db, testApp.ctx.dialect),
    });
    const range = { from: '2031-01-01T00:00:00.000Z', to: '2031-01-02T00:00:00.000Z' };
    const chunks: string[] = [];
    for await (const chunk of eventsExport.lines(tenantId, range, 100)) chunks.push(chunk);
    expect(chunks).toHaveLength(Math.ceil(MANY / 100));
    expect(chunks.join('')).toBe(response.body);
    expect(await eventsExport.count(tenantId, range)).toBe(MANY);
  });

  it('answers an empty body for a range without events', async () => {
    const response = await exportAs(admin, 'from=2020-01-01T00:00:00Z&to=2020-02-01T00:00:00Z');
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('');
  });

  it('is for administrators: a learner gets 403, an anonymous caller 401', async () => {
    const range = 'from=2030-03-01T00:00:00Z&to=2030-03-02T00:00:00Z';
    expect((await exportAs(learner, range)).statusCode).toBe(403);
    expect((await exportAs(undefined, range)).statusCode).toBe(401);
  });

  it.each([
    ['without from', 'to=2030-03-02T00:00:00Z', 'from'],
    ['without to', 'from=2030-03-01T00:00:00Z', 'to'],
    ['with a time that is no ISO time', 'from=yesterday&to=2030-03-02T00:00:00Z', 'from'],
    ['with to before from', 'from=2030-03-02T00:00:00Z&to=2030-03-01T00:00:00Z', 'to'],
    ['with from equal to to', 'from=2030-03-02T00:00:00Z&to=2030-03-02T00:00:00Z', 'to'],
    ['over 366 days', 'from=2030-01-01T00:00:00Z&to=2031-01-03T00:00:00Z', 'to'],
    ['with an unknown parameter', 'from=2030-03-01T00:00:00Z&to=2030-03-02T00:00:00Z&x=1', '_'],
  ])('answers 400 %s', async (_name, query, field) => {
    const response = await exportAs(admin, query);
    expect(response.statusCode).toBe(400);
    expect(Object.keys(errorBodySchema.parse(response.json()).errors ?? {})).toContain(field);
  });
});
