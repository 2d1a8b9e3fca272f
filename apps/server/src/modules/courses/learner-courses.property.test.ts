// Property test of the learner-list read model on every dialect: after random sequences of real commands
// (join, self-enrol, start, start and finish parts, submit, finish, retake) over enrolments in random states,
// every learner_courses row equals what the source tables give when recomputed from scratch.
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
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
} from '../../test/course-builders.ts';
import { postCommand } from '../catalog/catalog-commands.fixture.ts';
import { CREATE_OBJECTIVE_ACCESSES } from '../catalog/objective-access.command.ts';
import { CREATE_SELF_ENROLLMENTS } from '../catalog/self-enrollment.command.ts';
import { FINISH_ACTIVITY_WORKFLOWS } from '../workflows/finish-activity-workflow.command.ts';
import { FINISH_OBJECTIVE_WORKFLOWS } from '../workflows/finish-objective-workflow.command.ts';
import { START_ACTIVITY_WORKFLOWS } from '../workflows/start-activity-workflow.command.ts';
import { START_OBJECTIVE_WORKFLOWS } from '../workflows/start-objective-workflow.command.ts';
import { SUBMIT_OBJECTIVE_WORKFLOWS } from '../workflows/submit-objective-workflow.command.ts';
import { learnerCoursesMigration } from '../../db/migrations/0006-learner-courses.ts';
import { learnerCourseSource, refreshLearnerCourses } from './learner-courses.ts';

const NOW = '2026-03-15T12:00:00.000Z';

type Enrolment = ReturnType<typeof anEnrolment>;
/** Starting states of an enrolment; `none` leaves the course without an access (joined by command). */
const SHAPES: Record<string, ((e: Enrolment) => Enrolment) | null> = {
  none: null,
  catalog: (e) => e.inCatalog(),
  mandatory: (e) => e.mandatory(),
  selfEnrolled: (e) => e.selfEnrolled(),
  mandatoryRetake: (e) => e.mandatory().retake(),
  catalogRetake: (e) => e.inCatalog().retake(),
  inProgress: (e) => e.mandatory().inProgress(),
  finished: (e) => e.mandatory().retake().finished(),
  imported: (e) => e.inCatalog().imported(),
};
const ACTIONS = [
  'join',
  'selfEnrol',
  'start',
  'startPart',
  'finishPart',
  'submit',
  'finishAttempt',
] as const;
type Action = { kind: (typeof ACTIONS)[number]; learner: number; course: number };

const COURSES = 3;
const LEARNERS = 2;

