// The public open catalog through real HTTP on every dialect: no sign-in, only public courses of the
// domain's tenant, nothing about any learner, and a per-IP rate limit.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  encodeLoadOptions,
  listEnvelopeSchema,
  publicObjectiveDetailSchema,
  publicObjectiveSchema,
  publicShowcaseSchema,
  type LoadOptions,
  type PublicObjective,
  type ListEnvelope,
} from '@portal/contracts';
import { clientHeaders, createTestApp, type TestApp } from '../../test/test-app.ts';
import { testDialects } from '../../test/test-databases.ts';
import { signInAs } from '../../test/sign-in.ts';
import { fixedClock } from '../../lib/clock.ts';
import { aCourse, anEnrolment, aShowcase, aUser } from '../../test/course-builders.ts';
import { createTenant } from '../identity/identity.repository.ts';

const NOW = '2026-03-15T12:00:00.000Z';
const PUBLIC = '/api/lms/v1/public/open-catalog';

describe.each(await testDialects())('public open catalog on %s', (dialect) => {
  let testApp: TestApp;
  const ids = {} as Record<
    | 'tenant'
    | 'learner'
    | 'dataAi'
    | 'languages'
    | 'privateShowcase'
    | 'statistics'
    | 'spanish'
    | 'unlisted'
    | 'draft'
    | 'otherTenantCourse',
    string
  >;
  const privateIds: string[] = [];

  beforeAll(async () => {
    testApp = await createTestApp(dialect, { clock: fixedClock(NOW), startWorker: false });
    const db = testApp.ctx.db;
    const tenant = await createTenant(db, { name: 'Open', domain: 'open.test', created: NOW });
    ids.tenant = tenant.id;
    const other = await createTenant(db, { name: 'Other', domain: 'other.test', created: NOW });
    ids.learner = await aUser(db, ids.tenant);
    ids.dataAi = await aShowcase(db, ids.tenant, 'Data & AI', 1);
    ids.languages = await aShowcase(db, ids.tenant, 'Languages', 2);
    ids.privateShowcase = await aShowcase(db, ids.tenant, 'Internal only', 3);
    const course = () => aCourse(db, ids.tenant);
    ids.statistics = await course()
      .named('Statistics', 'ST-1', 'Numbers for everyone')
      .about('<p>About statistics</p>')
      .composite()
      .withChildren(3)
      .tiles()
      .inShowcases(ids.dataAi)
      .inOpenCatalog()
      .create();
    ids.spanish = await course()
      .named('business spanish', 'ES-2', 'Hola')
      .inShowcases(ids.languages, ids.dataAi)
      .inOpenCatalog()
      .create();
    await course().named('Algebra', null).inOpenCatalog().create();
    ids.unlisted = await course()
      .named('Internal Course')
      .inShowcases(ids.privateShowcase, ids.dataAi)
      .create();
    ids.draft = await course().named('Draft Course').inOpenCatalog().draft().create();
    const archived = await course().named('Archived Course').inOpenCatalog().archived().create();
    const withdrawn = await course()
      .named('Withdrawn Course')
      .inOpenCatalog()
      .withArchivedStatus()
      .create();
    ids.otherTenantCourse = await aCourse(db, other.id)
      .named('Other Tenant Course')
      .inOpenCatalog()
      .create();
    // Learners' data that must never leak: enrolments, even in public courses.
    const written = await anEnrolment(db, {
      tenantId: ids.tenant,
      userId: ids.learner,
      objectiveId: ids.statistics,
    })
      .selfEnrolled()
      .finished()
      .create();
    privateIds.push(
      ids.learner,
      written.accessId,
      written.aggregateId,
      written.workflowId!,
      written.recordId!,
      ids.unlisted,
      ids.draft,
      archived,
      withdrawn,
      ids.privateShowcase,
    );
  });

  afterAll(async () => {
    await testApp.close();
  });

  const get = (url: string, cookie?: string) =>
    testApp.app.inject({ method: 'GET', url, headers: clientHeaders(cookie) });

  async function query(domain: string, options: LoadOptions = {}) {
    const params = encodeLoadOptions(options);
    params.set('domain', domain);
    return get(`${PUBLIC}/objectives/query?${params}`);
  }

  function expectNothingPrivate(body: string) {
    for (const id of privateIds) expect(body).not.toContain(id);
    expect(body).not.toMatch(/userId|objectiveAccess|isSelfEnrolled|isMandatory|score/i);
  }

  it('lists the public courses of the domain’s tenant by name, with the total count, without sign-in', async () => {
    const response = await query('open.test', { requireTotalCount: true });
    expect(response.statusCode).toBe(200);
    const page = listEnvelopeSchema(publicObjectiveSchema.strict()).parse(response.json());
    expect(page.data.map((item) => item.name)).toEqual([
      'Algebra',
      'business spanish',
      'Statistics',
    ]);
    expect(page.totalCount).toBe(3);
    expect(page.data.find((item) => item.id === ids.statistics)).toEqual({
      id: ids.statistics,
      name: 'Statistics',
      code: 'ST-1',
      description: 'Numbers for everyone',
      imageUrl: null,
      showcases: [{ id: ids.dataAi, name: 'Data & AI' }],
      childrenCount: 3,
      presentationMode: 1,
    });
    expectNothingPrivate(response.body);
  });

  it('pages, sorts and filters with the list protocol', async () => {
    const names = async (options: LoadOptions) =>
      (await query('OPEN.test', options))
        .json<ListEnvelope<PublicObjective>>()
        .data.map((i) => i.name);
    expect(await names({ skip: 1, take: 1 })).toEqual(['business spanish']);
    expect(await names({ sort: [{ selector: 'name', desc: true }] })).toEqual([
      'Statistics',
      'business spanish',
      'Algebra',
    ]);
    expect(await names({ filter: ['description', 'contains', 'HOLA'] })).toEqual([
      'business spanish',
    ]);
    expect(await names({ filter: ['showcases.id', '=', ids.dataAi] })).toEqual([
      'business spanish',
      'Statistics',
    ]);
    // A filter cannot reach a course that is not public.
    expect(await names({ filter: ['id', '=', ids.unlisted] })).toEqual([]);
    const unknownField = await query('open.test', { filter: ['userId', '=', ids.learner] });
    expect(unknownField.statusCode).toBe(400);
  });

  it('keeps tenants apart and needs a known domain', async () => {
    const other = await query('other.test');
    expect(other.json<ListEnvelope<PublicObjective>>().data.map((i) => i.name)).toEqual([
      'Other Tenant Course',
    ]);
    expect((await query('nowhere.test')).statusCode).toBe(404);
    expect((await get(`${PUBLIC}/objectives/query`)).statusCode).toBe(400);
    expect(
      (await get(`${PUBLIC}/objectives/${ids.otherTenantCourse}?domain=open.test`)).statusCode,
    ).toBe(404);
    expect((await get(`${PUBLIC}/showcases?domain=nowhere.test`)).statusCode).toBe(404);
  });

  it('shows one public course with its About text and nothing else', async () => {
    const response = await get(`${PUBLIC}/objectives/${ids.statistics}?domain=open.test`);
    expect(response.statusCode).toBe(200);
    const detail = publicObjectiveDetailSchema.strict().parse(response.json());
    expect(detail).toMatchObject({ name: 'Statistics', about: '<p>About statistics</p>' });
    expectNothingPrivate(response.body);
    for (const id of [ids.unlisted, ids.draft, 'not-a-uuid']) {
      const hidden = await get(`${PUBLIC}/objectives/${id}?domain=open.test`);
      expect(hidden.statusCode, id).toBe(404);
    }
  });

  it('lists only showcases with public courses, counting public courses only', async () => {
    const response = await get(`${PUBLIC}/showcases?domain=open.test`);
    expect(response.statusCode).toBe(200);
    const showcases = publicShowcaseSchema.strict().array().parse(response.json());
    expect(showcases.map(({ name, objectivesCount }) => [name, objectivesCount])).toEqual([
      ['Data & AI', 2],
      ['Languages', 1],
    ]);
    expectNothingPrivate(response.body);
  });

  it('answers a signed-in visitor exactly as an anonymous one', async () => {
    const cookie = await signInAs(testApp, ids.learner);
    const anonymous = await query('open.test');
    const signedIn = await get(`${PUBLIC}/objectives/query?domain=open.test`, cookie);
    expect(signedIn.json()).toEqual(anonymous.json());
  });
});

