// SQL of the learner dashboard: enrolments with their attempts and activity constraints (tasks), the courses
// the learner opened or worked on (recent courses), and when a course was last opened.
import type { Kysely } from 'kysely';
import { ActivityState, ObjectiveStatus } from '@portal/contracts';
import type { Database } from '../../db/schema.ts';
import { findConstrainedActivityParts } from '../calendar/activity-parts.query.ts';
import { isEnrolled } from '../courses/learner-courses.ts';

export interface Caller {
  userId: string;
  tenantId: string;
}

export type DashboardRepository = ReturnType<typeof createDashboardRepository>;

export function createDashboardRepository(db: Kysely<Database>) {
  return {
    /** The caller's enrolled, not archived courses with their dates and the last attempt. */
    async findEnrolments(caller: Caller) {
      return db
        .selectFrom('objectiveAccesses as oa')
        .innerJoin('objectiveWorkflowAggregates as owa', 'owa.objectiveAccessId', 'oa.id')
        .innerJoin('objectives as o', 'o.id', 'oa.objectiveId')
        .innerJoin('activities as a', 'a.id', 'o.activityId')
        .leftJoin('objectiveWorkflows as ow', 'ow.id', 'owa.lastObjectiveWorkflowId')
        .select([
          'o.id as objectiveId',
          'o.name as objectiveName',
          'o.activityId as rootActivityId',
          'a.state as activityState',
          'oa.isMandatory',
          'oa.retake',
          'oa.availabilityDate',
          'oa.availabilityEndDate',
          'oa.dueDate',
          'owa.lastObjectiveWorkflowId',
          'owa.lastObjectiveRecordId',
          'ow.state as workflowState',
          'ow.submitted as workflowSubmitted',
        ])
        .where('oa.userId', '=', caller.userId)
        .where('oa.tenantId', '=', caller.tenantId)
        .where('a.state', '<>', ActivityState.archived)
        .where('o.status', '<>', ObjectiveStatus.archived)
        .where((eb) => isEnrolled(eb))
        .orderBy('o.name')
        .execute();
    },

    /** Every activity part below the root activities with its constraints, level by level. */
    findActivityParts(rootActivityIds: string[]) {
      return findConstrainedActivityParts(db, rootActivityIds);
    },

    /** The activity workflows of the attempts, newest last. */
    async findActivityWorkflows(objectiveWorkflowIds: string[]) {
      if (objectiveWorkflowIds.length === 0) return [];
      return db
        .selectFrom('activityWorkflows')
        .select(['objectiveWorkflowId', 'axis', 'state', 'submitted'])
        .where('objectiveWorkflowId', 'in', objectiveWorkflowIds)
        .orderBy('created')
        .orderBy('id')
        .execute();
    },

    async findTimeZone(userId: string): Promise<string | null> {
      const row = await db
        .selectFrom('users')
        .select('timezone')
        .where('id', '=', userId)
        .executeTakeFirst();
      return row?.timezone ?? null;
    },

    /**
     * The caller's listed, enrolled courses that were opened or have an attempt or a result, with the times
     * that say when the learner was last there.
     */
    async findVisitedCourses(caller: Caller) {
      return db
        .selectFrom('learnerCourses as lc')
        .innerJoin('objectiveWorkflowAggregates as owa', 'owa.id', 'lc.id')
        .innerJoin('objectives as o', 'o.id', 'lc.objectiveId')
        .leftJoin('objectiveWorkflows as ow', 'ow.id', 'lc.lastObjectiveWorkflowId')
        .leftJoin('objectiveRecords as r', 'r.id', 'lc.lastObjectiveRecordId')
        .select((eb) => [
          'lc.objectiveId',
          'lc.objectiveName',
          'lc.objectiveCode',
          'o.imageUrl',
          'owa.lastOpened',
          'ow.state as workflowState',
          'ow.progress as workflowProgress',
          'ow.started as workflowStarted',
          'ow.submitted as workflowSubmitted',
          'ow.finished as workflowFinished',
          'r.progress as recordProgress',
          'r.finished as recordFinished',
          eb
            .selectFrom('activityWorkflows as aw')
            .whereRef('aw.objectiveWorkflowId', '=', 'ow.id')
            .select((sub) =>
              sub.fn
                .max(sub.fn.coalesce('aw.finished', 'aw.submitted', 'aw.started', 'aw.created'))
                .as('latest'),
            )
            .as('activityWorkedOn'),
        ])
        .where('lc.userId', '=', caller.userId)
        .where('lc.tenantId', '=', caller.tenantId)
        .where('lc.listed', '=', 1)
        .where('lc.enrolled', '=', 1)
        .where((eb) =>
          eb.or([
            eb('owa.lastOpened', 'is not', null),
            eb('lc.lastObjectiveWorkflowId', 'is not', null),
            eb('lc.lastObjectiveRecordId', 'is not', null),
          ]),
        )
        .execute();
    },

    /** Marks the caller's course as opened now; false when the caller has no such course. */
    async recordOpened(caller: Caller, objectiveId: string, at: string): Promise<boolean> {
      const result = await db
        .updateTable('objectiveWorkflowAggregates')
        .set({ lastOpened: at })
        .where('userId', '=', caller.userId)
        .where('tenantId', '=', caller.tenantId)
        .where('objectiveId', '=', objectiveId)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
  };
}
