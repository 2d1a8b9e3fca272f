// SQL of the course experience: the caller's attempts, the activity tree, activity workflows and records.
import { sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import type { DialectName } from '../../db/dialect.ts';
import type { Database, Flag } from '../../db/schema.ts';
import { applySort, type SortSpec } from '../../lib/list-query/load-options.ts';
import { refreshLearnerCourse } from '../courses/learner-courses.ts';
import { finishSessionsOfFinishedWorkflows } from '../proctoring/proctoring.repository.ts';

export interface Caller {
  userId: string;
  tenantId: string;
}

export interface PageRequest {
  where: RawBuilder<SqlBool> | undefined;
  sort: SortSpec[];
  skip: number;
  take: number;
}

/** Deep enough for any authored course; stops a cyclic part graph from looping forever. */
const MAX_TREE_DEPTH = 16;

export type WorkflowsRepository = ReturnType<typeof createWorkflowsRepository>;
export type AttemptRow = NonNullable<Awaited<ReturnType<WorkflowsRepository['findAttempt']>>>;
export type AggregateRow = NonNullable<Awaited<ReturnType<WorkflowsRepository['findAggregate']>>>;
export type ActivityRow = Awaited<
  ReturnType<WorkflowsRepository['loadTree']>
>['activities'][number];
export type PartRow = Awaited<ReturnType<WorkflowsRepository['loadTree']>>['parts'][number];
export type ActivityWorkflowRow = Awaited<
  ReturnType<WorkflowsRepository['findActivityWorkflows']>
>[number];
export type ObjectiveRecordRow = Awaited<
  ReturnType<WorkflowsRepository['findObjectiveRecords']>
>[number];

/** What ending an attempt writes from the attempt itself. */
interface AttemptToFinish {
  id: string;
  objectiveWorkflowAggregateId: string;
  objectiveId: string;
  userId: string;
  protectResults: Flag;
  started: string | null;
  submitted: string | null;
  graded: string | null;
}

/** `db` may be a transaction: the commands run every query through the engine's transaction. */
export function createWorkflowsRepository(db: Kysely<Database>, dialect: DialectName) {
  function attempts() {
    return db
      .selectFrom('objectiveWorkflows as ow')
      .innerJoin('objectiveWorkflowAggregates as owa', 'owa.id', 'ow.objectiveWorkflowAggregateId')
      .innerJoin('objectiveAccesses as oa', 'oa.id', 'owa.objectiveAccessId')
      .innerJoin('objectives as o', 'o.id', 'ow.objectiveId')
      .innerJoin('activities as a', 'a.id', 'o.activityId')
      .leftJoin('gradingScales as gs', 'gs.id', 'o.gradingScaleId')
      .select([
        'ow.id',
        'ow.objectiveWorkflowAggregateId',
        'ow.objectiveId',
        'ow.userId',
        'ow.state',
        'ow.progress',
        'ow.score',
        'ow.started',
        'ow.submitted',
        'ow.graded',
        'ow.finished',
        'ow.objectiveRecordId',
        'ow.protectResults',
        'oa.gradeRevealPolicy',
        'oa.gradeRevealDate',
        'o.activityId as rootActivityId',
        'o.gradingScaleId',
        'gs.normalizedPassingScore as scalePassingScore',
        'o.status as objectiveStatus',
        'a.state as rootActivityState',
        'a.supportReview as rootSupportReview',
      ]);
  }

  return {
    /** The caller's attempt, or undefined when it is someone else's (callers answer 404). */
    /**
     * With `lock`, the commands lock the attempt for the rest of their transaction on PostgreSQL, so two
     * commands on one attempt apply one after the other (SQLite runs one write transaction at a time).
     */
    async findAttempt(caller: Caller, workflowId: string, { lock = false } = {}) {
      return attempts()
        .where('ow.id', '=', workflowId)
        .where('ow.userId', '=', caller.userId)
        .where('ow.tenantId', '=', caller.tenantId)
        .$if(lock && dialect === 'postgres', (qb) => qb.forUpdate('ow'))
        .executeTakeFirst();
    },

    /** Finishes an attempt that was graded elsewhere; its record already exists. */
    async markFinished(
      caller: Caller,
      attempt: { id: string; objectiveId: string; objectiveRecordId: string | null },
      now: string,
    ) {
      await db
        .updateTable('objectiveWorkflows')
        .set({ state: 6, finished: now })
        .where('id', '=', attempt.id)
        .execute();
      if (attempt.objectiveRecordId !== null) {
        await db
          .updateTable('objectiveRecords')
          .set({ finished: now })
          .where('id', '=', attempt.objectiveRecordId)
          .where('finished', 'is', null)
          .execute();
      }
      await refreshLearnerCourse(db, caller.tenantId, caller.userId, attempt.objectiveId);
    },

    /** The caller's enrolment aggregate with what starting an attempt depends on, locked on PostgreSQL. */
    async findAggregate(caller: Caller, aggregateId: string) {
      return db
        .selectFrom('objectiveWorkflowAggregates as owa')
        .innerJoin('objectiveAccesses as oa', 'oa.id', 'owa.objectiveAccessId')
        .innerJoin('objectives as o', 'o.id', 'owa.objectiveId')
        .innerJoin('activities as a', 'a.id', 'o.activityId')
        .leftJoin('objectiveWorkflows as ow', 'ow.id', 'owa.lastObjectiveWorkflowId')
        .select([
          'owa.id',
          'owa.objectiveId',
          'owa.isSelfEnrolled',
          'owa.lastObjectiveWorkflowId',
          'owa.lastObjectiveRecordId',
          'oa.isMandatory',
          'oa.retake',
          'oa.availabilityDate',
          'oa.availabilityEndDate',
          'o.status as objectiveStatus',
          'o.activityId as rootActivityId',
          'a.state as rootActivityState',
          'ow.state as lastWorkflowState',
        ])
        .where('owa.id', '=', aggregateId)
        .where('owa.userId', '=', caller.userId)
        .where('owa.tenantId', '=', caller.tenantId)
        .$if(dialect === 'postgres', (qb) => qb.forUpdate('owa'))
        .executeTakeFirst();
    },

    /** Attempts of the aggregate still in progress (a second start must see the first). */
    async countUnfinishedAttempts(aggregateId: string): Promise<number> {
      const row = await db
        .selectFrom('objectiveWorkflows')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('objectiveWorkflowAggregateId', '=', aggregateId)
        .where('state', '=', 1)
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    async insertAttempt(values: {
      id: string;
      tenantId: string;
      aggregateId: string;
      objectiveId: string;
      userId: string;
      now: string;
    }): Promise<void> {
      await db
        .insertInto('objectiveWorkflows')
        .values({
          id: values.id,
          tenantId: values.tenantId,
          objectiveWorkflowAggregateId: values.aggregateId,
          objectiveId: values.objectiveId,
          userId: values.userId,
          state: 1,
          progress: 0,
          score: null,
          created: values.now,
          started: values.now,
          submitted: null,
          graded: null,
          gradeApproved: null,
          finished: null,
          objectiveRecordId: null,
          protectResults: 0,
        })
        .execute();
      await db
        .updateTable('objectiveWorkflowAggregates')
        .set({ lastObjectiveWorkflowId: values.id })
        .where('id', '=', values.aggregateId)
        .execute();
      await refreshLearnerCourse(db, values.tenantId, values.userId, values.objectiveId);
    },

    async attemptExists(id: string): Promise<boolean> {
      const row = await db
        .selectFrom('objectiveWorkflows')
        .select('id')
        .where('id', '=', id)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Every activity and part reachable from the root, level by level. */
    async loadTree(rootActivityId: string) {
      const activityColumns = [
        'id',
        'type',
        'state',
        'name',
        'code',
        'content',
        'supportReview',
        'supportMobileView',
        'displayMode',
        'duration',
        'proctored',
        'presentationMode',
        'maxScore',
        'normalizedPassingScore',
      ] as const;
      const activities = await db
        .selectFrom('activities')
        .select(activityColumns)
        .where('id', '=', rootActivityId)
        .execute();
      const parts: Awaited<ReturnType<typeof partsOf>> = [];
      function partsOf(parentIds: string[]) {
        return db
          .selectFrom('activityParts')
          .selectAll()
          .where('parentActivityId', 'in', parentIds)
          .orderBy('order')
          .orderBy('id')
          .execute();
      }
      let level = [rootActivityId];
      const seen = new Set(level);
      for (let depth = 0; depth < MAX_TREE_DEPTH && level.length > 0; depth += 1) {
        const found = await partsOf(level);
        parts.push(...found);
        const childIds = [...new Set(found.map((part) => part.childActivityId))].filter(
          (id) => !seen.has(id),
        );
        childIds.forEach((id) => seen.add(id));
        if (childIds.length > 0) {
          activities.push(
            ...(await db
              .selectFrom('activities')
              .select(activityColumns)
              .where('id', 'in', childIds)
              .execute()),
          );
        }
        level = childIds;
      }
      return { activities, parts };
    },

    /** The attempt's activity workflows with their records, newest first per axis. */
    async findActivityWorkflows(objectiveWorkflowId: string) {
      return db
        .selectFrom('activityWorkflows as aw')
        .leftJoin('activityRecords as ar', 'ar.id', 'aw.activityRecordId')
        .select([
          'aw.id',
          'aw.activityId',
          'aw.axis',
          'aw.parentActivityWorkflowId',
          'aw.state',
          'aw.progress',
          'aw.score',
          'aw.maxScore',
          'aw.created',
          'aw.started',
          'aw.submitted',
          'aw.finished',
          'aw.activityRecordId',
          'aw.lastProctoringSessionId',
          'ar.score as recordScore',
          'ar.maxScore as recordMaxScore',
          'ar.normalizedScore as recordNormalizedScore',
          'ar.progress as recordProgress',
          'ar.passed as recordPassed',
          'ar.finished as recordFinished',
        ])
        .where('aw.objectiveWorkflowId', '=', objectiveWorkflowId)
        .orderBy('aw.axis')
        .orderBy('aw.created', 'desc')
        .orderBy('aw.id')
        .execute();
    },

    async insertActivityWorkflow(values: {
      id: string;
      tenantId: string;
      objectiveWorkflowId: string;
      activityId: string;
      axis: string;
      parentActivityWorkflowId: string | null;
      now: string;
    }): Promise<void> {
      await db
        .insertInto('activityWorkflows')
        .values({
          id: values.id,
          tenantId: values.tenantId,
          objectiveWorkflowId: values.objectiveWorkflowId,
          activityId: values.activityId,
          axis: values.axis,
          parentActivityWorkflowId: values.parentActivityWorkflowId,
          state: 1,
          progress: 0,
          score: null,
          maxScore: null,
          created: values.now,
          started: values.now,
          submitted: null,
          finished: null,
          activityRecordId: null,
          lastProctoringSessionId: null,
        })
        .execute();
    },

    /** Writes a workflow's progress and score, and its record (created on first write). */
    async saveActivityResult(values: {
      workflowId: string;
      recordId: string;
      existingRecordId: string | null;
      tenantId: string;
      activityId: string;
      userId: string;
      started: string | null;
      progress: number;
      score: number | null;
      maxScore: number;
      normalizedScore: number | null;
      passed: boolean | null;
      finished: string | null;
      now: string;
    }): Promise<void> {
      const passed: Flag | null = values.passed === null ? null : values.passed ? 1 : 0;
      if (values.existingRecordId === null) {
        await db
          .insertInto('activityRecords')
          .values({
            id: values.recordId,
            tenantId: values.tenantId,
            activityWorkflowId: values.workflowId,
            activityId: values.activityId,
            userId: values.userId,
            score: values.score,
            maxScore: values.maxScore,
            normalizedScore: values.normalizedScore,
            progress: values.progress,
            passed,
            gradeId: null,
            created: values.now,
            started: values.started,
            finished: values.finished,
          })
          .execute();
      } else {
        await db
          .updateTable('activityRecords')
          .set({
            score: values.score,
            maxScore: values.maxScore,
            normalizedScore: values.normalizedScore,
            progress: values.progress,
            passed,
            finished: values.finished,
          })
          .where('id', '=', values.existingRecordId)
          .execute();
      }
      await db
        .updateTable('activityWorkflows')
        .set({
          progress: values.progress,
          score: values.score,
          maxScore: values.maxScore,
          state: values.finished === null ? 1 : 6,
          submitted: values.finished,
          finished: values.finished,
          activityRecordId: values.existingRecordId ?? values.recordId,
        })
        .where('id', '=', values.workflowId)
        .execute();
    },

    /** Ends the open proctoring sessions of the attempt's finished activity workflows (decision 0028). */
    async finishProctoringSessions(attemptId: string, now: string) {
      await finishSessionsOfFinishedWorkflows(db, attemptId, now);
    },

    async updateAttemptProgress(id: string, progress: number, score: number | null) {
      await db
        .updateTable('objectiveWorkflows')
        .set({ progress, score })
        .where('id', '=', id)
        .execute();
    },

    async findGradingScale(gradingScaleId: string) {
      const scale = await db
        .selectFrom('gradingScales')
        .select(['id', 'maxScore', 'normalizedPassingScore'])
        .where('id', '=', gradingScaleId)
        .executeTakeFirst();
      if (!scale) return undefined;
      const grades = await db
        .selectFrom('grades')
        .select(['id', 'name', 'color', 'normalizedMinScore'])
        .where('gradingScaleId', '=', gradingScaleId)
        .orderBy('normalizedMinScore')
        .execute();
      return { ...scale, grades };
    },

    /** Ends an attempt with its result and points the aggregate at that result. */
    async finishAttempt(values: {
      attempt: AttemptToFinish;
      tenantId: string;
      recordId: string;
      progress: number;
      score: number | null;
      maxScore: number;
      normalizedScore: number | null;
      gradeId: string | null;
      passed: boolean | null;
      now: string;
    }): Promise<void> {
      const { attempt, now } = values;
      await db
        .insertInto('objectiveRecords')
        .values({
          id: values.recordId,
          tenantId: values.tenantId,
          objectiveWorkflowAggregateId: attempt.objectiveWorkflowAggregateId,
          objectiveId: attempt.objectiveId,
          userId: attempt.userId,
          objectiveWorkflowId: attempt.id,
          score: values.score,
          maxScore: values.maxScore,
          normalizedScore: values.normalizedScore,
          gradeId: values.gradeId,
          passed: values.passed === null ? null : values.passed ? 1 : 0,
          progress: values.progress,
          protectResults: attempt.protectResults,
          created: now,
          started: attempt.started,
          submitted: attempt.submitted ?? now,
          finished: now,
        })
        .execute();
      await db
        .updateTable('objectiveWorkflows')
        .set({
          state: 6,
          progress: values.progress,
          score: values.score,
          submitted: attempt.submitted ?? now,
          graded: attempt.graded ?? now,
          finished: now,
          objectiveRecordId: values.recordId,
        })
        .where('id', '=', attempt.id)
        .execute();
      await db
        .updateTable('objectiveWorkflowAggregates')
        .set({ lastObjectiveRecordId: values.recordId })
        .where('id', '=', attempt.objectiveWorkflowAggregateId)
        .execute();
      await refreshLearnerCourse(db, values.tenantId, attempt.userId, attempt.objectiveId);
    },

    /** The caller's results (objective records) with their grade, one page. */
    async findObjectiveRecords(caller: Caller, page: PageRequest) {
      let query = objectiveRecordRows(caller);
      if (page.where) query = query.where(page.where);
      return applySort(query, page.sort, sql.ref('r.id'))
        .offset(page.skip)
        .limit(page.take)
        .execute();
    },

    async countObjectiveRecords(caller: Caller, where: RawBuilder<SqlBool> | undefined) {
      let query = db
        .selectFrom('objectiveRecords as r')
        .innerJoin('objectiveWorkflowAggregates as owa', 'owa.id', 'r.objectiveWorkflowAggregateId')
        .innerJoin('objectiveAccesses as oa', 'oa.id', 'owa.objectiveAccessId')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('r.userId', '=', caller.userId)
        .where('r.tenantId', '=', caller.tenantId);
      if (where) query = query.where(where);
      return Number((await query.executeTakeFirstOrThrow()).count);
    },

    /** Activity records of one attempt (already known to be the caller's), one page, with their axis. */
    /** The caller's newest attempt of a course (by creation), or undefined when they have none. */
    async findLatestAttemptIdOfObjective(
      caller: Caller,
      objectiveId: string,
    ): Promise<string | undefined> {
      const row = await db
        .selectFrom('objectiveWorkflows')
        .select('id')
        .where('objectiveId', '=', objectiveId)
        .where('userId', '=', caller.userId)
        .where('tenantId', '=', caller.tenantId)
        .orderBy('created', 'desc')
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
      return row?.id;
    },

    /** Ids of the caller's attempts of one aggregate; [] when the aggregate is not theirs or has none. */
    async findAttemptIdsOfAggregate(caller: Caller, aggregateId: string): Promise<string[]> {
      const rows = await db
        .selectFrom('objectiveWorkflows')
        .select('id')
        .where('objectiveWorkflowAggregateId', '=', aggregateId)
        .where('userId', '=', caller.userId)
        .where('tenantId', '=', caller.tenantId)
        .execute();
      return rows.map((row) => row.id);
    },

    async findActivityRecords(objectiveWorkflowIds: string[], page: PageRequest) {
      let query = activityRecordRows(objectiveWorkflowIds);
      if (page.where) query = query.where(page.where);
      return applySort(query, page.sort, sql.ref('ar.id'))
        .offset(page.skip)
        .limit(page.take)
        .execute();
    },

    async countActivityRecords(
      objectiveWorkflowIds: string[],
      where: RawBuilder<SqlBool> | undefined,
    ) {
      let query = db
        .selectFrom('activityRecords as ar')
        .innerJoin('activityWorkflows as aw', 'aw.id', 'ar.activityWorkflowId')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('aw.objectiveWorkflowId', 'in', objectiveWorkflowIds);
      if (where) query = query.where(where);
      return Number((await query.executeTakeFirstOrThrow()).count);
    },

    async findObjectiveRecord(caller: Caller, recordId: string) {
      return objectiveRecordRows(caller).where('r.id', '=', recordId).executeTakeFirst();
    },
  };

  function activityRecordRows(objectiveWorkflowIds: string[]) {
    return db
      .selectFrom('activityRecords as ar')
      .innerJoin('activityWorkflows as aw', 'aw.id', 'ar.activityWorkflowId')
      .select([
        'ar.id',
        'ar.activityId',
        'ar.activityWorkflowId',
        'ar.score',
        'ar.maxScore',
        'ar.normalizedScore',
        'ar.passed',
        'ar.progress',
        'ar.finished',
        'aw.axis',
        'aw.state as workflowState',
        'aw.objectiveWorkflowId',
      ])
      .where('aw.objectiveWorkflowId', 'in', objectiveWorkflowIds);
  }

  function objectiveRecordRows(caller: Caller) {
    return db
      .selectFrom('objectiveRecords as r')
      .innerJoin('objectiveWorkflowAggregates as owa', 'owa.id', 'r.objectiveWorkflowAggregateId')
      .innerJoin('objectiveAccesses as oa', 'oa.id', 'owa.objectiveAccessId')
      .leftJoin('grades as g', 'g.id', 'r.gradeId')
      .select([
        'r.id',
        'r.objectiveId',
        'r.objectiveWorkflowId',
        'r.score',
        'r.maxScore',
        'r.normalizedScore',
        'r.passed',
        'r.progress',
        'r.protectResults',
        'r.started',
        'r.submitted',
        'r.finished',
        'g.name as gradeName',
        'g.color as gradeColor',
        'oa.gradeRevealPolicy',
        'oa.gradeRevealDate',
      ])
      .where('r.userId', '=', caller.userId)
      .where('r.tenantId', '=', caller.tenantId);
  }
}