describe.each(await testDialects())('public open catalog rate limit on %s', (dialect) => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await createTestApp(dialect, {
      clock: fixedClock(NOW),
      startWorker: false,
      config: { rateLimitPerMinute: 3 },
    });
    await createTenant(testApp.ctx.db, { name: 'Open', domain: 'open.test', created: NOW });
  });

  afterAll(async () => {
    await testApp.close();
  });

  it('limits each address per minute on every public endpoint', async () => {
    for (const path of ['objectives/query', 'showcases']) {
      const from = (remoteAddress: string) =>
        testApp.app.inject({
          method: 'GET',
          url: `${PUBLIC}/${path}?domain=open.test`,
          remoteAddress,
        });
      for (let i = 0; i < 3; i += 1) expect((await from('203.0.113.7')).statusCode).toBe(200);
      const limited = await from('203.0.113.7');
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toMatchObject({ code: 'rate_limited' });
      expect((await from('203.0.113.8')).statusCode).toBe(200);
    }
    const detail = (remoteAddress: string) =>
      testApp.app.inject({
        method: 'GET',
        url: `${PUBLIC}/objectives/00000000-0000-4000-8000-000000000000?domain=open.test`,
        remoteAddress,
      });
    for (let i = 0; i < 3; i += 1) expect((await detail('203.0.113.9')).statusCode).toBe(404);
    expect((await detail('203.0.113.9')).statusCode).toBe(429);
  });
});
