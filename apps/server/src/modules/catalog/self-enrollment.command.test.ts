// create-self-enrollments through real HTTP on every dialect: one enrolment however often it is asked
// for, and a clear per-field refusal for every course that cannot be added.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  encodeLoadOptions,
  type CommandStatus,
  type EnrollmentAggregate,
  type ListEnvelope,
} from '@portal/contracts';
import { buildCatalogFilter, buildEnrolledFilter, emptyCourseListFilters } from '@portal/domain';
import { clientHeaders, createTestApp, type TestApp } from '../../test/test-app.ts';
import { testDialects } from '../../test/test-databases.ts';
import { signInAs } from '../../test/sign-in.ts';
import { fixedClock } from '../../lib/clock.ts';
import { aCourse, anEnrolment, aTenant, aUser } from '../../test/course-builders.ts';
import { postCommand, runCommand } from './catalog-commands.fixture.ts';
import { CREATE_SELF_ENROLLMENTS } from './self-enrollment.command.ts';

const NOW = '2026-03-15T12:00:00.000Z';

describe.each(await testDialects())('create-self-enrollments on %s', (dialect) => {
  const clock = fixedClock(NOW);
  let testApp: TestApp;
  let tenantId: string;
  let learner: string;
  let cookie: string;

  beforeAll(async () => {
    testApp = await createTestApp(dialect, { clock });
    tenantId = await aTenant(testApp.ctx.db);
    learner = await aUser(testApp.ctx.db, tenantId);
    cookie = await signInAs(testApp, learner);
  });

  afterAll(async () => {
    await testApp.close();
  });

  /** A course of the learner's catalog, shaped by `shape`; answers the access id. */
  async function catalogCourse(
    name: string,
    shape: (enrolment: ReturnType<typeof anEnrolment>) => ReturnType<typeof anEnrolment> = (
      enrolment,
    ) => enrolment.inCatalog(),
    course: (builder: ReturnType<typeof aCourse>) => ReturnType<typeof aCourse> = (b) => b,
    userId = learner,
  ): Promise<{ accessId: string; aggregateId: string; objectiveId: string }> {
    const objectiveId = await course(aCourse(testApp.ctx.db, tenantId).named(name)).create();
    const written = await shape(
      anEnrolment(testApp.ctx.db, { tenantId, userId, objectiveId }),
    ).create();
    return { accessId: written.accessId, aggregateId: written.aggregateId, objectiveId };
  }

  const enrol = (objectiveAccessId: string, id: string = randomUUID()) =>
    runCommand(testApp, CREATE_SELF_ENROLLMENTS, cookie, { id, objectiveAccessId });

  async function listNames(filter: unknown): Promise<string[]> {
    const query = encodeLoadOptions({ filter: filter as never, take: 100 });
    const response = await testApp.app.inject({
      method: 'GET',
      url: `/api/lms/v1/objective-workflow-aggregates/query?${query}`,
      headers: clientHeaders(cookie),
    });
    return response.json<ListEnvelope<EnrollmentAggregate>>().data.map((i) => i.objective.name);
  }

  async function selfEnrolledRows(objectiveId: string) {
    return testApp.ctx.db
      .selectFrom('objectiveWorkflowAggregates')
      .select(['id', 'isSelfEnrolled'])
      .where('objectiveId', '=', objectiveId)
      .where('userId', '=', learner)
      .execute();
  }

  it('adds a catalog course to My Courses and answers the access id', async () => {
    const { accessId, objectiveId } = await catalogCourse('Adds Once');
    const status = await enrol(accessId);
    expect(status).toMatchObject({
      entityId: accessId,
      completed: { state: 1, errors: null, completed: NOW },
    });
    expect(await selfEnrolledRows(objectiveId)).toEqual([
      { id: expect.any(String), isSelfEnrolled: 1 },
    ]);
    expect(await listNames(buildCatalogFilter(emptyCourseListFilters))).not.toContain('Adds Once');
    expect(await listNames(buildEnrolledFilter(emptyCourseListFilters))).toContain('Adds Once');
    const access = await testApp.app.inject({
      method: 'GET',
      url: `/api/lms/v1/users/me/objectives/${objectiveId}/objective-access`,
      headers: clientHeaders(cookie),
    });
    expect(access.json()).toMatchObject({ id: accessId, isSelfEnrolled: true });
  });

  it('accepts respond-async and finishes in the background', async () => {
    const { accessId } = await catalogCourse('Adds Async');
    const id = randomUUID();
    const accepted = await postCommand(
      testApp,
      CREATE_SELF_ENROLLMENTS,
      cookie,
      { id, objectiveAccessId: accessId },
      'respond-async',
    );
    expect(accepted.statusCode).toBe(202);
    expect(accepted.json()).toMatchObject({
      id,
      url: `/api/lms/v1/${CREATE_SELF_ENROLLMENTS}/${id}`,
    });
    const deadline = Date.now() + 5000;
    let status: CommandStatus;
    do {
      await new Promise((resolve) => setTimeout(resolve, 20));
      status = (
        await testApp.app.inject({
          method: 'GET',
          url: `/api/lms/v1/${CREATE_SELF_ENROLLMENTS}/${id}`,
          headers: clientHeaders(cookie),
        })
      ).json<CommandStatus>();
    } while (!status.completed && Date.now() < deadline);
    expect(status).toMatchObject({ entityId: accessId, completed: { state: 1 } });
  });

  it('answers a repeated command id with the first outcome and enrols once', async () => {
    const { accessId, objectiveId } = await catalogCourse('Same Id Twice');
    const id = randomUUID();
    const first = await enrol(accessId, id);
    const second = await enrol(accessId, id);
    expect(second).toEqual(first);
    expect(first.completed?.state).toBe(1);
    expect(await selfEnrolledRows(objectiveId)).toHaveLength(1);
  });

  it('answers a second enrolment of a course already added with success and changes nothing', async () => {
    const { accessId, aggregateId } = await catalogCourse('Added Before', (e) =>
      e.inCatalog().selfEnrolled(),
    );
    const before = await testApp.ctx.db
      .selectFrom('objectiveWorkflowAggregates')
      .selectAll()
      .where('id', '=', aggregateId)
      .executeTakeFirstOrThrow();
    expect(await enrol(accessId)).toMatchObject({ entityId: accessId, completed: { state: 1 } });
    const after = await testApp.ctx.db
      .selectFrom('objectiveWorkflowAggregates')
      .selectAll()
      .where('id', '=', aggregateId)
      .executeTakeFirstOrThrow();
    expect(after).toEqual(before);
  });

  it('enrols exactly once under 20 concurrent clicks with different command ids', async () => {
    const { accessId, objectiveId } = await catalogCourse('Twenty Clicks');
    const statuses = await Promise.all(Array.from({ length: 20 }, () => enrol(accessId)));
    // Every click succeeds (the course is in My Courses), and only one enrolment exists.
    expect(statuses.map((status) => status.completed?.state)).toEqual(Array(20).fill(1));
    expect(new Set(statuses.map((status) => status.entityId))).toEqual(new Set([accessId]));
    const rows = await selfEnrolledRows(objectiveId);
    expect(rows).toEqual([{ id: expect.any(String), isSelfEnrolled: 1 }]);
    const accesses = await testApp.ctx.db
      .selectFrom('objectiveAccesses')
      .select('id')
      .where('objectiveId', '=', objectiveId)
      .execute();
    expect(accesses).toHaveLength(1);
  });

  const refusal = (message: string) => ({
    entityId: null,
    completed: { state: 2, errors: { ObjectiveAccessId: [message] } },
  });

  it('refuses an access that does not exist or belongs to someone else, revealing nothing', async () => {
    const missing = randomUUID();
    const message = (id: string) =>
      `Course access with id '${id}' does not exist or your permissions are not enough to access it`;
    expect(await enrol(missing)).toMatchObject(refusal(message(missing)));
    const someoneElse = await aUser(testApp.ctx.db, tenantId);
    const { accessId, objectiveId } = await catalogCourse(
      'Someone Else’s',
      undefined,
      undefined,
      someoneElse,
    );
    expect(await enrol(accessId)).toMatchObject(refusal(message(accessId)));
    const theirs = await testApp.ctx.db
      .selectFrom('objectiveWorkflowAggregates')
      .select('isSelfEnrolled')
      .where('objectiveId', '=', objectiveId)
      .executeTakeFirstOrThrow();
    expect(theirs.isSelfEnrolled).toBe(0);
  });

  it.each([
    ['not offered in the catalog', (e: ReturnType<typeof anEnrolment>) => e],
    ['mandatory', (e: ReturnType<typeof anEnrolment>) => e.inCatalog().mandatory()],
    ['started', (e: ReturnType<typeof anEnrolment>) => e.inCatalog().inProgress()],
    ['finished', (e: ReturnType<typeof anEnrolment>) => e.inCatalog().finished()],
    ['with an imported result', (e: ReturnType<typeof anEnrolment>) => e.inCatalog().imported()],
  ])('refuses a course %s: it is not in the catalog', async (name, shape) => {
    const { accessId, aggregateId } = await catalogCourse(`Refused ${name}`, shape);
    const before = await testApp.ctx.db
      .selectFrom('objectiveWorkflowAggregates')
      .selectAll()
      .where('id', '=', aggregateId)
      .executeTakeFirstOrThrow();
    expect(await enrol(accessId)).toMatchObject(refusal('The course is not in your catalog.'));
    const after = await testApp.ctx.db
      .selectFrom('objectiveWorkflowAggregates')
      .selectAll()
      .where('id', '=', aggregateId)
      .executeTakeFirstOrThrow();
    expect(after).toEqual(before);
  });

  it.each([
    ['archived', (b: ReturnType<typeof aCourse>) => b.archived()],
    ['withdrawn (archived status)', (b: ReturnType<typeof aCourse>) => b.withArchivedStatus()],
  ])('refuses a course that is %s', async (name, course) => {
    const { accessId, objectiveId } = await catalogCourse(
      `Archived ${name}`,
      (e) => e.inCatalog(),
      course,
    );
    expect(await enrol(accessId)).toMatchObject(refusal('The course is archived.'));
    expect(await selfEnrolledRows(objectiveId)).toEqual([
      { id: expect.any(String), isSelfEnrolled: 0 },
    ]);
  });

  it('refuses a course outside its availability window, with the date', async () => {
    const early = await catalogCourse('Opens Later', (e) =>
      e.inCatalog().availableFrom('2026-04-01T08:30:00.000Z'),
    );
    expect(await enrol(early.accessId)).toMatchObject(
      refusal('The course is available from Apr 1, 2026, 8:30 AM UTC.'),
    );
    const late = await catalogCourse('Closed Already', (e) =>
      e.inCatalog().availableUntil('2026-03-01T00:00:00.000Z'),
    );
    expect(await enrol(late.accessId)).toMatchObject(
      refusal('The course was available until Mar 1, 2026, 12:00 AM UTC.'),
    );
    const open = await catalogCourse('Open Now', (e) =>
      e
        .inCatalog()
        .availableFrom('2026-03-01T00:00:00.000Z')
        .availableUntil('2026-04-01T00:00:00.000Z'),
    );
    expect(await enrol(open.accessId)).toMatchObject({ completed: { state: 1 } });
  });

  it('answers 400 per field for a malformed body and 401 without a session', async () => {
    const missing = await postCommand(testApp, CREATE_SELF_ENROLLMENTS, cookie, {
      id: randomUUID(),
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ errors: { objectiveAccessId: [expect.any(String)] } });
    const unknown = await postCommand(testApp, CREATE_SELF_ENROLLMENTS, cookie, {
      objectiveAccessId: randomUUID(),
      userId: randomUUID(),
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ errors: { userId: ['Unknown field "userId"'] } });
    const notAnId = await postCommand(testApp, CREATE_SELF_ENROLLMENTS, cookie, {
      objectiveAccessId: 'abc',
    });
    expect(notAnId.json()).toMatchObject({ errors: { objectiveAccessId: [expect.any(String)] } });
    const anonymous = await postCommand(testApp, CREATE_SELF_ENROLLMENTS, undefined, {
      objectiveAccessId: randomUUID(),
    });
    expect(anonymous.statusCode).toBe(401);
  });
});