describe.each(await testDialects())('learner_courses read model on %s', (dialect) => {
  let testApp: TestApp;
  let tenantId: string;
  let scaleId: string;
  const learners: { id: string; cookie: string }[] = [];

  beforeAll(async () => {
    testApp = await createTestApp(dialect, { clock: fixedClock(NOW) });
    tenantId = await aTenant(testApp.ctx.db);
    scaleId = (await aGradingScale(testApp.ctx.db, tenantId)).id;
    for (let i = 0; i < LEARNERS; i += 1) {
      const id = await aUser(testApp.ctx.db, tenantId);
      learners.push({ id, cookie: await signInAs(testApp, id) });
    }
  });

  afterAll(async () => {
    await testApp.close();
  });

  /** Courses open to every learner of the tenant, each with one part, each learner's enrolment shaped. */
  async function courses(shapes: string[][]) {
    const built = [];
    for (let c = 0; c < COURSES; c += 1) {
      const tree = await aCourseTree(
        testApp.ctx.db,
        tenantId,
        `Course ${randomUUID()}`,
        [{ name: 'P' }],
        { gradingScaleId: scaleId },
      );
      await testApp.ctx.db
        .updateTable('objectives')
        .set({ showInOpenCatalog: 1 })
        .where('id', '=', tree.objectiveId)
        .execute();
      for (let l = 0; l < LEARNERS; l += 1) {
        const shape = SHAPES[shapes[l]![c]!];
        if (shape) {
          const owner = { tenantId, userId: learners[l]!.id, objectiveId: tree.objectiveId };
          await shape(anEnrolment(testApp.ctx.db, owner)).create();
        }
      }
      built.push({ objectiveId: tree.objectiveId, axis: tree.parts.P!.axis });
    }
    return built;
  }

  async function lastWorkflowOf(userId: string, objectiveId: string) {
    const row = await testApp.ctx.db
      .selectFrom('objectiveWorkflowAggregates as owa')
      .select(['owa.id', 'owa.objectiveAccessId', 'owa.lastObjectiveWorkflowId'])
      .where('owa.userId', '=', userId)
      .where('owa.objectiveId', '=', objectiveId)
      .executeTakeFirst();
    return row;
  }

  async function run(action: Action, course: { objectiveId: string; axis: string }) {
    const learner = learners[action.learner]!;
    const send = (type: string, body: Record<string, unknown>) =>
      postCommand(testApp, type, learner.cookie, { id: randomUUID(), ...body });
    if (action.kind === 'join') {
      await send(CREATE_OBJECTIVE_ACCESSES, { objectiveId: course.objectiveId });
      return;
    }
    const aggregate = await lastWorkflowOf(learner.id, course.objectiveId);
    if (!aggregate) return;
    const workflowId = aggregate.lastObjectiveWorkflowId;
    switch (action.kind) {
      case 'selfEnrol':
        await send(CREATE_SELF_ENROLLMENTS, { objectiveAccessId: aggregate.objectiveAccessId });
        return;
      case 'start':
        // A second start after a finished attempt is a retake where the enrolment allows one.
        await send(START_OBJECTIVE_WORKFLOWS, { objectiveWorkflowAggregateId: aggregate.id });
        return;
      case 'startPart':
        if (workflowId)
          await send(START_ACTIVITY_WORKFLOWS, {
            objectiveWorkflowId: workflowId,
            activityPartIds: course.axis.split('/'),
          });
        return;
      case 'finishPart': {
        if (!workflowId) return;
        const part = await testApp.ctx.db
          .selectFrom('activityWorkflows')
          .select('id')
          .where('objectiveWorkflowId', '=', workflowId)
          .where('axis', '=', course.axis)
          .executeTakeFirst();
        if (part)
          await send(FINISH_ACTIVITY_WORKFLOWS, {
            objectiveWorkflowId: workflowId,
            activityWorkflowIds: [part.id],
          });
        return;
      }
      case 'submit':
        if (workflowId)
          await postCommand(testApp, SUBMIT_OBJECTIVE_WORKFLOWS, learner.cookie, {
            id: workflowId,
          });
        return;
      case 'finishAttempt':
        if (workflowId) await send(FINISH_OBJECTIVE_WORKFLOWS, { objectiveWorkflowId: workflowId });
        return;
    }
  }

  /** The read model of some courses as stored and as recomputed from the source tables, ordered by id. */
  async function storedAndRecomputed(objectiveIds: string[]) {
    const db = testApp.ctx.db;
    const stored = await db
      .selectFrom('learnerCourses')
      .selectAll()
      .where('objectiveId', 'in', objectiveIds)
      .orderBy('id')
      .execute();
    const recomputed = await db
      .selectFrom(learnerCourseSource(db, { tenantId }).as('source'))
      .selectAll()
      .where('objectiveId', 'in', objectiveIds)
      .orderBy('id')
      .execute();
    return { stored, recomputed };
  }

  it('equals the source tables after any sequence of commands', async () => {
    const shapeNames = Object.keys(SHAPES);
    const shapesArbitrary = fc.array(
      fc.array(fc.constantFrom(...shapeNames), { minLength: COURSES, maxLength: COURSES }),
      { minLength: LEARNERS, maxLength: LEARNERS },
    );
    const actionArbitrary = fc.record({
      kind: fc.constantFrom(...ACTIONS),
      learner: fc.nat(LEARNERS - 1),
      course: fc.nat(COURSES - 1),
    });
    let commandsRun = 0;
    const allObjectiveIds: string[] = [];
    await fc.assert(
      fc.asyncProperty(
        shapesArbitrary,
        fc.array(actionArbitrary, { minLength: 1, maxLength: 14 }),
        async (shapes, actions) => {
          const built = await courses(shapes);
          for (const action of actions) {
            await run(action, built[action.course]!);
            commandsRun += 1;
          }
          const objectiveIds = built.map((course) => course.objectiveId);
          allObjectiveIds.push(...objectiveIds);
          const { stored, recomputed } = await storedAndRecomputed(objectiveIds);
          expect(stored).toEqual(recomputed);
        },
      ),
      { numRuns: 12, seed: 20261124 },
    );
    // The sequences did reach the list's states: attempts started, finished, and self-enrolments.
    const { stored } = await storedAndRecomputed(allObjectiveIds);
    expect(commandsRun).toBeGreaterThan(50);
    expect(
      stored.some((row) => row.lastObjectiveRecordId !== null && row.workflowState === 6),
    ).toBe(true);
    expect(stored.some((row) => row.workflowState === 1)).toBe(true);
    expect(stored.some((row) => row.isSelfEnrolled === 1)).toBe(true);
  });

  it('is rebuilt by the refresh after a change that bypassed it', async () => {
    const db = testApp.ctx.db;
    const objectiveId = await aCourse(db, tenantId).named('Renamed later').create();
    await anEnrolment(db, { tenantId, userId: learners[0]!.id, objectiveId }).mandatory().create();
    await db
      .updateTable('objectives')
      .set({ name: 'Renamed' })
      .where('id', '=', objectiveId)
      .execute();
    const before = await storedAndRecomputed([objectiveId]);
    expect(before.stored).not.toEqual(before.recomputed);
    await refreshLearnerCourses(db, { objectiveId });
    const after = await storedAndRecomputed([objectiveId]);
    expect(after.stored).toEqual(after.recomputed);
  });

  it('is created and back-filled from the existing enrolments by migration 0006', async () => {
    const db = testApp.ctx.db;
    const before = await db.selectFrom('learnerCourses').selectAll().orderBy('id').execute();
    expect(before.length).toBeGreaterThan(20);
    await db.schema.dropTable('learnerCourses').execute();
    await learnerCoursesMigration().up(db.withoutPlugins());
    const after = await db.selectFrom('learnerCourses').selectAll().orderBy('id').execute();
    const recomputed = await db
      .selectFrom(learnerCourseSource(db, 'all').as('source'))
      .selectAll()
      .orderBy('id')
      .execute();
    expect(after).toEqual(recomputed);
    expect(after).toEqual(before);
  });
});
