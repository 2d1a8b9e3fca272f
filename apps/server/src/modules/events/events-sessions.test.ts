// Data-lake sessions of the stored events on every dialect: a learner's events share a session until
// lms.datalake.sessionDuration minutes pass without one (30 when the tenant has not set it).
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlainAnalyticsEvent } from '@portal/contracts';
import { fixedClock } from '../../lib/clock.ts';
import { clientHeaders, createTestApp, type TestApp } from '../../test/test-app.ts';
import { testDialects } from '../../test/test-databases.ts';
import { createSignedInUser } from '../../commands/key-value-command.fixture.ts';

const MINUTE = 60_000;

function anEvent(tag: string, deviceId?: string): PlainAnalyticsEvent {
  return {
    name: 'about_the_course_page_load',
    properties: { tag },
    context: {
      isMobile: false,
      role: 'learner',
      locale: 'en-US',
      appVersion: '1.0.0',
      ...(deviceId ? { deviceId } : {}),
    },
  };
}

describe.each(await testDialects())('data-lake sessions on %s', (dialect) => {
  const clock = fixedClock('2030-03-01T09:00:00.000Z');
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await createTestApp(dialect, { clock, config: { rateLimitPerMinute: 1000 } });
  });
  afterAll(async () => {
    await testApp?.close();
  });

  const post = async (body: PlainAnalyticsEvent | PlainAnalyticsEvent[], cookie?: string) => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/events',
      headers: clientHeaders(cookie),
      payload: JSON.stringify(body),
    });
    expect(response.statusCode).toBe(202);
  };
  const sessionsOf = async (tagPrefix: string) =>
    (
      await testApp.ctx.db
        .selectFrom('analyticsEvents')
        .select(['sessionId', 'payload'])
        .where('payload', 'like', `%"tag":"${tagPrefix}%`)
        .orderBy('created')
        .execute()
    ).map((row) => row.sessionId);
  /** The session ids renamed to 1, 2, … in order of appearance, to compare shapes. */
  const shape = (ids: (string | null)[]) => {
    const seen = new Map<string, number>();
    return ids.map((id) =>
      id === null ? null : (seen.get(id) ?? seen.set(id, seen.size + 1).get(id)),
    );
  };

  it("follows the tenant's lms.datalake.sessionDuration", async () => {
    const learner = await createSignedInUser(testApp);
    await testApp.ctx.db
      .insertInto('settings')
      .values({ tenantId: learner.tenantId, key: 'lms.datalake.sessionDuration', value: '10' })
      .execute();
    await post([anEvent('tenant-a'), anEvent('tenant-b')], learner.cookie);
    clock.advance(10 * MINUTE); // exactly the duration: still the same session
    await post(anEvent('tenant-c'), learner.cookie);
    clock.advance(10 * MINUTE + 1000); // a moment longer: a new one
    await post(anEvent('tenant-d'), learner.cookie);
    clock.advance(MINUTE);
    await post(anEvent('tenant-e'), learner.cookie);
    expect(shape(await sessionsOf('tenant-'))).toEqual([1, 1, 1, 2, 2]);
  });

  it('lasts 30 minutes of inactivity when the tenant has not set it, or set it to nonsense', async () => {
    const learner = await createSignedInUser(testApp);
    const other = await createSignedInUser(testApp);
    await testApp.ctx.db
      .insertInto('settings')
      .values({ tenantId: other.tenantId, key: 'lms.datalake.sessionDuration', value: '"soon"' })
      .execute();
    await post(anEvent('default-a'), learner.cookie);
    await post(anEvent('nonsense-a'), other.cookie);
    clock.advance(29 * MINUTE);
    await post(anEvent('default-b'), learner.cookie);
    await post(anEvent('nonsense-b'), other.cookie);
    clock.advance(31 * MINUTE);
    await post(anEvent('default-c'), learner.cookie);
    await post(anEvent('nonsense-c'), other.cookie);
    const learnerSessions = await sessionsOf('default-');
    const otherSessions = await sessionsOf('nonsense-');
    expect(shape(learnerSessions)).toEqual([1, 1, 2]);
    expect(shape(otherSessions)).toEqual([1, 1, 2]);
    // Two learners never share a session.
    expect(learnerSessions.filter((id) => otherSessions.includes(id))).toEqual([]);
  });

  it("keeps an anonymous visitor's session by device, and none without a device id", async () => {
    const device = randomUUID();
    await post(anEvent('device-a', device));
    clock.advance(5 * MINUTE);
    await post(anEvent('device-b', device));
    clock.advance(1000);
    await post(anEvent('device-other', randomUUID()));
    clock.advance(1000);
    await post(anEvent('device-none'));
    const [a, b, otherDevice, none] = await sessionsOf('device-');
    expect(a).toEqual(expect.any(String));
    expect(b).toBe(a);
    expect(otherDevice).not.toBe(a);
    expect(none).toBeNull();
  });
});
