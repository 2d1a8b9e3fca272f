// Tool scores into the learner's progress on every dialect: a graded LTI child of a composite updates its
// workflow and record and rolls into the attempt; an LTI course is finished and graded at once; a finished
// attempt is left alone; stale results are refused; concurrent scores lose no update.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  activityNodeSchema,
  enrollmentAggregateSchema,
  GradeRevealPolicy,
  objectiveWorkflowSchema,
  WorkflowState,
} from '@portal/contracts';
import { findNodeByAxis } from '@portal/domain';
import { fixedClock } from '../../lib/clock.ts';
import { aGradingScale, anEnrolment, aTenant, aUser } from '../../test/course-builders.ts';
import { signInAs } from '../../test/sign-in.ts';
import { clientHeaders, createTestApp, type TestApp } from '../../test/test-app.ts';
import { testDialects } from '../../test/test-databases.ts';
import { runCommand } from '../catalog/catalog-commands.fixture.ts';
import {
  aCompositeWithLtiChild,
  anLti13Tool,
  anLtiCourse,
  makeLtiActivity,
  aResourceLink,
} from './testing/lti-fixtures.ts';
import { applyToolResult, canonicalTimestamp, type ToolResultInput } from './tool-results.ts';
import type { LtiToolRecord } from './tools.repository.ts';

const NOW = '2026-03-15T12:00:00.000Z';
const API = '/api/lms/v1';

describe('canonicalTimestamp', () => {
  it('turns any offset and precision into comparable UTC text', () => {
    expect(canonicalTimestamp('2026-03-15T12:00:00Z')).toBe('2026-03-15T12:00:00.000000000Z');
    expect(canonicalTimestamp('2026-03-15T14:00:00.5+02:00')).toBe(
      '2026-03-15T12:00:00.500000000Z',
    );
    expect(canonicalTimestamp('2026-03-15T12:00:00.123456789123Z')).toBe(
      '2026-03-15T12:00:00.123456789Z',
    );
    expect(canonicalTimestamp('2026-03-15T12:00:00.000001Z') > canonicalTimestamp(NOW)).toBe(true);
    expect(() => canonicalTimestamp('yesterday')).toThrow();
  });
});

