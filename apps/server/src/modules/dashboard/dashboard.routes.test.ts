// The learner dashboard through real HTTP on every dialect: tasks in the learner's time zone, recent courses
// (with "opened"), and promo banners by audience and dates; always the caller's own data.
import { WorkflowState } from '@portal/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../lib/clock.ts';
import { newId } from '../../lib/ids.ts';
import { insertActivityWorkflows } from '../../seed/course-records.ts';
import { aCourse, aCourseTree, aTenant, aUser, anEnrolment } from '../../test/course-builders.ts';
import { clientHeaders, createTestApp, type TestApp } from '../../test/test-app.ts';
import { testDialects } from '../../test/test-databases.ts';
import { signInAs } from '../../test/sign-in.ts';
import { createDashboardRepository } from './dashboard.repository.ts';
import { createDashboardService } from './dashboard.service.ts';
import { createPromoBannersRepository } from './promo-banners.repository.ts';

// 23:30 UTC on 24 March 2030 is already 25 March in Berlin; summer time starts there on 31 March.
const NOW = '2030-03-24T23:30:00.000Z';
const clock = fixedClock(NOW);

describe.each(await testDialects())('dashboard on %s', (dialect) => {
  let testApp: TestApp;
  let cookie: string;
  let otherCookie: string;
  let tenantId: string;
  let otherTenantId: string;
  let learnerId: string;
  const ids: Record<string, string> = {};
  let quizAxis: string;

  beforeAll(async () => {
    clock.set(NOW);
    testApp = await createTestApp(dialect, { clock });
    const { db } = testApp.ctx;
    tenantId = await aTenant(db);
    otherTenantId = await aTenant(db);
    learnerId = await aUser(db, tenantId);
    const otherId = await aUser(db, tenantId);
    await db
      .updateTable('users')
      .set({ timezone: 'W. Europe Standard Time' })
      .where('id', '=', learnerId)
      .execute();

    const tree = await aCourseTree(db, tenantId, 'Data literacy', [
      {
        name: 'Module 1',
        children: [
          // 1 April 23:30 in Berlin (summer time): seven calendar days after the learner's 25 March.
          { name: 'Quiz', constraint: { due: '2030-04-01T21:30:00.000Z' } },
          {
            name: 'Essay',
            constraint: {
              due: '2030-03-20T17:00:00.000Z',
              gracePeriodUntil: '2030-03-28T17:00:00.000Z',
            },
          },
          { name: 'Reading', constraint: { due: '2030-03-25T17:00:00.000Z' } },
        ],
      },
    ]);
    ids.literacy = tree.objectiveId;
    quizAxis = tree.parts.Quiz!.axis;
    const literacy = await anEnrolment(db, {
      tenantId,
      userId: learnerId,
      objectiveId: ids.literacy,
    })
      .selfEnrolled()
      .inProgress(0.4, '2030-03-20T08:00:00.000Z')
      .create();
    const started = '2030-03-22T10:00:00.000Z';
    await insertActivityWorkflows(db, {
      tenantId,
      userId: learnerId,
      objectiveWorkflowId: literacy.workflowId!,
      workflows: [
        { axis: '', activityId: tree.rootActivityId, started, finished: null },
        {
          axis: tree.parts['Module 1']!.axis,
          activityId: tree.parts['Module 1']!.activityId,
          started,
          finished: null,
        },
        // Done: no longer a task although its due date is near.
        {
          axis: tree.parts.Reading!.axis,
          activityId: tree.parts.Reading!.activityId,
          started,
          finished: '2030-03-23T09:00:00.000Z',
        },
      ],
    });

    ids.safety = await aCourse(db, tenantId).named('Safety at work').create();
    await anEnrolment(db, { tenantId, userId: learnerId, objectiveId: ids.safety })
      .mandatory()
      .create();
    ids.ethics = await aCourse(db, tenantId).named('Ethics').create();
    await anEnrolment(db, { tenantId, userId: learnerId, objectiveId: ids.ethics })
      .selfEnrolled()
      .inState(WorkflowState.submitted, '2030-03-21T12:00:00.000Z')
      .create();
    ids.finished = await aCourse(db, tenantId).named('Statistics').create();
    await anEnrolment(db, { tenantId, userId: learnerId, objectiveId: ids.finished })
      .selfEnrolled()
      .due('2030-03-01T00:00:00.000Z')
      .finished({ finished: '2030-03-10T10:00:00.000Z' })
      .create();
    // Offered only: not the learner's course.
    ids.offered = await aCourse(db, tenantId).named('Offered').create();
    await anEnrolment(db, { tenantId, userId: learnerId, objectiveId: ids.offered })
      .inCatalog()
      .due('2030-03-26T00:00:00.000Z')
      .create();
    // Another learner's course, due and mandatory: never on this learner's dashboard.
    ids.others = await aCourse(db, tenantId).named('Somebody else’s').create();
    await anEnrolment(db, { tenantId, userId: otherId, objectiveId: ids.others })
      .mandatory()
      .due('2030-03-26T00:00:00.000Z')
      .inProgress(0.9, '2030-03-24T20:00:00.000Z')
      .create();

    cookie = await signInAs(testApp, learnerId);
    otherCookie = await signInAs(testApp, otherId);
  });
  afterAll(async () => {
    await testApp?.close();
  });

  const get = (url: string, who: string = cookie) =>
    testApp.app.inject({ method: 'GET', url, headers: clientHeaders(who) });
  const post = (url: string, payload: unknown, who: string = cookie) =>
    testApp.app.inject({
      method: 'POST',
      url,
      headers: clientHeaders(who),
      payload: JSON.stringify(payload),
    });

  it("lists the learner's tasks by urgency, with days counted in the learner's time zone", async () => {
    const response = await get('/api/lms/v1/users/me/tasks');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.timeZone).toBe('Europe/Berlin');
    expect(
      body.tasks.map((t: Record<string, unknown>) => [
        t.kind,
        t.objectiveName,
        t.activityName,
        t.dueLocalDate,
        t.daysLeft,
      ]),
    ).toEqual([
      ['overdue', 'Data literacy', 'Essay', '2030-03-20', -5],
      ['dueSoon', 'Data literacy', 'Quiz', '2030-04-01', 7],
      ['notStarted', 'Safety at work', null, null, null],
      ['inGrading', 'Ethics', null, null, null],
    ]);
    expect(body.tasks[1]).toMatchObject({
      objectiveId: ids.literacy,
      due: '2030-04-01T21:30:00.000Z',
      path: `/courses/${ids.literacy}/view/content/${quizAxis}`,
    });
    expect(body.tasks[2].path).toBe(`/courses/redirect/${ids.safety}`);
  });

  it('shows another learner only their own tasks', async () => {
    const body = (await get('/api/lms/v1/users/me/tasks', otherCookie)).json();
    expect(body.timeZone).toBe('UTC');
    expect(body.tasks.map((t: { objectiveId: string }) => t.objectiveId)).toEqual([ids.others]);
  });

  it('needs a signed-in caller', async () => {
    const anonymous = '';
    expect((await get('/api/lms/v1/users/me/tasks', anonymous)).statusCode).toBe(401);
    expect((await get('/api/lms/v1/users/me/recent-courses', anonymous)).statusCode).toBe(401);
    expect((await get('/api/lms/v1/users/me/promo-banners', anonymous)).statusCode).toBe(401);
  });

  it('lists recent courses by when they were last opened or worked on, and records an opening', async () => {
    const before = (await get('/api/lms/v1/users/me/recent-courses')).json();
    expect(before.data.map((c: { objectiveName: string }) => c.objectiveName)).toEqual([
      'Data literacy',
      'Ethics',
      'Statistics',
    ]);
    expect(before.data[0]).toMatchObject({
      state: 'inProgress',
      progress: 0.4,
      lastActivity: '2030-03-23T09:00:00.000Z',
      path: `/courses/${ids.literacy}/view/content`,
    });
    expect(before.data[2]).toMatchObject({ state: 'completed', path: `/courses/${ids.finished}` });

    const opened = await post('/api/lms/v1/users/me/recent-courses', { objectiveId: ids.safety });
    expect(opened.statusCode).toBe(204);
    const after = (await get('/api/lms/v1/users/me/recent-courses?take=2')).json();
    expect(after.data.map((c: { objectiveId: string }) => c.objectiveId)).toEqual([
      ids.safety,
      ids.literacy,
    ]);
    expect(after.data[0]).toMatchObject({ state: 'notStarted', progress: 0, lastActivity: NOW });
  });

  it("never opens or shows another learner's course", async () => {
    const response = await post('/api/lms/v1/users/me/recent-courses', { objectiveId: ids.others });
    expect(response.statusCode).toBe(404);
    const mine = (await get('/api/lms/v1/users/me/recent-courses?take=12')).json();
    expect(mine.data.map((c: { objectiveId: string }) => c.objectiveId)).not.toContain(ids.others);
    const theirs = (await get('/api/lms/v1/users/me/recent-courses', otherCookie)).json();
    expect(theirs.data.map((c: { objectiveId: string }) => c.objectiveId)).toEqual([ids.others]);
  });

  it('refuses bad input with 400, and a write without the client header', async () => {
    for (const url of [
      '/api/lms/v1/users/me/recent-courses?take=0',
      '/api/lms/v1/users/me/recent-courses?take=13',
      '/api/lms/v1/users/me/recent-courses?take=two',
      '/api/lms/v1/users/me/recent-courses?skip=1',
    ]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(400);
      expect(response.json()).toHaveProperty('code');
    }
    for (const payload of [{}, { objectiveId: 'nope' }, { objectiveId: ids.safety, extra: 1 }]) {
      expect((await post('/api/lms/v1/users/me/recent-courses', payload)).statusCode).toBe(400);
    }
    const forged = await testApp.app.inject({
      method: 'POST',
      url: '/api/lms/v1/users/me/recent-courses',
      headers: { 'content-type': 'application/json', cookie },
      payload: JSON.stringify({ objectiveId: ids.safety }),
    });
    expect(forged.statusCode).toBe(403);
  });

  it('shows the banners running now for the caller’s audience, in their order', async () => {
    const { db } = testApp.ctx;
    const service = createDashboardService({
      dashboardRepository: createDashboardRepository(db),
      promoBannersRepository: createPromoBannersRepository(db),
      clock,
    });
    const unitId = newId();
    const otherUnitId = newId();
    await db
      .insertInto('units')
      .values([
        { id: unitId, tenantId, parentId: null, name: 'Sales' },
        { id: otherUnitId, tenantId, parentId: null, name: 'Finance' },
      ])
      .execute();
    await db
      .insertInto('unitMemberships')
      .values({ unitId, userId: learnerId, isPrimary: 1 })
      .execute();
    const banner = (title: string, extra: Record<string, unknown> = {}) => ({
      title,
      text: `${title} text`,
      startsAt: '2030-03-01T00:00:00Z',
      ...extra,
    });
    await service.addBanner(tenantId, banner('Everyone', { sortOrder: 2 }));
    await service.addBanner(
      tenantId,
      banner('Sales only', {
        sortOrder: 1,
        imageUrl: '/learn/banner.png',
        imageAlt: 'A chart',
        linkUrl: 'https://example.com/sales',
        linkLabel: 'Read more',
        unitIds: [unitId],
      }),
    );
    await service.addBanner(tenantId, banner('Finance only', { unitIds: [otherUnitId] }));
    await service.addBanner(tenantId, banner('Over', { endsAt: NOW }));
    await service.addBanner(tenantId, banner('Not yet', { startsAt: '2030-03-25T00:00:00Z' }));
    await service.addBanner(otherTenantId, banner('Other tenant'));

    const mine = (await get('/api/lms/v1/users/me/promo-banners')).json();
    expect(mine.data.map((b: { title: string }) => b.title)).toEqual(['Sales only', 'Everyone']);
    expect(mine.data[0]).toEqual({
      id: expect.any(String),
      title: 'Sales only',
      text: 'Sales only text',
      imageUrl: '/learn/banner.png',
      imageAlt: 'A chart',
      linkUrl: 'https://example.com/sales',
      linkLabel: 'Read more',
    });
    const theirs = (await get('/api/lms/v1/users/me/promo-banners', otherCookie)).json();
    expect(theirs.data.map((b: { title: string }) => b.title)).toEqual(['Everyone']);

    clock.set('2030-03-25T00:00:00.000Z');
    try {
      const later = (await get('/api/lms/v1/users/me/promo-banners')).json();
      // Its sort order (0, the default) puts it first.
      expect(later.data.map((b: { title: string }) => b.title)).toEqual([
        'Not yet',
        'Sales only',
        'Everyone',
      ]);
    } finally {
      clock.set(NOW);
    }
  });

  it('refuses banners with unsafe links, unknown units or a link without its label', async () => {
    const { db } = testApp.ctx;
    const service = createDashboardService({
      dashboardRepository: createDashboardRepository(db),
      promoBannersRepository: createPromoBannersRepository(db),
      clock,
    });
    const base = { title: 'T', text: 'X', startsAt: NOW };
    await expect(
      service.addBanner(tenantId, { ...base, linkUrl: 'javascript:alert(1)', linkLabel: 'Go' }),
    ).rejects.toThrow();
    await expect(
      service.addBanner(tenantId, { ...base, imageUrl: '//evil.test/x.png' }),
    ).rejects.toThrow();
    await expect(
      service.addBanner(tenantId, { ...base, linkUrl: '/learn/catalog' }),
    ).rejects.toThrow();
    await expect(
      service.addBanner(tenantId, { ...base, unitIds: [newId()] }),
    ).rejects.toMatchObject({
      code: 'unknown_unit',
    });
    const id = await service.addBanner(tenantId, { ...base, title: 'To remove' });
    await expect(service.removeBanner(otherTenantId, id)).rejects.toMatchObject({ status: 404 });
    await service.removeBanner(tenantId, id);
    expect((await service.listBanners(tenantId)).map((b) => b.title)).not.toContain('To remove');
  });
});
