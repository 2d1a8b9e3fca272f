// SQL of the course lists: the caller's enrolment aggregates, their terms and showcases, grading scales.
import { sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import { ActivityState, ObjectiveStatus } from '@portal/contracts';
import type { Database } from '../../db/schema.ts';
import { applySort, type SortSpec } from '../../lib/list-query/load-options.ts';
import {
  countObjectivesWithoutShowcase,
  findShowcasesOfObjectives,
  findShowcasesWithCounts,
} from '../showcases/showcases.queries.ts';
import { isEnrolled } from './learner-courses.ts';

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

export type EnrollmentAggregateRow = Awaited<
  ReturnType<CoursesRepository['findEnrollmentAggregates']>
>[number];
export type GradingScaleRow = Awaited<ReturnType<CoursesRepository['findGradingScales']>>[number];
export type GradeRow = Awaited<ReturnType<CoursesRepository['findGrades']>>[number];

export type CoursesRepository = ReturnType<typeof createCoursesRepository>;

export function createCoursesRepository(db: Kysely<Database>) {
  /**
   * The caller's accesses that a course list may show: never archived, and either enrolled or offered
   * in the catalog. Every list query starts here, so no filter can reach another user's rows.
   */
  function visibleAccesses(caller: Caller) {
    return db
      .selectFrom('objectiveAccesses as oa')
      .innerJoin('objectiveWorkflowAggregates as owa', 'owa.objectiveAccessId', 'oa.id')
      .innerJoin('objectives as o', 'o.id', 'oa.objectiveId')
      .innerJoin('activities as a', 'a.id', 'o.activityId')
      .where('oa.userId', '=', caller.userId)
      .where('oa.tenantId', '=', caller.tenantId)
      .where('a.state', '<>', ActivityState.archived)
      .where('o.status', '<>', ObjectiveStatus.archived)
      .where((eb) => eb.or([isEnrolled(eb), eb('oa.showInCatalog', '=', 1)]));
  }

  /**
   * The caller's listed rows of the read model (the same rule as visibleAccesses), filtered by the list
   * options: sorting, paging and counting touch this one table and its indexes only.
   */
  function listedRows(caller: Caller, where: RawBuilder<SqlBool> | undefined) {
    const query = db
      .selectFrom('learnerCourses as lc')
      .where('lc.tenantId', '=', caller.tenantId)
      .where('lc.userId', '=', caller.userId)
      .where('lc.listed', '=', 1);
    return where ? query.where(where) : query;
  }

  /**
   * The wide rows of a page of aggregates that listedRows chose for the caller, read by primary keys from the
   * aggregates on. No condition on the owner here: it would let the planner start from all of the learner's
   * accesses instead of the page's 24 aggregates; the caller re-checks the owner of every row.
   */
  function findEnrollmentAggregateRows(aggregateIds: string[]) {
    return db
      .selectFrom('objectiveWorkflowAggregates as owa')
      .innerJoin('objectiveAccesses as oa', 'oa.id', 'owa.objectiveAccessId')
      .innerJoin('objectives as o', 'o.id', 'oa.objectiveId')
      .innerJoin('activities as a', 'a.id', 'o.activityId')
      .leftJoin('objectiveWorkflows as ow', 'ow.id', 'owa.lastObjectiveWorkflowId')
      .leftJoin('objectiveRecords as r', 'r.id', 'owa.lastObjectiveRecordId')
      .where('owa.id', 'in', aggregateIds)
      .leftJoin('grades as g', 'g.id', 'r.gradeId')
      .select((eb) => [
        'owa.id as id',
        'oa.id as objectiveAccessId',
        'oa.userId as userId',
        'oa.tenantId as tenantId',
        'oa.termId as termId',
        'oa.isMandatory as isMandatory',
        'oa.showInCatalog as showInCatalog',
        'oa.retake as retake',
        'oa.availabilityDate as availabilityDate',
        'oa.availabilityEndDate as availabilityEndDate',
        'oa.dueDate as dueDate',
        'oa.gradeRevealPolicy as gradeRevealPolicy',
        'oa.gradeRevealDate as gradeRevealDate',
        'o.id as objectiveId',
        'o.name as objectiveName',
        'o.code as objectiveCode',
        'o.description as objectiveDescription',
        'o.about as objectiveAbout',
        'o.imageUrl as objectiveImageUrl',
        'o.gradingScaleId as gradingScaleId',
        'o.announcementChannelId as announcementChannelId',
        'a.id as activityId',
        'a.state as activityState',
        'a.type as activityType',
        'a.presentationMode as presentationMode',
        eb
          .selectFrom('activityParts as ap')
          .select((sub) => sub.fn.countAll<number>().as('count'))
          .whereRef('ap.parentActivityId', '=', 'a.id')
          .as('childrenCount'),
        'owa.isSelfEnrolled as isSelfEnrolled',
        'ow.id as workflowId',
        'ow.state as workflowState',
        'ow.progress as workflowProgress',
        'ow.started as workflowStarted',
        'ow.submitted as workflowSubmitted',
        'ow.finished as workflowFinished',
        'r.id as recordId',
        'r.finished as recordFinished',
        'r.passed as recordPassed',
        'r.score as recordScore',
        'r.maxScore as recordMaxScore',
        'r.normalizedScore as recordNormalizedScore',
        'r.progress as recordProgress',
        'r.objectiveWorkflowId as recordObjectiveWorkflowId',
        'g.name as gradeName',
      ])
      .execute();
  }

  return {
    /**
     * One page in two steps: sort and page over the read model (ids only, along a covering index), then
     * read the wide rows of that page alone from the source tables by their keys.
     */
    async findEnrollmentAggregates(caller: Caller, page: PageRequest) {
      const pageIds = await applySort(
        listedRows(caller, page.where).select('lc.id'),
        page.sort,
        sql.ref('lc.id'),
      )
        .offset(page.skip)
        .limit(page.take)
        .execute();
      if (pageIds.length === 0) return [];
      const rows = await findEnrollmentAggregateRows(pageIds.map((row) => row.id));
      const position = new Map(pageIds.map((row, index) => [row.id, index]));
      return rows
        .filter((row) => row.userId === caller.userId && row.tenantId === caller.tenantId)
        .sort((a, b) => position.get(a.id)! - position.get(b.id)!);
    },

    async countEnrollmentAggregates(
      caller: Caller,
      where: RawBuilder<SqlBool> | undefined,
    ): Promise<number> {
      const row = await listedRows(caller, where)
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    /** Distinct term ids of the matching rows (null = no term), for the client's term filter. */
    async findDistinctTermIds(
      caller: Caller,
      where: RawBuilder<SqlBool> | undefined,
      skip: number,
      take: number,
    ) {
      return listedRows(caller, where)
        .select('lc.termId as termId')
        .distinct()
        .orderBy('lc.termId')
        .offset(skip)
        .limit(take)
        .execute();
    },

    async countDistinctTermIds(
      caller: Caller,
      where: RawBuilder<SqlBool> | undefined,
    ): Promise<number> {
      const row = await db
        .selectFrom(listedRows(caller, where).select('lc.termId as termId').distinct().as('terms'))
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    /** Showcases of the given objectives, in showcase order (for the `objective.showcases` of a page). */
    findShowcasesOfObjectives(tenantId: string, objectiveIds: string[]) {
      return findShowcasesOfObjectives(db, tenantId, objectiveIds);
    },

    /** Terms referenced by the caller's visible accesses. */
    async findTermsOfCaller(caller: Caller) {
      return visibleAccesses(caller)
        .innerJoin('terms as t', 't.id', 'oa.termId')
        .select(['t.id', 't.name'])
        .distinct()
        .orderBy('t.name')
        .orderBy('t.id')
        .execute();
    },

    /** Showcases of the caller's enrolled courses, with how many of those courses each holds. */
    findEnrolledShowcases(caller: Caller) {
      const enrolled = visibleAccesses(caller).where(isEnrolled).select('o.id as id');
      return findShowcasesWithCounts(db, caller.tenantId, enrolled);
    },

    /** How many of the caller's enrolled courses are in no showcase (the "Uncategorized" collection). */
    countEnrolledWithoutShowcase(caller: Caller): Promise<number> {
      return countObjectivesWithoutShowcase(
        db,
        visibleAccesses(caller).where(isEnrolled).select('o.id as id'),
      );
    },

    async findGradingScales(tenantId: string, page: PageRequest) {
      let query = db
        .selectFrom('gradingScales as gs')
        .select([
          'gs.id',
          'gs.name',
          'gs.description',
          'gs.maxScore',
          'gs.normalizedPassingScore',
          'gs.passingGradeId',
        ])
        .where('gs.tenantId', '=', tenantId);
      if (page.where) query = query.where(page.where);
      return applySort(query, page.sort, sql.ref('gs.id'))
        .offset(page.skip)
        .limit(page.take)
        .execute();
    },

    async countGradingScales(
      tenantId: string,
      where: RawBuilder<SqlBool> | undefined,
    ): Promise<number> {
      let query = db
        .selectFrom('gradingScales as gs')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('gs.tenantId', '=', tenantId);
      if (where) query = query.where(where);
      return Number((await query.executeTakeFirstOrThrow()).count);
    },

    async findGrades(gradingScaleIds: string[]) {
      if (gradingScaleIds.length === 0) return [];
      return db
        .selectFrom('grades')
        .select(['id', 'gradingScaleId', 'name', 'color', 'normalizedMinScore'])
        .where('gradingScaleId', 'in', gradingScaleIds)
        .orderBy('normalizedMinScore')
        .orderBy('id')
        .execute();
    },
  };
}
