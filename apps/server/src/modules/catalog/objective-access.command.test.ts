// create-objective-accesses through real HTTP on every dialect: joining a course of the tenant's open
// catalog once, however often it is asked for, and never a course that is not public there.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  encodeLoadOptions,
  type EnrollmentAggregate,
  type ListEnvelope,
  type ObjectiveAccess,
} from '@portal/contracts';
import { clientHeaders, createTestApp, type TestApp } from '../../test/test-app.ts';
import { testDialects } from '../../test/test-databases.ts';
import { signInAs } from '../../test/sign-in.ts';
import { fixedClock } from '../../lib/clock.ts';
import { aCourse, anEnrolment, aTenant, aUser } from '../../test/course-builders.ts';
import { postCommand, runCommand } from './catalog-commands.fixture.ts';
import { CREATE_OBJECTIVE_ACCESSES } from './objective-access.command.ts';
import { CREATE_SELF_ENROLLMENTS } from './self-enrollment.command.ts';

const NOW = '2026-03-15T12:00:00.000Z';

describe.each(await testDialects())('create-objective-accesses on %s', (dialect) => {
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

  const publicCourse = (name: string) =>
    aCourse(testApp.ctx.db, tenantId).named(name).inOpenCatalog().create();
  const join = (objectiveId: string, id: string = randomUUID(), as = cookie) =>
    runCommand(testApp, CREATE_OBJECTIVE_ACCESSES, as, { id, objectiveId });

  async function accessesOf(objectiveId: string, userId = learner) {
    return testApp.ctx.db
      .selectFrom('objectiveAccesses as oa')
      .innerJoin('objectiveWorkflowAggregates as owa', 'owa.objectiveAccessId', 'oa.id')
      .select(['oa.id', 'oa.showInCatalog', 'oa.isMandatory', 'owa.isSelfEnrolled'])
      .where('oa.objectiveId', '=', objectiveId)
      .where('oa.userId', '=', userId)
      .execute();
  }

  async function getAccess(objectiveId: string) {
    return testApp.app.inject({
      method: 'GET',
      url: `/api/lms/v1/users/me/objectives/${objectiveId}/objective-access`,
      headers: clientHeaders(cookie),
    });
  }

  it('creates the caller’s catalog access to a public course, then self-enrolment adds it', async () => {
    const objectiveId = await publicCourse('Open Statistics');
    expect((await getAccess(objectiveId)).statusCode).toBe(404);
    const status = await join(objectiveId);
    expect(status.completed).toMatchObject({ state: 1, errors: null });
    const access = (await getAccess(objectiveId)).json<ObjectiveAccess>();
    expect(access).toMatchObject({
      id: status.entityId,
      objectiveId,
      userId: learner,
      isMandatory: false,
      showInCatalog: true,
      isSelfEnrolled: false,
    });
    // The deep action polls the list for the aggregate, then self-enrols.
    const query = encodeLoadOptions({ filter: ['objective.id', '=', objectiveId] });
    const list = await testApp.app.inject({
      method: 'GET',
      url: `/api/lms/v1/objective-workflow-aggregates/query?${query}`,
      headers: clientHeaders(cookie),
    });
    const [aggregate] = list.json<ListEnvelope<EnrollmentAggregate>>().data;
    expect(aggregate).toMatchObject({
      id: access.objectiveWorkflowAggregateId,
      objectiveAccess: { id: access.id },
    });
    const enrolled = await runCommand(testApp, CREATE_SELF_ENROLLMENTS, cookie, {
      objectiveAccessId: access.id,
    });
    expect(enrolled).toMatchObject({ entityId: access.id, completed: { state: 1 } });
    expect(await accessesOf(objectiveId)).toEqual([
      { id: access.id, showInCatalog: 1, isMandatory: 0, isSelfEnrolled: 1 },
    ]);
  });

  it('is idempotent: a repeated id, a new id and concurrent requests all answer the one access', async () => {
    const objectiveId = await publicCourse('Open Twice');
    const id = randomUUID();
    const first = await join(objectiveId, id);
    expect(await join(objectiveId, id)).toEqual(first);
    const again = await join(objectiveId);
    expect(again).toMatchObject({ entityId: first.entityId, completed: { state: 1 } });

    const concurrentCourse = await publicCourse('Open Concurrently');
    const statuses = await Promise.all(Array.from({ length: 10 }, () => join(concurrentCourse)));
    const accesses = await accessesOf(concurrentCourse);
    expect(accesses).toHaveLength(1);
    for (const status of statuses) {
      expect(status).toMatchObject({ entityId: accesses[0]!.id, completed: { state: 1 } });
    }
  });

  it('answers an existing access, offering a hidden one in the catalog and leaving enrolments alone', async () => {
    const hiddenCourse = await publicCourse('Open Hidden');
    const hidden = await anEnrolment(testApp.ctx.db, {
      tenantId,
      userId: learner,
      objectiveId: hiddenCourse,
    }).create();
    expect((await join(hiddenCourse)).entityId).toBe(hidden.accessId);
    expect(await accessesOf(hiddenCourse)).toEqual([
      { id: hidden.accessId, showInCatalog: 1, isMandatory: 0, isSelfEnrolled: 0 },
    ]);

    const mandatoryCourse = await publicCourse('Open Mandatory');
    const mandatory = await anEnrolment(testApp.ctx.db, {
      tenantId,
      userId: learner,
      objectiveId: mandatoryCourse,
    })
      .mandatory()
      .create();
    expect((await join(mandatoryCourse)).entityId).toBe(mandatory.accessId);
    expect(await accessesOf(mandatoryCourse)).toEqual([
      { id: mandatory.accessId, showInCatalog: 0, isMandatory: 1, isSelfEnrolled: 0 },
    ]);
  });

  it('refuses every course that is not public in the caller’s tenant, creating nothing', async () => {
    const db = testApp.ctx.db;
    const otherTenant = await aTenant(db);
    const notPublic = {
      'not flagged': await aCourse(db, tenantId).named('Closed').create(),
      draft: await aCourse(db, tenantId).named('Open Draft').inOpenCatalog().draft().create(),
      archived: await aCourse(db, tenantId)
        .named('Open Archived')
        .inOpenCatalog()
        .archived()
        .create(),
      'archived status': await aCourse(db, tenantId)
        .named('Open Withdrawn')
        .inOpenCatalog()
        .withArchivedStatus()
        .create(),
      'another tenant': await aCourse(db, otherTenant).named('Theirs').inOpenCatalog().create(),
      missing: randomUUID(),
    };
    for (const [reason, objectiveId] of Object.entries(notPublic)) {
      const status = await join(objectiveId);
      expect(status, reason).toMatchObject({
        entityId: null,
        completed: {
          state: 2,
          errors: {
            ObjectiveId: [
              `Course with id '${objectiveId}' does not exist or is not in the open catalog`,
            ],
          },
        },
      });
      expect(await accessesOf(objectiveId), reason).toEqual([]);
    }
  });

  it('answers 400 per field for a malformed body and 401 without a session', async () => {
    const malformed = await postCommand(testApp, CREATE_OBJECTIVE_ACCESSES, cookie, {
      objectiveId: 'x',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ errors: { objectiveId: [expect.any(String)] } });
    const anonymous = await postCommand(testApp, CREATE_OBJECTIVE_ACCESSES, undefined, {
      objectiveId: randomUUID(),
    });
    expect(anonymous.statusCode).toBe(401);
  });
});
