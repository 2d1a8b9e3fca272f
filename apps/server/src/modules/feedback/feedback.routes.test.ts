// The administrators' CSV export of product feedback through real HTTP on every dialect.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductFeedbackEvent } from '@portal/contracts';
import { fixedClock } from '../../lib/clock.ts';
import { clientHeaders, createTestApp, type TestApp } from '../../test/test-app.ts';
import { testDialects } from '../../test/test-databases.ts';
import { signInAs } from '../../test/sign-in.ts';
import { createTenant, createUser } from '../identity/identity.repository.ts';

const clock = fixedClock('2030-03-01T09:00:00.000Z');
const EXPORT_URL = '/api/platform/v1/product-feedback/export';

function feedback(comment: string, details: ProductFeedbackEvent['properties']['details']) {
  return {
    name: 'product_feedback',
    properties: { grade: 2, details, comment },
    context: {
      isMobile: true,
      role: 'learner',
      locale: 'de-DE',
      appVersion: '1.2.3',
      os: 'Android',
      browser: 'Chrome 142',
    },
  } satisfies ProductFeedbackEvent;
}

describe.each(await testDialects())('product feedback export on %s', (dialect) => {
  let testApp: TestApp;
  let admin: string;
  let learner: string;
  let outsider: string;
  let feedbackIds: string[];

  beforeAll(async () => {
    clock.set('2030-03-01T09:00:00.000Z');
    testApp = await createTestApp(dialect, { clock, config: { rateLimitPerMinute: 100 } });
    const { db } = testApp.ctx;
    const created = clock.now().toISOString();
    const tenant = await createTenant(db, { name: 'Acme', domain: 'acme.test', created });
    const adminUser = await createUser(db, {
      tenantId: tenant.id,
      email: 'admin@acme.test',
      firstName: 'Ada',
      lastName: 'Admin',
      roles: ['Administrator', 'Learner'],
      created,
    });
    const learnerUser = await createUser(db, {
      tenantId: tenant.id,
      email: 'lea@acme.test',
      firstName: 'Lea',
      lastName: 'Learner',
      roles: ['Learner'],
      created,
    });
    const other = await createTenant(db, { name: 'Other', domain: 'other.test', created });
    const outsiderUser = await createUser(db, {
      tenantId: other.id,
      email: 'olli@other.test',
      firstName: 'Olli',
      lastName: 'Other',
      roles: ['Learner'],
      created,
    });
    admin = await signInAs(testApp, adminUser.id);
    learner = await signInAs(testApp, learnerUser.id);
    outsider = await signInAs(testApp, outsiderUser.id);

    await send(learner, feedback('Plain words', ['navigation']));
    clock.set('2030-03-01T10:00:00.000Z');
    await send(learner, feedback('=1+1, "quoted"\nsecond line', ['results', 'other']));
    await send(outsider, feedback('From another tenant', []));
    feedbackIds = (
      await db.selectFrom('productFeedback').select('id').orderBy('created').execute()
    ).map((row) => row.id);
  });
  afterAll(async () => {
    await testApp?.close();
  });

  async function send(cookie: string, body: unknown) {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/events',
      headers: clientHeaders(cookie),
      payload: JSON.stringify(body),
    });
    expect(response.statusCode, response.body).toBe(202);
  }

  const get = (cookie: string | undefined, query = '') =>
    testApp.app.inject({
      method: 'GET',
      url: `${EXPORT_URL}${query}`,
      headers: clientHeaders(cookie),
    });

  it("gives an administrator their tenant's feedback as CSV, oldest first", async () => {
    const response = await get(admin);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toContain('product-feedback.csv');
    expect(response.body).toBe(
      'id,created,email,grade,details,comment,locale,os,browser,appVersion,isMobile\r\n' +
        `${feedbackIds[0]},2030-03-01T09:00:00.000Z,lea@acme.test,2,navigation,Plain words,de-DE,Android,Chrome 142,1.2.3,true\r\n` +
        `${feedbackIds[1]},2030-03-01T10:00:00.000Z,lea@acme.test,2,results;other,"'=1+1, ""quoted""\nsecond line",de-DE,Android,Chrome 142,1.2.3,true\r\n`,
    );
  });

  it('limits the export to a time range, from inclusive and to exclusive', async () => {
    const fromSecond = await get(admin, '?from=2030-03-01T10:00:00Z');
    expect(fromSecond.body.split('\r\n').filter(Boolean)).toHaveLength(2);
    expect(fromSecond.body).toContain('second line');
    const untilSecond = await get(admin, '?to=2030-03-01T12:00:00%2B02:00');
    expect(untilSecond.body.split('\r\n').filter(Boolean)).toHaveLength(2);
    expect(untilSecond.body).toContain('Plain words');
  });

  it('refuses a range that is not an ISO time', async () => {
    const response = await get(admin, '?from=yesterday');
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toHaveProperty('from');
  });

  it('is for administrators only', async () => {
    expect((await get(learner)).statusCode).toBe(403);
    expect((await get(undefined)).statusCode).toBe(401);
  });
});
