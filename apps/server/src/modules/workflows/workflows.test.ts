// The learner's path through a course over real HTTP on every dialect: start, open, complete, submit, review,
// with every refusal leaving the data as it was and hidden results never leaving the server.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  activityNodeSchema,
  activityWithContentSchema,
  enrollmentAggregateSchema,
  GradeRevealPolicy,
  objectiveRecordSchema,
  objectiveWorkflowSchema,
  ResultsDisclosurePolicy,
  ReviewPolicy,
  type ActivityNode,
  type CommandStatus,
} from '@portal/contracts';
import { findNodeByAxis } from '@portal/domain';
import { clientHeaders, createTestApp, type TestApp } from '../../test/test-app.ts';
import { testDialects } from '../../test/test-databases.ts';
import { signInAs } from '../../test/sign-in.ts';
import { fixedClock } from '../../lib/clock.ts';
import {
  aCourse,
  aCourseTree,
  aGradingScale,
  anEnrolment,
  aTenant,
  aUser,
  type TreePart,
} from '../../test/course-builders.ts';
import { runCommand } from '../catalog/catalog-commands.fixture.ts';

const NOW = '2026-03-15T12:00:00.000Z';
const PAST = '2026-03-10T00:00:00.000Z';
const FUTURE = '2026-03-20T00:00:00.000Z';
const API = '/api/lms/v1';

