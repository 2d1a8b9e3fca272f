// SQL of the learner's catalog: catalog showcases, objective accesses, self-enrolment and joining a public course.
import type { Kysely } from 'kysely';
import { ActivityState, GradeRevealPolicy, ObjectiveStatus } from '@portal/contracts';
import type { Database } from '../../db/schema.ts';
import { newId } from '../../lib/ids.ts';
import { publicObjectives } from './open-catalog.repository.ts';
import {
  isEnrolled,
  refreshLearnerCourse,
  type EnrolmentBuilder,
} from '../courses/learner-courses.ts';
import {
  countObjectivesWithoutShowcase,
  findShowcasesWithCounts,
} from '../showcases/showcases.queries.ts';

export interface Caller {
  userId: string;
  tenantId: string;
}

type AccessBuilder = EnrolmentBuilder;

/** The spec's catalog rule: offered in the catalog, not self-enrolled, no attempt and no result. */
function isInCatalog(eb: AccessBuilder) {
  return eb.and([
    eb('oa.showInCatalog', '=', 1),
    eb('owa.isSelfEnrolled', '=', 0),
    eb('owa.lastObjectiveWorkflowId', 'is', null),
    eb('owa.lastObjectiveRecordId', 'is', null),
  ]);
}

function isNotArchived(eb: AccessBuilder) {
  return eb.and([
    eb('a.state', '<>', ActivityState.archived),
    eb('o.status', '<>', ObjectiveStatus.archived),
  ]);
}

export type AccessRow = NonNullable<Awaited<ReturnType<CatalogRepository['findAccessById']>>>;

/** The same rule as isEnrolled, on a row already read. */
export function isEnrolledAccess(access: AccessRow): boolean {
  return (
    access.isSelfEnrolled === 1 ||
    access.isMandatory === 1 ||
    access.lastObjectiveWorkflowId !== null ||
    access.lastObjectiveRecordId !== null
  );
}

export type CatalogRepository = ReturnType<typeof createCatalogRepository>;