describe.each(await testDialects())('tool results on %s', (dialect) => {
  const clock = fixedClock(NOW);
  let testApp: TestApp;
  let tenantId: string;
  let tool: LtiToolRecord;

  beforeAll(async () => {
    testApp = await createTestApp(dialect, { clock });
    tenantId = await aTenant(testApp.ctx.db);
    tool = await anLti13Tool(testApp.lti, tenantId);
  });

  afterAll(async () => {
    await testApp.close();
  });

  const db = () => testApp.ctx.db;

  /** A learner signed in and enrolled (grades shown) in the course. */
  async function enrolledLearner(objectiveId: string) {
    const userId = await aUser(db(), tenantId);
    const cookie = await signInAs(testApp, userId);
    const { aggregateId } = await anEnrolment(db(), { tenantId, userId, objectiveId })
      .selfEnrolled()
      .revealGrades(GradeRevealPolicy.none)
      .create();
    return { userId, cookie, aggregateId };
  }

  /** Starts an attempt and opens the activity at `axis` through the real commands. */
  async function startAttempt(cookie: string, aggregateId: string, axis: string) {
    const started = await runCommand(testApp, 'start-objective-workflows', cookie, {
      id: randomUUID(),
      objectiveWorkflowAggregateId: aggregateId,
    });
    const workflowId = started.entityId!;
    const opened = await runCommand(testApp, 'start-activity-workflows', cookie, {
      id: randomUUID(),
      objectiveWorkflowId: workflowId,
      activityPartIds: axis === '' ? [] : axis.split('/'),
    });
    expect(opened.completed).toMatchObject({ state: 1, errors: null });
    return { workflowId, activityWorkflowId: opened.entityId! };
  }

  /** The placement's resource link and its line item, as the launch creates them. */
  const aLinkWithLineItem = (objectiveId: string, activityId: string, axis: string) =>
    aResourceLink(db(), { tenantId, tool, objectiveId, activityId, axis, created: NOW });

  const score = (
    lineItemId: string,
    userId: string,
    overrides: Partial<ToolResultInput> = {},
  ): ToolResultInput => ({
    toolId: tool.id,
    lineItemId,
    userId,
    scoreGiven: 8,
    scoreMaximum: 10,
    activityProgress: 'Completed',
    gradingProgress: 'FullyGraded',
    comment: 'Well done',
    timestamp: '2026-03-15T11:59:00.000Z',
    ...overrides,
  });

  const get = async (url: string, cookie: string) => {
    const response = await testApp.app.inject({
      method: 'GET',
      url: `${API}/${url}`,
      headers: clientHeaders(cookie),
    });
    expect(response.statusCode).toBe(200);
    return response.json();
  };
  const fetchTree = async (workflowId: string, cookie: string) =>
    activityNodeSchema.parse(
      await get(`users/me/objective-workflows/${workflowId}/activity-with-aggregates`, cookie),
    );
  const fetchAttempt = async (workflowId: string, cookie: string) =>
    objectiveWorkflowSchema.parse(await get(`users/me/objective-workflows/${workflowId}`, cookie));
  const fetchAggregate = async (objectiveId: string, cookie: string) =>
    enrollmentAggregateSchema.parse(
      await get(`users/me/objectives/${objectiveId}/objective-workflow-aggregate`, cookie),
    );

  /** Every row of the user's progress, to compare before and after. */
  async function progressOf(userId: string) {
    return {
      attempts: await db()
        .selectFrom('objectiveWorkflows')
        .selectAll()
        .where('userId', '=', userId)
        .orderBy('id')
        .execute(),
      records: await db()
        .selectFrom('objectiveRecords')
        .selectAll()
        .where('userId', '=', userId)
        .orderBy('id')
        .execute(),
      activityRecords: await db()
        .selectFrom('activityRecords')
        .selectAll()
        .where('userId', '=', userId)
        .orderBy('id')
        .execute(),
      activityWorkflows: await db()
        .selectFrom('activityWorkflows as aw')
        .innerJoin('objectiveWorkflows as ow', 'ow.id', 'aw.objectiveWorkflowId')
        .selectAll('aw')
        .where('ow.userId', '=', userId)
        .orderBy('aw.id')
        .execute(),
    };
  }

  /** The activity workflow's record as stored (the learner sees scores only once the attempt is finished). */
  const recordOf = (activityWorkflowId: string) =>
    db()
      .selectFrom('activityRecords')
      .select(['score', 'maxScore', 'normalizedScore', 'progress', 'passed', 'finished'])
      .where('activityWorkflowId', '=', activityWorkflowId)
      .executeTakeFirst();
  const attemptScore = async (workflowId: string) =>
    (
      await db()
        .selectFrom('objectiveWorkflows')
        .select('score')
        .where('id', '=', workflowId)
        .executeTakeFirstOrThrow()
    ).score;
  const submit = async (cookie: string, workflowId: string) => {
    const status = await runCommand(testApp, 'submit-objective-workflows', cookie, {
      id: workflowId,
    });
    expect(status.completed).toMatchObject({ state: 1, errors: null });
  };

  const storedResult = (lineItemId: string, userId: string) =>
    db()
      .selectFrom('ltiResults')
      .selectAll()
      .where('lineItemId', '=', lineItemId)
      .where('userId', '=', userId)
      .executeTakeFirst();

  describe('an LTI child of a composite', () => {
    it('takes a fully graded, completed score into the activity and rolls it into the attempt', async () => {
      const course = await aCompositeWithLtiChild(db(), testApp.lti, tenantId, tool);
      const quiz = course.parts.Quiz!;
      const learner = await enrolledLearner(course.objectiveId);
      const { workflowId, activityWorkflowId } = await startAttempt(
        learner.cookie,
        learner.aggregateId,
        quiz.axis,
      );
      const { lineItemId } = await aLinkWithLineItem(
        course.objectiveId,
        quiz.activityId,
        quiz.axis,
      );

      // A pending score is recorded but sets no score; progress is kept.
      clock.set('2026-03-15T12:01:00.000Z');
      expect(
        await applyToolResult(
          testApp.ctx,
          score(lineItemId, learner.userId, {
            activityProgress: 'InProgress',
            gradingProgress: 'Pending',
            scoreGiven: 3,
            timestamp: '2026-03-15T12:00:30.000Z',
          }),
        ),
      ).toEqual({ status: 'applied' });
      let node = findNodeByAxis(await fetchTree(workflowId, learner.cookie), quiz.axis)!;
      expect(node.activityWorkflowAggregate.lastActivityWorkflow).toMatchObject({
        id: activityWorkflowId,
        progress: 0,
        finished: null,
      });
      expect(await recordOf(activityWorkflowId)).toMatchObject({
        score: null,
        normalizedScore: null,
      });

      clock.set('2026-03-15T12:02:00.000Z');
      expect(
        await applyToolResult(
          testApp.ctx,
          score(lineItemId, learner.userId, { timestamp: '2026-03-15T12:01:30.000Z' }),
        ),
      ).toEqual({ status: 'applied' });
      let tree = await fetchTree(workflowId, learner.cookie);
      node = findNodeByAxis(tree, quiz.axis)!;
      expect(node.activityWorkflowAggregate.lastActivityWorkflow).toMatchObject({
        id: activityWorkflowId,
        state: WorkflowState.finished,
        progress: 1,
        finished: '2026-03-15T12:02:00.000Z',
      });
      // Scores stay hidden from the learner until the attempt is finished (grade reveal); progress shows.
      expect(node.activityWorkflowAggregate.bestActivityRecord).toMatchObject({
        progress: 1,
        score: null,
        finished: '2026-03-15T12:02:00.000Z',
      });
      expect(await recordOf(activityWorkflowId)).toMatchObject({
        score: 8,
        maxScore: 10,
        normalizedScore: 0.8,
        progress: 1,
        finished: '2026-03-15T12:02:00.000Z',
      });
      // Intro (a text part) is not done: the course is half way, with 0.8 of one of two parts.
      expect(tree.activityWorkflowAggregate.bestActivityRecord?.progress).toBe(0.5);
      expect(await fetchAttempt(workflowId, learner.cookie)).toMatchObject({
        state: WorkflowState.inProgress,
        progress: 0.5,
      });
      expect(await attemptScore(workflowId)).toBeCloseTo(0.4);
      expect(await storedResult(lineItemId, learner.userId)).toMatchObject({
        scoreGiven: 8,
        scoreMaximum: 10,
        activityProgress: 'Completed',
        gradingProgress: 'FullyGraded',
        comment: 'Well done',
        timestamp: '2026-03-15T12:01:30.000000000Z',
      });

      // A later, better score updates the record; the activity stays finished when it first was.
      clock.set('2026-03-15T12:05:00.000Z');
      await applyToolResult(
        testApp.ctx,
        score(lineItemId, learner.userId, {
          scoreGiven: 19,
          scoreMaximum: 20,
          timestamp: '2026-03-15T12:04:00.000Z',
        }),
      );
      expect(await recordOf(activityWorkflowId)).toMatchObject({
        score: 9.5,
        normalizedScore: 0.95,
        finished: '2026-03-15T12:02:00.000Z',
      });
      // A lower progress report without a grade neither lowers progress nor touches the score.
      clock.set('2026-03-15T12:06:00.000Z');
      await applyToolResult(
        testApp.ctx,
        score(lineItemId, learner.userId, {
          activityProgress: 'Started',
          gradingProgress: 'NotReady',
          scoreGiven: null,
          scoreMaximum: null,
          timestamp: '2026-03-15T12:05:30.000Z',
        }),
      );
      expect(await recordOf(activityWorkflowId)).toMatchObject({ progress: 1, score: 9.5 });

      // Handed in, the attempt is graded with the tool's score and the learner sees it.
      await submit(learner.cookie, workflowId);
      tree = await fetchTree(workflowId, learner.cookie);
      expect(
        findNodeByAxis(tree, quiz.axis)!.activityWorkflowAggregate.bestActivityRecord,
      ).toMatchObject({ score: 9.5, maxScore: 10, normalizedScore: 0.95, progress: 1 });
      const result = (await fetchAggregate(course.objectiveId, learner.cookie))
        .objectiveWorkflowAggregate.lastObjectiveRecord;
      expect(result?.normalizedScore).toBeCloseTo(0.475);
      expect(result?.progress).toBe(0.5);
    });

    it("judges a part without its own passing score by the course's: a quiz scored 0 of 3 is not passed", async () => {
      const scale = await aGradingScale(db(), tenantId);
      const course = await aCompositeWithLtiChild(db(), testApp.lti, tenantId, tool, {
        gradingScaleId: scale.id,
      });
      const quiz = course.parts.Quiz!;
      const learner = await enrolledLearner(course.objectiveId);
      const { workflowId, activityWorkflowId } = await startAttempt(
        learner.cookie,
        learner.aggregateId,
        quiz.axis,
      );
      const { lineItemId } = await aLinkWithLineItem(
        course.objectiveId,
        quiz.activityId,
        quiz.axis,
      );
      // The scale's passing score (0.6) is what every node is judged by.
      const before = await fetchTree(workflowId, learner.cookie);
      expect(before.normalizedPassingScore).toBe(0.6);
      expect(findNodeByAxis(before, quiz.axis)!.normalizedPassingScore).toBe(0.6);

      clock.set('2026-03-15T12:01:00.000Z');
      await applyToolResult(
        testApp.ctx,
        score(lineItemId, learner.userId, {
          scoreGiven: 0,
          scoreMaximum: 3,
          timestamp: '2026-03-15T12:00:30.000Z',
        }),
      );
      expect(await recordOf(activityWorkflowId)).toMatchObject({
        normalizedScore: 0,
        passed: 0,
        finished: '2026-03-15T12:01:00.000Z',
      });
      await submit(learner.cookie, workflowId);
      const after = await fetchTree(workflowId, learner.cookie);
      expect(
        findNodeByAxis(after, quiz.axis)!.activityWorkflowAggregate.bestActivityRecord,
      ).toMatchObject({ score: 0, normalizedScore: 0, passed: false });
      const result = (await fetchAggregate(course.objectiveId, learner.cookie))
        .objectiveWorkflowAggregate.lastObjectiveRecord;
      expect(result?.passed).toBe(false);
    });

    it('refuses a result not newer than the stored one, unless equal times are allowed', async () => {
      const tree = await aCompositeWithLtiChild(db(), testApp.lti, tenantId, tool);
      const quiz = tree.parts.Quiz!;
      const learner = await enrolledLearner(tree.objectiveId);
      await startAttempt(learner.cookie, learner.aggregateId, quiz.axis);
      const { lineItemId } = await aLinkWithLineItem(tree.objectiveId, quiz.activityId, quiz.axis);
      const at = '2026-03-15T11:00:00.000Z';
      await applyToolResult(testApp.ctx, score(lineItemId, learner.userId, { timestamp: at }));
      const before = await progressOf(learner.userId);
      for (const timestamp of [at, '2026-03-15T10:59:59.999Z', '2026-03-15T12:59:59.999+02:00']) {
        expect(
          await applyToolResult(
            testApp.ctx,
            score(lineItemId, learner.userId, { scoreGiven: 1, timestamp }),
          ),
        ).toEqual({ status: 'stale' });
      }
      expect(await progressOf(learner.userId)).toEqual(before);
      expect((await storedResult(lineItemId, learner.userId))?.scoreGiven).toBe(8);
      expect(
        await applyToolResult(
          testApp.ctx,
          score(lineItemId, learner.userId, {
            scoreGiven: 6,
            timestamp: at,
            allowSameTimestamp: true,
          }),
        ),
      ).toEqual({ status: 'applied' });
      expect((await storedResult(lineItemId, learner.userId))?.scoreGiven).toBe(6);
    });

    it('only stores the result when the learner has no attempt or no workflow of the activity', async () => {
      const tree = await aCompositeWithLtiChild(db(), testApp.lti, tenantId, tool);
      const quiz = tree.parts.Quiz!;
      const { lineItemId } = await aLinkWithLineItem(tree.objectiveId, quiz.activityId, quiz.axis);
      const notStarted = await enrolledLearner(tree.objectiveId);
      expect(await applyToolResult(testApp.ctx, score(lineItemId, notStarted.userId))).toEqual({
        status: 'applied',
      });
      expect(await storedResult(lineItemId, notStarted.userId)).toBeDefined();
      expect((await progressOf(notStarted.userId)).activityRecords).toEqual([]);

      const introOnly = await enrolledLearner(tree.objectiveId);
      await startAttempt(introOnly.cookie, introOnly.aggregateId, tree.parts.Intro!.axis);
      const before = await progressOf(introOnly.userId);
      await applyToolResult(testApp.ctx, score(lineItemId, introOnly.userId));
      expect(await progressOf(introOnly.userId)).toEqual(before);
    });

    it('loses no update when scores of one learner arrive at the same time', async () => {
      const tree = await aCompositeWithLtiChild(db(), testApp.lti, tenantId, tool, {
        extraParts: [{ name: 'Quiz2' }],
      });
      const quiz = tree.parts.Quiz!;
      const quiz2 = tree.parts.Quiz2!;
      await makeLtiActivity(db(), testApp.lti, quiz2.activityId, tool);
      const learner = await enrolledLearner(tree.objectiveId);
      const { workflowId } = await startAttempt(learner.cookie, learner.aggregateId, quiz.axis);
      await runCommand(testApp, 'start-activity-workflows', learner.cookie, {
        id: randomUUID(),
        objectiveWorkflowId: workflowId,
        activityPartIds: quiz2.axis.split('/'),
      });
      const first = await aLinkWithLineItem(tree.objectiveId, quiz.activityId, quiz.axis);
      const second = await aLinkWithLineItem(tree.objectiveId, quiz2.activityId, quiz2.axis);

      const outcomes = await Promise.all([
        applyToolResult(
          testApp.ctx,
          score(first.lineItemId, learner.userId, {
            scoreGiven: 4,
            timestamp: '2026-03-15T11:00:01.000Z',
          }),
        ),
        applyToolResult(
          testApp.ctx,
          score(second.lineItemId, learner.userId, {
            scoreGiven: 6,
            timestamp: '2026-03-15T11:00:01.000Z',
          }),
        ),
        applyToolResult(
          testApp.ctx,
          score(first.lineItemId, learner.userId, {
            scoreGiven: 8,
            timestamp: '2026-03-15T11:00:02.000Z',
          }),
        ),
        applyToolResult(
          testApp.ctx,
          score(second.lineItemId, learner.userId, {
            scoreGiven: 10,
            timestamp: '2026-03-15T11:00:02.000Z',
          }),
        ),
      ]);
      expect(outcomes.filter((o) => o.status === 'applied').length).toBeGreaterThanOrEqual(2);

      // Whatever the order, the newest score of each line item is the one that stands everywhere.
      expect((await storedResult(first.lineItemId, learner.userId))?.scoreGiven).toBe(8);
      expect((await storedResult(second.lineItemId, learner.userId))?.scoreGiven).toBe(10);
      // Intro, Quiz, Quiz2: two of three done, (0 + 0.8 + 1) / 3.
      expect((await fetchAttempt(workflowId, learner.cookie)).progress).toBeCloseTo(2 / 3);
      expect(await attemptScore(workflowId)).toBeCloseTo(1.8 / 3);
      await submit(learner.cookie, workflowId);
      const graded = await fetchTree(workflowId, learner.cookie);
      expect(
        findNodeByAxis(graded, quiz.axis)!.activityWorkflowAggregate.bestActivityRecord,
      ).toMatchObject({ normalizedScore: 0.8 });
      expect(
        findNodeByAxis(graded, quiz2.axis)!.activityWorkflowAggregate.bestActivityRecord,
      ).toMatchObject({ normalizedScore: 1 });
      const root = graded.activityWorkflowAggregate.bestActivityRecord!;
      expect(root.progress).toBeCloseTo(2 / 3);
      expect(root.normalizedScore).toBeCloseTo(1.8 / 3);
      expect((await progressOf(learner.userId)).activityRecords).toHaveLength(3);
    });
  });

  describe('an LTI course', () => {
    it('is finished and graded as soon as the tool reports a fully graded completion', async () => {
      const course = await anLtiCourse(db(), testApp.lti, tenantId, tool);
      const learner = await enrolledLearner(course.objectiveId);
      const { workflowId } = await startAttempt(learner.cookie, learner.aggregateId, '');
      const { lineItemId } = await aLinkWithLineItem(course.objectiveId, course.rootActivityId, '');

      clock.set('2026-03-15T12:10:00.000Z');
      await applyToolResult(
        testApp.ctx,
        score(lineItemId, learner.userId, {
          activityProgress: 'Submitted',
          gradingProgress: 'PendingManual',
          timestamp: '2026-03-15T12:09:00.000Z',
        }),
      );
      expect((await fetchAttempt(workflowId, learner.cookie)).state).toBe(WorkflowState.inProgress);

      clock.set('2026-03-15T12:20:00.000Z');
      await applyToolResult(
        testApp.ctx,
        score(lineItemId, learner.userId, { scoreGiven: 7, timestamp: '2026-03-15T12:19:00.000Z' }),
      );
      const attempt = await fetchAttempt(workflowId, learner.cookie);
      expect(attempt).toMatchObject({
        state: WorkflowState.finished,
        progress: 1,
        finished: '2026-03-15T12:20:00.000Z',
      });
      const aggregate = await fetchAggregate(course.objectiveId, learner.cookie);
      expect(aggregate.objectiveWorkflowAggregate.lastObjectiveRecord).toMatchObject({
        id: attempt.objectiveRecordId,
        objectiveWorkflowId: workflowId,
        score: 7,
        maxScore: 10,
        normalizedScore: 0.7,
        progress: 1,
        finished: '2026-03-15T12:20:00.000Z',
      });

      // A score for the finished attempt is stored, and changes nothing in the attempt.
      const before = await progressOf(learner.userId);
      clock.set('2026-03-15T12:30:00.000Z');
      expect(
        await applyToolResult(
          testApp.ctx,
          score(lineItemId, learner.userId, {
            scoreGiven: 2,
            timestamp: '2026-03-15T12:29:00.000Z',
          }),
        ),
      ).toEqual({ status: 'applied' });
      expect(await progressOf(learner.userId)).toEqual(before);
      expect((await storedResult(lineItemId, learner.userId))?.scoreGiven).toBe(2);
    });
  });

  it('refuses a line item of another tool', async () => {
    const tree = await aCompositeWithLtiChild(db(), testApp.lti, tenantId, tool);
    const quiz = tree.parts.Quiz!;
    const { lineItemId } = await aLinkWithLineItem(tree.objectiveId, quiz.activityId, quiz.axis);
    const learner = await enrolledLearner(tree.objectiveId);
    const other = await anLti13Tool(testApp.lti, tenantId);
    await expect(
      applyToolResult(testApp.ctx, { ...score(lineItemId, learner.userId), toolId: other.id }),
    ).rejects.toMatchObject({ status: 404 });
    expect(await storedResult(lineItemId, learner.userId)).toBeUndefined();
  });
});
