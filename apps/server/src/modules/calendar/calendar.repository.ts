// SQL of the calendar: a learner's enrolments with their dates, their activities' constraints, and feed tokens.
import type { Kysely } from 'kysely';
import { ActivityState, ObjectiveStatus } from '@portal/contracts';
import type { Database } from '../../db/schema.ts';
import { isEnrolled } from '../courses/learner-courses.ts';
import { findConstrainedActivityParts } from './activity-parts.query.ts';

export interface Caller {
  userId: string;
  tenantId: string;
}

export type CalendarRepository = ReturnType<typeof createCalendarRepository>;

export function createCalendarRepository(db: Kysely<Database>) {
  return {
    /** Enrolled courses (self-enrolled, mandatory, or with an attempt or a result; spec portal-shell §7). */
    async findEnrolments(caller: Caller) {
      return db
        .selectFrom('objectiveAccesses as oa')
        .innerJoin('objectiveWorkflowAggregates as owa', 'owa.objectiveAccessId', 'oa.id')
        .innerJoin('objectives as o', 'o.id', 'oa.objectiveId')
        .innerJoin('activities as a', 'a.id', 'o.activityId')
        .select([
          'o.id as objectiveId',
          'o.name as objectiveName',
          'o.activityId as rootActivityId',
          'oa.availabilityDate',
          'oa.availabilityEndDate',
          'oa.dueDate',
        ])
        .where('oa.userId', '=', caller.userId)
        .where('oa.tenantId', '=', caller.tenantId)
        .where('a.state', '<>', ActivityState.archived)
        .where('o.status', '<>', ObjectiveStatus.archived)
        .where((eb) => isEnrolled(eb))
        .orderBy('o.name')
        .execute();
    },

    /** Every activity part below the root activities, with the child's name and the part's constraints. */
    findActivityParts(rootActivityIds: string[]) {
      return findConstrainedActivityParts(db, rootActivityIds);
    },

    /** The caller's unrevoked certificates that expire (decision 0015). */
    async findExpiringCertificates(caller: Caller) {
      return db
        .selectFrom('certificateRecords')
        .select(['certificateNumber', 'objectiveId', 'objectiveName', 'expirationDate'])
        .where('userId', '=', caller.userId)
        .where('tenantId', '=', caller.tenantId)
        .where('revoked', 'is', null)
        .where('expirationDate', 'is not', null)
        .orderBy('certificateNumber')
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

    async findFeed(userId: string) {
      return db
        .selectFrom('calendarFeeds')
        .select(['created'])
        .where('userId', '=', userId)
        .executeTakeFirst();
    },

    async findFeedOwner(tokenHash: string) {
      return db
        .selectFrom('calendarFeeds as f')
        .innerJoin('users as u', 'u.id', 'f.userId')
        .select(['f.userId', 'f.tenantId', 'u.locale', 'u.status'])
        .where('f.tokenHash', '=', tokenHash)
        .executeTakeFirst();
    },

    /** Stores the learner's one feed token, replacing an earlier one. */
    async replaceFeed(caller: Caller, tokenHash: string, created: string): Promise<void> {
      await db
        .insertInto('calendarFeeds')
        .values({ userId: caller.userId, tenantId: caller.tenantId, tokenHash, created })
        .onConflict((oc) => oc.column('userId').doUpdateSet({ tokenHash, created }))
        .execute();
    },

    async deleteFeed(userId: string): Promise<void> {
      await db.deleteFrom('calendarFeeds').where('userId', '=', userId).execute();
    },
  };
}