export function createCatalogRepository(db: Kysely<Database>) {
  /** The caller's own accesses with their aggregate, objective and root activity. */
  function callerAccesses(caller: Caller) {
    return db
      .selectFrom('objectiveAccesses as oa')
      .innerJoin('objectiveWorkflowAggregates as owa', 'owa.objectiveAccessId', 'oa.id')
      .innerJoin('objectives as o', 'o.id', 'oa.objectiveId')
      .innerJoin('activities as a', 'a.id', 'o.activityId')
      .where('oa.userId', '=', caller.userId)
      .where('oa.tenantId', '=', caller.tenantId);
  }

  const accessColumns = [
    'oa.id as id',
    'oa.objectiveId as objectiveId',
    'oa.userId as userId',
    'oa.isMandatory as isMandatory',
    'oa.showInCatalog as showInCatalog',
    'oa.availabilityDate as availabilityDate',
    'oa.availabilityEndDate as availabilityEndDate',
    'owa.id as aggregateId',
    'owa.isSelfEnrolled as isSelfEnrolled',
    'owa.lastObjectiveWorkflowId as lastObjectiveWorkflowId',
    'owa.lastObjectiveRecordId as lastObjectiveRecordId',
    'o.status as objectiveStatus',
    'a.state as activityState',
  ] as const;

  return {
    /** Showcases of the caller's catalog courses, with how many of those courses each holds. */
    findCatalogShowcases(caller: Caller) {
      const catalog = callerAccesses(caller)
        .where(isNotArchived)
        .where(isInCatalog)
        .select('o.id as id');
      return findShowcasesWithCounts(db, caller.tenantId, catalog);
    },

    /** How many of the caller's catalog courses are in no showcase (the "Uncategorized" collection). */
    countCatalogWithoutShowcase(caller: Caller): Promise<number> {
      return countObjectivesWithoutShowcase(
        db,
        callerAccesses(caller).where(isNotArchived).where(isInCatalog).select('o.id as id'),
      );
    },

    /** The caller's access to an objective as the course lists see it: not archived, enrolled or offered. */
    async findVisibleAccessOfObjective(caller: Caller, objectiveId: string) {
      return callerAccesses(caller)
        .where('oa.objectiveId', '=', objectiveId)
        .where(isNotArchived)
        .where((eb) => eb.or([isEnrolled(eb), eb('oa.showInCatalog', '=', 1)]))
        .select(accessColumns)
        .executeTakeFirst();
    },

    /** One of the caller's accesses, whatever its state; another user's access is never found. */
    async findAccessById(caller: Caller, accessId: string) {
      return callerAccesses(caller)
        .where('oa.id', '=', accessId)
        .select(accessColumns)
        .executeTakeFirst();
    },

    async findAccessOfObjective(caller: Caller, objectiveId: string) {
      return callerAccesses(caller)
        .where('oa.objectiveId', '=', objectiveId)
        .select(accessColumns)
        .executeTakeFirst();
    },

    /**
     * Sets the self-enrolment flag only while the course is still a catalog course. The condition is
     * re-checked by the UPDATE itself, so two appliers racing on one row enrol it once: the second
     * one updates nothing.
     */
    async markSelfEnrolled(
      caller: Caller,
      access: { aggregateId: string; objectiveId: string },
    ): Promise<boolean> {
      const result = await db
        .updateTable('objectiveWorkflowAggregates')
        .set({ isSelfEnrolled: 1 })
        .where('id', '=', access.aggregateId)
        .where('isSelfEnrolled', '=', 0)
        .where('lastObjectiveWorkflowId', 'is', null)
        .where('lastObjectiveRecordId', 'is', null)
        .executeTakeFirst();
      await refreshLearnerCourse(db, caller.tenantId, caller.userId, access.objectiveId);
      return Number(result.numUpdatedRows) === 1;
    },

    async isPublicObjective(tenantId: string, objectiveId: string): Promise<boolean> {
      const row = await publicObjectives(db, tenantId)
        .select('o.id')
        .where('o.id', '=', objectiveId)
        .executeTakeFirst();
      return row !== undefined;
    },

    /**
     * Creates the caller's access (offered in their catalog, not mandatory) and its aggregate unless
     * they exist; the unique (user, objective) keys make a concurrent second insert a no-op.
     */
    async insertCatalogAccessIfAbsent(caller: Caller, objectiveId: string, created: string) {
      await db
        .insertInto('objectiveAccesses')
        .values({
          id: newId(),
          tenantId: caller.tenantId,
          objectiveId,
          userId: caller.userId,
          termId: null,
          isMandatory: 0,
          showInCatalog: 1,
          retake: 0,
          availabilityDate: null,
          availabilityEndDate: null,
          dueDate: null,
          gradeRevealPolicy: GradeRevealPolicy.afterFinish,
          gradeRevealDate: null,
          created,
        })
        .onConflict((oc) => oc.columns(['userId', 'objectiveId']).doNothing())
        .execute();
      const access = await db
        .selectFrom('objectiveAccesses')
        .select('id')
        .where('userId', '=', caller.userId)
        .where('objectiveId', '=', objectiveId)
        .executeTakeFirstOrThrow();
      await db
        .insertInto('objectiveWorkflowAggregates')
        .values({
          id: newId(),
          tenantId: caller.tenantId,
          objectiveAccessId: access.id,
          objectiveId,
          userId: caller.userId,
          isSelfEnrolled: 0,
          lastObjectiveWorkflowId: null,
          lastObjectiveRecordId: null,
          created,
        })
        .onConflict((oc) => oc.doNothing())
        .execute();
      await refreshLearnerCourse(db, caller.tenantId, caller.userId, objectiveId);
      return access.id;
    },

    /** Offers an existing access in the learner's catalog (a public course is open to every learner). */
    async offerInCatalog(caller: Caller, access: { id: string; objectiveId: string }) {
      await db
        .updateTable('objectiveAccesses')
        .set({ showInCatalog: 1 })
        .where('id', '=', access.id)
        .execute();
      await refreshLearnerCourse(db, caller.tenantId, caller.userId, access.objectiveId);
    },
  };
}