describe.each(await testDialects())('course workflows on %s', (dialect) => {
  const clock = fixedClock(NOW);
  let testApp: TestApp;
  let tenantId: string;
  let learner: string;
  let cookie: string;
  let otherCookie: string;
  let scaleId: string;

  beforeAll(async () => {
    testApp = await createTestApp(dialect, { clock });
    tenantId = await aTenant(testApp.ctx.db);
    learner = await aUser(testApp.ctx.db, tenantId);
    cookie = await signInAs(testApp, learner);
    otherCookie = await signInAs(testApp, await aUser(testApp.ctx.db, tenantId));
    scaleId = (await aGradingScale(testApp.ctx.db, tenantId)).id;
  });

  afterAll(async () => {
    await testApp.close();
  });

  const get = (url: string, as = cookie) =>
    testApp.app.inject({ method: 'GET', url: `${API}/${url}`, headers: clientHeaders(as) });
  const command = (type: string, body: Record<string, unknown>, as = cookie) =>
    runCommand(testApp, type, as, { id: randomUUID(), ...body });

  type Enrolment = ReturnType<typeof anEnrolment>;
  /** A tree course the learner is enrolled in (self-enrolled unless `shape` says otherwise). */
  async function enrolledTree(
    parts: TreePart[],
    shape: (e: Enrolment) => Enrolment = (e) => e.selfEnrolled(),
    options: { supportReview?: boolean } = {},
  ) {
    const tree = await aCourseTree(testApp.ctx.db, tenantId, `Course ${randomUUID()}`, parts, {
      gradingScaleId: scaleId,
      ...options,
    });
    const written = await shape(
      anEnrolment(testApp.ctx.db, { tenantId, userId: learner, objectiveId: tree.objectiveId }),
    ).create();
    return { ...tree, ...written };
  }

  const startCourse = async (aggregateId: string) => {
    const status = await command('start-objective-workflows', {
      objectiveWorkflowAggregateId: aggregateId,
    });
    expect(status.completed).toMatchObject({ state: 1, errors: null });
    return status.entityId!;
  };
  const startActivity = (objectiveWorkflowId: string, axis: string) =>
    command('start-activity-workflows', {
      objectiveWorkflowId,
      activityPartIds: axis === '' ? [] : axis.split('/'),
    });
  const finishActivity = (objectiveWorkflowId: string, ids: string[]) =>
    command('finish-activity-workflows', { objectiveWorkflowId, activityWorkflowIds: ids });
  const fetchTree = async (workflowId: string, as = cookie) => {
    const response = await get(
      `users/me/objective-workflows/${workflowId}/activity-with-aggregates`,
      as,
    );
    expect(response.statusCode).toBe(200);
    return activityNodeSchema.parse(response.json());
  };
  /** Starts the node at `axis` and completes it; answers its activity workflow id. */
  async function complete(workflowId: string, axis: string): Promise<string> {
    const started = await startActivity(workflowId, axis);
    expect(started.completed).toMatchObject({ state: 1 });
    const finished = await finishActivity(workflowId, [started.entityId!]);
    expect(finished.completed).toMatchObject({ state: 1 });
    return started.entityId!;
  }
  const refused = (status: CommandStatus, field: string, message: string | RegExp) => {
    expect(status.entityId).toBeNull();
    expect(status.completed?.state).toBe(2);
    expect(status.completed?.errors?.[field]).toEqual([
      typeof message === 'string' ? message : expect.stringMatching(message),
    ]);
  };
  /** Every row a refused command could have touched, to compare before and after. */
  async function snapshot() {
    const db = testApp.ctx.db;
    return {
      workflows: await db.selectFrom('objectiveWorkflows').selectAll().orderBy('id').execute(),
      aggregates: await db
        .selectFrom('objectiveWorkflowAggregates')
        .selectAll()
        .orderBy('id')
        .execute(),
      activityWorkflows: await db
        .selectFrom('activityWorkflows')
        .selectAll()
        .orderBy('id')
        .execute(),
      activityRecords: await db.selectFrom('activityRecords').selectAll().orderBy('id').execute(),
      records: await db.selectFrom('objectiveRecords').selectAll().orderBy('id').execute(),
    };
  }

  const threeLevels: TreePart[] = [
    { name: 'M1', children: [{ name: 'A1' }, { name: 'A2' }] },
    {
      name: 'M2',
      gate: 2,
      children: [{ name: 'B1' }, { name: 'B2', optional: true }],
    },
    { name: 'M3', children: [{ name: 'C1', scoreWeight: 0 }, { name: 'C2' }] },
  ];

  describe('the learner path', () => {
    it('starts, works through a composite course in order, submits and gets the graded result', async () => {
      const course = await enrolledTree(threeLevels);
      const workflowId = await startCourse(course.aggregateId);
      const workflow = objectiveWorkflowSchema.parse(
        (await get(`users/me/objective-workflows/${workflowId}`)).json(),
      );
      expect(workflow).toMatchObject({
        objectiveId: course.objectiveId,
        objectiveWorkflowAggregateId: course.aggregateId,
        state: 1,
        progress: 0,
        started: NOW,
        objectiveRecordId: null,
      });

      const root = await startActivity(workflowId, '');
      expect(root.completed?.state).toBe(1);
      let tree = await fetchTree(workflowId);
      expect(tree.activityWorkflowAggregate.lastActivityWorkflow?.id).toBe(root.entityId);
      expect(tree.children.map((c) => c.name)).toEqual(['M1', 'M2', 'M3']);
      const node = (name: string) => findNodeByAxis(tree, course.parts[name]!.axis)!;
      expect(node('M2').available).toBe(false);
      expect(node('B1').available).toBe(false);
      expect(node('B2').part).toMatchObject({ optional: true, scoreWeight: 1 });
      expect(node('C1').part).toMatchObject({ optional: false, scoreWeight: 0 });

      // The gated module refuses until module 1 is done, and nothing is written.
      const before = await snapshot();
      refused(
        await startActivity(workflowId, course.parts.B1!.axis),
        'ActivityPartIds',
        'Complete the previous activities first.',
      );
      expect(await snapshot()).toEqual(before);
      const locked = await get(
        `users/me/objective-workflows/${workflowId}/activity/${course.parts.B1!.axis}`,
      );
      expect(locked.statusCode).toBe(403);
      expect(locked.json()).toMatchObject({ code: 'activity_not_startable' });
      // The message a learner reads is in their language (the portal's locale cookie here).
      const inJapanese = await testApp.app.inject({
        method: 'GET',
        url: `${API}/users/me/objective-workflows/${workflowId}/activity/${course.parts.B1!.axis}`,
        headers: { ...clientHeaders(cookie), cookie: `${cookie}; locale=ja-JP` },
      });
      expect(inJapanese.json()).toMatchObject({
        code: 'activity_not_startable',
        message: '先に前のアクティビティを完了してください。',
      });

      // Content of a startable text activity, before and after it is started.
      const content = await get(
        `users/me/objective-workflows/${workflowId}/activity/${course.parts.A1!.axis}`,
      );
      expect(content.statusCode).toBe(200);
      expect(activityWithContentSchema.parse(content.json())).toMatchObject({
        node: { name: 'A1', axis: course.parts.A1!.axis },
        content: '<p>A1</p>',
      });

      const a1 = await startActivity(workflowId, course.parts.A1!.axis);
      // Starting a leaf creates its module's workflow too, and a second start answers the same one.
      expect((await startActivity(workflowId, course.parts.A1!.axis)).entityId).toBe(a1.entityId);
      tree = await fetchTree(workflowId);
      const m1Workflow = node('M1').activityWorkflowAggregate.lastActivityWorkflow!;
      expect(m1Workflow.state).toBe(1);
      expect(
        (await finishActivity(workflowId, [m1Workflow.id, a1.entityId!])).completed?.state,
      ).toBe(1);
      tree = await fetchTree(workflowId);
      expect(node('A1').activityWorkflowAggregate.lastActivityWorkflow).toMatchObject({
        state: 6,
        progress: 1,
        finished: NOW,
      });
      expect(node('M1').activityWorkflowAggregate.lastActivityWorkflow).toMatchObject({
        progress: 0.5,
        finished: null,
      });
      // Grade reveal afterFinish hides every score while the attempt is in progress.
      expect(node('A1').activityWorkflowAggregate.bestActivityRecord).toMatchObject({
        score: null,
        normalizedScore: null,
        progress: 1,
      });
      expect(tree.activityWorkflowAggregate.lastActivityWorkflow?.progress).toBeCloseTo(1 / 6);

      await complete(workflowId, course.parts.A2!.axis);
      tree = await fetchTree(workflowId);
      expect(node('M1').activityWorkflowAggregate.lastActivityWorkflow?.finished).toBe(NOW);
      expect(node('M2').available).toBe(true);
      await complete(workflowId, course.parts.B1!.axis);
      await complete(workflowId, course.parts.C2!.axis);
      tree = await fetchTree(workflowId);
      // The optional B2 and the zero-weight C1 are not needed: M2 is finished, M3 only half.
      expect(node('M2').activityWorkflowAggregate.lastActivityWorkflow?.finished).toBe(NOW);
      expect(node('M3').activityWorkflowAggregate.lastActivityWorkflow?.progress).toBe(0.5);
      const progressed = objectiveWorkflowSchema.parse(
        (await get(`users/me/objective-workflows/${workflowId}`)).json(),
      );
      expect(progressed.progress).toBeCloseTo((1 + 1 + 0.5) / 3);

      const submitted = await runCommand(testApp, 'submit-objective-workflows', cookie, {
        id: workflowId,
      });
      expect(submitted).toMatchObject({ entityId: workflowId, completed: { state: 1 } });
      const finished = objectiveWorkflowSchema.parse(
        (await get(`users/me/objective-workflows/${workflowId}`)).json(),
      );
      expect(finished).toMatchObject({ state: 6, submitted: NOW, finished: NOW });
      expect(finished.objectiveRecordId).not.toBeNull();
      const record = objectiveRecordSchema.parse(
        (await get(`objective-records/${finished.objectiveRecordId}`)).json(),
      );
      // Every scored part is complete (C1 weighs nothing), so full marks: grade A, passed.
      expect(record).toMatchObject({
        objectiveId: course.objectiveId,
        objectiveWorkflowId: workflowId,
        score: 1,
        maxScore: 1,
        normalizedScore: 1,
        grade: 'A',
        gradeColor: '#2B8A3E',
        passed: true,
        finished: NOW,
      });
      const aggregate = enrollmentAggregateSchema.parse(
        (
          await get(`users/me/objectives/${course.objectiveId}/objective-workflow-aggregate`)
        ).json(),
      );
      expect(aggregate.objectiveWorkflowAggregate).toMatchObject({
        lastObjectiveWorkflow: { id: workflowId, state: 6 },
        lastObjectiveRecord: { id: record.id, grade: 'A', passed: true, normalizedScore: 1 },
      });
      // Review after finish: allowed with afterFinish, and the scores are now revealed.
      const review = await get(
        `users/me/objective-workflows/${workflowId}/activity/${course.parts.A1!.axis}`,
      );
      expect(review.statusCode).toBe(200);
      expect(review.json()).toMatchObject({
        node: {
          activityWorkflowAggregate: { bestActivityRecord: { normalizedScore: 1, score: 1 } },
        },
      });
      const records = await get(
        `objective-records/query?filter=${encodeURIComponent(JSON.stringify(['objectiveWorkflowId', '=', workflowId]))}`,
      );
      expect(records.json()).toMatchObject({ data: [{ id: record.id, grade: 'A' }] });
    });

    it('grades partial work against the scale: weights count, unfinished parts count as zero', async () => {
      const course = await enrolledTree([
        { name: 'X', scoreWeight: 3 },
        { name: 'Y', scoreWeight: 1 },
      ]);
      const workflowId = await startCourse(course.aggregateId);
      await startActivity(workflowId, '');
      await complete(workflowId, course.parts.X!.axis);
      await runCommand(testApp, 'submit-objective-workflows', cookie, { id: workflowId });
      const [record] = (
        await get(
          `objective-records/query?filter=${encodeURIComponent(JSON.stringify(['objectiveId', '=', course.objectiveId]))}`,
        )
      ).json<{ data: unknown[] }>().data;
      expect(objectiveRecordSchema.parse(record)).toMatchObject({
        normalizedScore: 0.75,
        score: 0.75,
        grade: 'B',
        passed: true,
        progress: 0.5,
      });
    });

    it('answers the same outcome to a replayed command id and starts one attempt', async () => {
      const course = await enrolledTree([{ name: 'Only' }]);
      const id = randomUUID();
      const body = { id, objectiveWorkflowAggregateId: course.aggregateId };
      const first = await runCommand(testApp, 'start-objective-workflows', cookie, body);
      const second = await runCommand(testApp, 'start-objective-workflows', cookie, body);
      expect(second).toEqual(first);
      const rows = await testApp.ctx.db
        .selectFrom('objectiveWorkflows')
        .select('id')
        .where('objectiveWorkflowAggregateId', '=', course.aggregateId)
        .execute();
      expect(rows).toEqual([{ id: first.entityId }]);
    });

    it('leaves exactly one attempt after concurrent starts with different ids', async () => {
      const course = await enrolledTree([{ name: 'Only' }]);
      const statuses = await Promise.all(
        Array.from({ length: 8 }, () =>
          command('start-objective-workflows', {
            objectiveWorkflowAggregateId: course.aggregateId,
          }),
        ),
      );
      const succeeded = statuses.filter((s) => s.completed?.state === 1);
      expect(succeeded).toHaveLength(1);
      for (const status of statuses.filter((s) => s.completed?.state !== 1)) {
        refused(status, 'ObjectiveWorkflowAggregateId', 'The course is already in progress.');
      }
      const rows = await testApp.ctx.db
        .selectFrom('objectiveWorkflows')
        .select('id')
        .where('objectiveWorkflowAggregateId', '=', course.aggregateId)
        .execute();
      expect(rows).toEqual([{ id: succeeded[0]!.entityId }]);
      const aggregate = await testApp.ctx.db
        .selectFrom('objectiveWorkflowAggregates')
        .select('lastObjectiveWorkflowId')
        .where('id', '=', course.aggregateId)
        .executeTakeFirstOrThrow();
      expect(aggregate.lastObjectiveWorkflowId).toBe(succeeded[0]!.entityId);
    });

    it('finishes an activity once however often it is asked', async () => {
      const course = await enrolledTree([{ name: 'Once' }, { name: 'Other' }]);
      const workflowId = await startCourse(course.aggregateId);
      const started = await startActivity(workflowId, course.parts.Once!.axis);
      await finishActivity(workflowId, [started.entityId!]);
      const after = await snapshot();
      const again = await finishActivity(workflowId, [started.entityId!]);
      expect(again).toMatchObject({ entityId: started.entityId, completed: { state: 1 } });
      expect(await snapshot()).toEqual(after);
    });
  });

  describe('start-objective-workflows refusals', () => {
    const FIELD = 'ObjectiveWorkflowAggregateId';
    it.each([
      [
        'offered in the catalog only',
        (e: Enrolment) => e.inCatalog(),
        'You are not enrolled in this course.',
      ],
      [
        'not yet open',
        (e: Enrolment) => e.selfEnrolled().availableFrom(FUTURE),
        'The course will be available to start on Mar 20, 2026, 12:00 AM UTC.',
      ],
      [
        'closed',
        (e: Enrolment) => e.mandatory().availableUntil(PAST),
        'The course was available to start before Mar 10, 2026, 12:00 AM UTC.',
      ],
      [
        'in progress',
        (e: Enrolment) => e.selfEnrolled().inProgress(),
        'The course is already in progress.',
      ],
      [
        'finished without retake',
        (e: Enrolment) => e.selfEnrolled().finished(),
        'Retaking this course is not allowed.',
      ],
      [
        'being graded',
        (e: Enrolment) => e.selfEnrolled().inState(3),
        'The previous attempt is still being graded.',
      ],
    ])('refuses a course %s and changes nothing', async (_name, shape, message) => {
      const course = await enrolledTree([{ name: 'P' }], shape);
      const before = await snapshot();
      refused(
        await command('start-objective-workflows', {
          objectiveWorkflowAggregateId: course.aggregateId,
        }),
        FIELD,
        message,
      );
      expect(await snapshot()).toEqual(before);
    });

    it('writes a refusal in the language the learner asked in, dates in its words', async () => {
      const course = await enrolledTree([{ name: 'DE' }], (e) =>
        e.selfEnrolled().availableFrom(FUTURE),
      );
      const response = await testApp.app.inject({
        method: 'POST',
        url: `${API}/start-objective-workflows`,
        headers: {
          ...clientHeaders(cookie),
          prefer: 'respond-sync',
          'accept-language': 'de-DE,de;q=0.9,en;q=0.5',
        },
        payload: { id: randomUUID(), objectiveWorkflowAggregateId: course.aggregateId },
      });
      const status = response.json<CommandStatus>();
      expect(status.completed?.errors?.[FIELD]).toEqual([
        'Der Kurs kann ab 20.03.2026, 00:00 UTC begonnen werden.',
      ]);
      // The answer stays the one written for the command, whoever reads it later and in which language.
      const again = await get(`start-objective-workflows/${status.id}`);
      expect(again.json<CommandStatus>().completed?.errors?.[FIELD]).toEqual(
        status.completed?.errors?.[FIELD],
      );
    });

    it('refuses archived and draft courses, and another learner’s enrolment without revealing it', async () => {
      const archived = await aCourse(testApp.ctx.db, tenantId).archived().create();
      const draft = await aCourse(testApp.ctx.db, tenantId).draft().create();
      for (const [objectiveId, message] of [
        [archived, 'The course is archived.'],
        [draft, 'The course is not available yet.'],
      ] as const) {
        const { aggregateId } = await anEnrolment(testApp.ctx.db, {
          tenantId,
          userId: learner,
          objectiveId,
        })
          .selfEnrolled()
          .create();
        refused(
          await command('start-objective-workflows', { objectiveWorkflowAggregateId: aggregateId }),
          FIELD,
          message,
        );
      }
      const course = await enrolledTree([{ name: 'Mine' }]);
      refused(
        await command(
          'start-objective-workflows',
          { objectiveWorkflowAggregateId: course.aggregateId },
          otherCookie,
        ),
        FIELD,
        /does not exist or your permissions are not enough/,
      );
    });

    it('starts again after a finished attempt with retake, and after an imported result', async () => {
      const retake = await enrolledTree([{ name: 'R' }], (e) =>
        e.selfEnrolled().retake().finished(),
      );
      const id = await startCourse(retake.aggregateId);
      expect(id).not.toBe(retake.workflowId);
      const imported = await enrolledTree([{ name: 'I' }], (e) => e.imported());
      await startCourse(imported.aggregateId);
    });
  });

  describe('activity constraints', () => {
    it.each([
      ['before startFrom', { startFrom: FUTURE }, 'This activity cannot be started yet.'],
      ['after startUntil', { startUntil: PAST }, 'The deadline to start this activity has passed.'],
      [
        'after accessibleUntil',
        { accessibleUntil: PAST },
        'This activity is no longer accessible.',
      ],
      [
        'after the grace period',
        { gracePeriodUntil: PAST },
        'The grace period of this activity is over.',
      ],
    ])('refuses to start an activity %s', async (_name, constraint, message) => {
      const course = await enrolledTree([{ name: 'Free' }, { name: 'Held', constraint }]);
      const workflowId = await startCourse(course.aggregateId);
      await startActivity(workflowId, '');
      const before = await snapshot();
      refused(await startActivity(workflowId, course.parts.Held!.axis), 'ActivityPartIds', message);
      expect(await snapshot()).toEqual(before);
      const content = await get(
        `users/me/objective-workflows/${workflowId}/activity/${course.parts.Held!.axis}`,
      );
      expect(content.statusCode).toBe(403);
      expect(content.json()).toMatchObject({ code: 'activity_not_startable', message });
    });

    it('applies a module’s constraint to the activities inside it, and refuses a draft child', async () => {
      const course = await enrolledTree([
        { name: 'Later', constraint: { startFrom: FUTURE }, children: [{ name: 'Inner' }] },
        { name: 'Soon', state: 1 },
      ]);
      const workflowId = await startCourse(course.aggregateId);
      refused(
        await startActivity(workflowId, course.parts.Inner!.axis),
        'ActivityPartIds',
        'This activity cannot be started yet.',
      );
      refused(
        await startActivity(workflowId, course.parts.Soon!.axis),
        'ActivityPartIds',
        'This activity is coming soon.',
      );
      refused(
        await startActivity(workflowId, randomUUID()),
        'ActivityPartIds',
        /The course has no activity at/,
      );
    });

    it('lets a started activity be continued after startUntil but not finished after its grace period', async () => {
      clock.set('2026-03-01T00:00:00.000Z');
      const course = await enrolledTree([
        {
          name: 'Deadline',
          constraint: {
            startUntil: '2026-03-05T00:00:00.000Z',
            gracePeriodUntil: '2026-03-08T00:00:00.000Z',
          },
        },
      ]);
      const workflowId = await startCourse(course.aggregateId);
      const started = await startActivity(workflowId, course.parts.Deadline!.axis);
      clock.set('2026-03-06T00:00:00.000Z');
      expect((await startActivity(workflowId, course.parts.Deadline!.axis)).entityId).toBe(
        started.entityId,
      );
      clock.set(NOW);
      const before = await snapshot();
      refused(
        await finishActivity(workflowId, [started.entityId!]),
        'ActivityWorkflowIds',
        'The grace period of this activity is over.',
      );
      expect(await snapshot()).toEqual(before);
    });

    it('refuses to finish a composite, an unknown workflow, or in an attempt that is not in progress', async () => {
      const course = await enrolledTree([{ name: 'Mod', children: [{ name: 'Leaf' }] }]);
      const workflowId = await startCourse(course.aggregateId);
      const root = await startActivity(workflowId, '');
      refused(
        await finishActivity(workflowId, [root.entityId!]),
        'ActivityWorkflowIds',
        'Only text activities are completed by the learner.',
      );
      refused(
        await finishActivity(workflowId, [randomUUID()]),
        'ActivityWorkflowIds',
        /does not exist/,
      );
      await runCommand(testApp, 'submit-objective-workflows', cookie, { id: workflowId });
      const before = await snapshot();
      refused(
        await startActivity(workflowId, course.parts.Leaf!.axis),
        'ObjectiveWorkflowId',
        'The course is not in progress.',
      );
      refused(
        await finishActivity(workflowId, [root.entityId!]),
        'ObjectiveWorkflowId',
        'The course is not in progress.',
      );
      refused(
        await command('finish-objective-workflows', { objectiveWorkflowId: workflowId }),
        'ObjectiveWorkflowId',
        'The attempt is already finished.',
      );
      expect(await snapshot()).toEqual(before);
    });
  });

  describe('finish-objective-workflows', () => {
    it('finishes an attempt in progress with its result, like submit', async () => {
      const course = await enrolledTree([{ name: 'Done' }]);
      const workflowId = await startCourse(course.aggregateId);
      await complete(workflowId, course.parts.Done!.axis);
      const status = await command('finish-objective-workflows', {
        objectiveWorkflowId: workflowId,
      });
      expect(status).toMatchObject({ entityId: workflowId, completed: { state: 1 } });
      const workflow = objectiveWorkflowSchema.parse(
        (await get(`users/me/objective-workflows/${workflowId}`)).json(),
      );
      expect(workflow).toMatchObject({ state: 6, finished: NOW });
      const record = objectiveRecordSchema.parse(
        (await get(`objective-records/${workflow.objectiveRecordId}`)).json(),
      );
      expect(record).toMatchObject({ normalizedScore: 1, grade: 'A', passed: true });
    });

    it('finishes a graded attempt and refuses one still being graded', async () => {
      const graded = await enrolledTree([{ name: 'G' }], (e) => e.selfEnrolled().inState(4));
      const status = await command('finish-objective-workflows', {
        objectiveWorkflowId: graded.workflowId,
      });
      expect(status).toMatchObject({ entityId: graded.workflowId, completed: { state: 1 } });
      const workflow = objectiveWorkflowSchema.parse(
        (await get(`users/me/objective-workflows/${graded.workflowId}`)).json(),
      );
      expect(workflow).toMatchObject({ state: 6, finished: NOW });
      expect(workflow.objectiveRecordId).not.toBeNull();
      const grading = await enrolledTree([{ name: 'H' }], (e) => e.selfEnrolled().inState(2));
      const before = await snapshot();
      refused(
        await command('finish-objective-workflows', { objectiveWorkflowId: grading.workflowId }),
        'ObjectiveWorkflowId',
        'The attempt is being graded.',
      );
      expect(await snapshot()).toEqual(before);
    });

    it('refuses submit of an attempt that is not the caller’s or no longer in progress', async () => {
      const theirs = await startCourse((await enrolledTree([{ name: 'T' }])).aggregateId);
      const before = await snapshot();
      refused(
        await runCommand(testApp, 'submit-objective-workflows', otherCookie, { id: theirs }),
        'Id',
        /does not exist or your permissions are not enough/,
      );
      expect(await snapshot()).toEqual(before);
      const course = await enrolledTree([{ name: 'S' }]);
      const workflowId = await startCourse(course.aggregateId);
      await command('finish-objective-workflows', { objectiveWorkflowId: workflowId });
      refused(
        await runCommand(testApp, 'submit-objective-workflows', cookie, { id: workflowId }),
        'Id',
        'The course is not in progress.',
      );
    });

    it('lets the owner submit after another learner posted a submit with the attempt’s id first', async () => {
      const course = await enrolledTree([{ name: 'Mine' }]);
      const workflowId = await startCourse(course.aggregateId);
      await complete(workflowId, course.parts.Mine!.axis);
      // The attacker knows the attempt id and uses it as their own command id before the owner does.
      await runCommand(testApp, 'submit-objective-workflows', otherCookie, { id: workflowId });
      const submitted = await runCommand(testApp, 'submit-objective-workflows', cookie, {
        id: workflowId,
      });
      expect(submitted.completed).toMatchObject({ state: 1, errors: null });
      const workflow = objectiveWorkflowSchema.parse(
        (await get(`users/me/objective-workflows/${workflowId}`)).json(),
      );
      expect(workflow.objectiveRecordId).not.toBeNull();
    });

    it('accepts upper-case ids in command payloads, command ids and paths', async () => {
      const course = await enrolledTree([{ name: 'Upper' }]);
      const started = await runCommand(testApp, 'start-objective-workflows', cookie, {
        id: randomUUID().toUpperCase(),
        objectiveWorkflowAggregateId: course.aggregateId.toUpperCase(),
      });
      expect(started.completed).toMatchObject({ state: 1, errors: null });
      const workflowId = started.entityId!;
      const activity = await runCommand(testApp, 'start-activity-workflows', cookie, {
        id: randomUUID(),
        objectiveWorkflowId: workflowId.toUpperCase(),
        activityPartIds: course.parts.Upper!.axis.toUpperCase().split('/'),
      });
      expect(activity.completed).toMatchObject({ state: 1, errors: null });
      const tree = (
        await get(
          `users/me/objective-workflows/${workflowId.toUpperCase()}/activity-with-aggregates`,
        )
      ).json<ActivityNode>();
      expect(tree.children[0]!.activityWorkflowAggregate?.lastActivityWorkflow?.id).toBe(
        activity.entityId,
      );
      const finished = await runCommand(testApp, 'finish-activity-workflows', cookie, {
        id: randomUUID(),
        objectiveWorkflowId: workflowId,
        activityWorkflowIds: [activity.entityId!.toUpperCase()],
      });
      expect(finished.completed).toMatchObject({ state: 1, errors: null });
      const submitted = await runCommand(testApp, 'submit-objective-workflows', cookie, {
        id: workflowId.toUpperCase(),
      });
      expect(submitted.completed).toMatchObject({ state: 1, errors: null });
    });

    it('starts an activity with a command id another learner already used for theirs', async () => {
      const mallory = await aUser(testApp.ctx.db, tenantId);
      const malloryCookie = await signInAs(testApp, mallory);
      const theirs = await aCourseTree(testApp.ctx.db, tenantId, `Course ${randomUUID()}`, [
        { name: 'Theirs' },
      ]);
      const theirAccess = await anEnrolment(testApp.ctx.db, {
        tenantId,
        userId: mallory,
        objectiveId: theirs.objectiveId,
      })
        .selfEnrolled()
        .create();
      const sharedId = randomUUID();
      const theirWorkflow = await runCommand(testApp, 'start-objective-workflows', malloryCookie, {
        id: randomUUID(),
        objectiveWorkflowAggregateId: theirAccess.aggregateId,
      });
      const taken = await runCommand(testApp, 'start-activity-workflows', malloryCookie, {
        id: sharedId,
        objectiveWorkflowId: theirWorkflow.entityId,
        activityPartIds: theirs.parts.Theirs!.axis.split('/'),
      });
      expect(taken.completed).toMatchObject({ state: 1 });

      const mine = await enrolledTree([{ name: 'Mine2' }]);
      const workflowId = await startCourse(mine.aggregateId);
      const started = await runCommand(testApp, 'start-activity-workflows', cookie, {
        id: sharedId,
        objectiveWorkflowId: workflowId,
        activityPartIds: mine.parts.Mine2!.axis.split('/'),
      });
      expect(started.completed).toMatchObject({ state: 1, errors: null });
      expect(started.entityId).not.toBe(taken.entityId);
    });
  });

  describe('policies', () => {
    /** Every response that can carry a score of this attempt; none may hold a number. */
    async function scoresSeen(objectiveId: string, workflowId: string, leafAxis: string) {
      const workflow = objectiveWorkflowSchema.parse(
        (await get(`users/me/objective-workflows/${workflowId}`)).json(),
      );
      const responses = [
        (await get(`users/me/objectives/${objectiveId}/objective-workflow-aggregate`)).json(),
        (await get(`users/me/objective-workflows/${workflowId}/activity-with-aggregates`)).json(),
        (await get(`users/me/objective-workflows/${workflowId}/activity/children`)).json(),
        (await get(`users/me/objective-workflows/${workflowId}/activity-records/query`)).json(),
        (
          await get(
            `users/me/objective-workflow-aggregates/${workflow.objectiveWorkflowAggregateId}/activity-records/query`,
          )
        ).json(),
        (
          await get(
            `objective-records/query?filter=${encodeURIComponent(JSON.stringify(['objectiveId', '=', objectiveId]))}`,
          )
        ).json(),
        (await get(`objective-records/${workflow.objectiveRecordId}`)).json(),
      ];
      const leaf = await get(`users/me/objective-workflows/${workflowId}/activity/${leafAxis}`);
      if (leaf.statusCode === 200) responses.push(leaf.json());
      // Result fields of records; an activity node's own maxScore (the activity's scale) is no result.
      const resultKeys = ['score', 'normalizedScore', 'grade', 'gradeColor', 'passed'];
      const found: unknown[] = [];
      const visit = (value: unknown) => {
        if (Array.isArray(value)) return value.forEach(visit);
        if (!value || typeof value !== 'object') return;
        for (const [key, inner] of Object.entries(value)) {
          const isResult = resultKeys.includes(key) || (key === 'maxScore' && !('type' in value));
          if (isResult && inner !== null) found.push({ key, inner });
          visit(inner);
        }
      };
      visit(responses);
      return found;
    }

    it('never returns a score or grade that the never policy hides, and refuses review', async () => {
      const course = await enrolledTree([{ name: 'Hidden' }], (e) =>
        e.selfEnrolled().revealGrades(GradeRevealPolicy.never),
      );
      const workflowId = await startCourse(course.aggregateId);
      await complete(workflowId, course.parts.Hidden!.axis);
      await runCommand(testApp, 'submit-objective-workflows', cookie, { id: workflowId });
      // Stored, but never sent.
      const stored = await testApp.ctx.db
        .selectFrom('objectiveRecords')
        .select(['normalizedScore', 'gradeId'])
        .where('objectiveWorkflowId', '=', workflowId)
        .executeTakeFirstOrThrow();
      expect(stored.normalizedScore).toBe(1);
      expect(stored.gradeId).not.toBeNull();
      expect(await scoresSeen(course.objectiveId, workflowId, course.parts.Hidden!.axis)).toEqual(
        [],
      );
      const review = await get(
        `users/me/objective-workflows/${workflowId}/activity/${course.parts.Hidden!.axis}`,
      );
      expect(review.statusCode).toBe(403);
      expect(review.json()).toMatchObject({ code: 'review_not_allowed' });
    });

    it('hides scores until the reveal date of an afterDate policy, then shows them', async () => {
      const course = await enrolledTree([{ name: 'Dated' }], (e) =>
        e.selfEnrolled().revealGrades(GradeRevealPolicy.afterDate, FUTURE),
      );
      const workflowId = await startCourse(course.aggregateId);
      await complete(workflowId, course.parts.Dated!.axis);
      await runCommand(testApp, 'submit-objective-workflows', cookie, { id: workflowId });
      expect(await scoresSeen(course.objectiveId, workflowId, course.parts.Dated!.axis)).toEqual(
        [],
      );
      // Sessions idle out over the jump: the learner signs in again on either side of it.
      clock.set('2026-03-21T00:00:00.000Z');
      try {
        cookie = await signInAs(testApp, learner);
        expect(
          await scoresSeen(course.objectiveId, workflowId, course.parts.Dated!.axis),
        ).not.toEqual([]);
      } finally {
        clock.set(NOW);
        cookie = await signInAs(testApp, learner);
      }
    });

    it('hides a part’s own score when its results disclosure policy says never, and refuses its review per reviewPolicy', async () => {
      const course = await enrolledTree([
        { name: 'Secret', constraint: { resultsDisclosurePolicy: ResultsDisclosurePolicy.never } },
        { name: 'NoReview', constraint: { reviewPolicy: ReviewPolicy.never } },
        { name: 'Open' },
      ]);
      const workflowId = await startCourse(course.aggregateId);
      await startActivity(workflowId, '');
      for (const name of ['Secret', 'NoReview', 'Open'])
        await complete(workflowId, course.parts[name]!.axis);
      await runCommand(testApp, 'submit-objective-workflows', cookie, { id: workflowId });
      const tree = await fetchTree(workflowId);
      const best = (name: string) =>
        findNodeByAxis(tree, course.parts[name]!.axis)!.activityWorkflowAggregate
          .bestActivityRecord;
      expect(best('Secret')).toMatchObject({
        score: null,
        normalizedScore: null,
        passed: null,
        progress: 1,
      });
      expect(best('Open')).toMatchObject({ score: 1, normalizedScore: 1 });
      const records = (
        await get(`users/me/objective-workflows/${workflowId}/activity-records/query`)
      ).json<{
        data: { activityId: string; normalizedScore: number | null }[];
      }>().data;
      expect(
        records.find((r) => r.activityId === course.parts.Secret!.activityId)?.normalizedScore,
      ).toBeNull();
      expect(
        records.find((r) => r.activityId === course.parts.Open!.activityId)?.normalizedScore,
      ).toBe(1);
      const noReview = await get(
        `users/me/objective-workflows/${workflowId}/activity/${course.parts.NoReview!.axis}`,
      );
      expect(noReview.statusCode).toBe(403);
      expect(noReview.json()).toMatchObject({ code: 'review_not_allowed' });
      expect(
        (
          await get(
            `users/me/objective-workflows/${workflowId}/activity/${course.parts.Open!.axis}`,
          )
        ).statusCode,
      ).toBe(200);
    });

    it('lists the activity records of every attempt of an aggregate, and nobody else’s', async () => {
      const course = await enrolledTree([{ name: 'Only' }], (e) => e.selfEnrolled().retake());
      const first = await startCourse(course.aggregateId);
      await complete(first, course.parts.Only!.axis);
      await runCommand(testApp, 'submit-objective-workflows', cookie, { id: first });
      const second = await startCourse(course.aggregateId);
      await complete(second, course.parts.Only!.axis);

      const url = `users/me/objective-workflow-aggregates/${course.aggregateId}/activity-records/query?requireTotalCount=true`;
      const page = (await get(url)).json<{ data: { activityId: string }[]; totalCount: number }>();
      const leafRecords = page.data.filter((r) => r.activityId === course.parts.Only!.activityId);
      expect(leafRecords).toHaveLength(2);
      expect(page.totalCount).toBe(page.data.length);

      const theirs = await testApp.app.inject({
        method: 'GET',
        url: `/api/lms/v1/${url}`,
        headers: clientHeaders(otherCookie),
      });
      expect(theirs.statusCode).toBe(404);
    });

    it('refuses review of a course that does not support review', async () => {
      const course = await enrolledTree([{ name: 'R' }], (e) => e.selfEnrolled(), {
        supportReview: false,
      });
      const workflowId = await startCourse(course.aggregateId);
      await complete(workflowId, course.parts.R!.axis);
      await runCommand(testApp, 'submit-objective-workflows', cookie, { id: workflowId });
      const response = await get(`users/me/objective-workflows/${workflowId}/activity`);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ code: 'review_not_allowed' });
    });
  });

  describe('access', () => {
    it('answers 404 for another learner’s attempt and results, and 401 without a session', async () => {
      const course = await enrolledTree([{ name: 'Private' }]);
      const workflowId = await startCourse(course.aggregateId);
      await complete(workflowId, course.parts.Private!.axis);
      await runCommand(testApp, 'submit-objective-workflows', cookie, { id: workflowId });
      const workflow = objectiveWorkflowSchema.parse(
        (await get(`users/me/objective-workflows/${workflowId}`)).json(),
      );
      for (const url of [
        `users/me/objective-workflows/${workflowId}`,
        `users/me/objective-workflows/${workflowId}/activity-with-aggregates`,
        `users/me/objective-workflows/${workflowId}/activity`,
        `users/me/objective-workflows/${workflowId}/activity/${course.parts.Private!.axis}`,
        `users/me/objective-workflows/${workflowId}/activity/children`,
        `users/me/objective-workflows/${workflowId}/activity-records/query`,
        `objective-records/${workflow.objectiveRecordId}`,
        `users/me/objectives/${course.objectiveId}/objective-workflow-aggregate`,
        `users/me/objective-workflows/not-an-id`,
      ]) {
        expect((await get(url, otherCookie)).statusCode, url).toBe(404);
      }
      expect((await get('objective-records/query', otherCookie)).json()).toMatchObject({
        data: [],
      });
      refused(
        await command(
          'start-activity-workflows',
          { objectiveWorkflowId: workflowId, activityPartIds: [] },
          otherCookie,
        ),
        'ObjectiveWorkflowId',
        /does not exist/,
      );
      expect((await get(`users/me/objective-workflows/${workflowId}`, '')).statusCode).toBe(401);
    });

    it('answers 404 for an archived course’s aggregate and one the learner cannot see', async () => {
      const archived = await aCourse(testApp.ctx.db, tenantId).archived().create();
      await anEnrolment(testApp.ctx.db, { tenantId, userId: learner, objectiveId: archived })
        .selfEnrolled()
        .create();
      expect(
        (await get(`users/me/objectives/${archived}/objective-workflow-aggregate`)).statusCode,
      ).toBe(404);
      const unseen = await aCourse(testApp.ctx.db, tenantId).create();
      await anEnrolment(testApp.ctx.db, {
        tenantId,
        userId: learner,
        objectiveId: unseen,
      }).create();
      expect(
        (await get(`users/me/objectives/${unseen}/objective-workflow-aggregate`)).statusCode,
      ).toBe(404);
    });

    it('lists a node’s children by axis and omits archived children from the tree', async () => {
      const course = await enrolledTree([
        { name: 'Mod', children: [{ name: 'Kept' }, { name: 'Gone', state: 4 }] },
      ]);
      const workflowId = await startCourse(course.aggregateId);
      const children = (
        await get(
          `users/me/objective-workflows/${workflowId}/activity/${course.parts.Mod!.axis}/children`,
        )
      ).json<ActivityNode[]>();
      expect(children.map((c) => c.name)).toEqual(['Kept']);
      const tree = await fetchTree(workflowId);
      expect(tree.children[0]!.childrenCount).toBe(1);
    });
  });
});
