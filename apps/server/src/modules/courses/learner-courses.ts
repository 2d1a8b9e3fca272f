// The learner-list read model (docs/decisions/0013): one learner_courses row per enrolment aggregate, rebuilt
// from the source tables by the writers of enrolments, attempts and results inside their own transactions.
import { sql, type ExpressionBuilder, type Kysely } from 'kysely';
import { ActivityState, ObjectiveStatus } from '@portal/contracts';
import type { Database } from '../../db/schema.ts';

/** Which rows to rebuild: one learner's course, every learner of a course or activity, a tenant, or all. */
export type LearnerCoursesScope =
  | { tenantId: string; userId: string; objectiveId: string }
  | { objectiveId: string }
  | { activityId: string }
  | { tenantId: string }
  | 'all';

/** The joins every enrolment query starts from: access, aggregate, objective and root activity. */
export type EnrolmentBuilder = ExpressionBuilder<
  Database & {
    oa: Database['objectiveAccesses'];
    owa: Database['objectiveWorkflowAggregates'];
    o: Database['objectives'];
    a: Database['activities'];
  },
  'oa' | 'owa' | 'o' | 'a'
>;

/** Enrolled: self-enrolled, mandatory, or an attempt or a result exists (spec portal-shell §7). */
export function isEnrolled(eb: EnrolmentBuilder) {
  return eb.or([
    eb('owa.isSelfEnrolled', '=', 1),
    eb('oa.isMandatory', '=', 1),
    eb('owa.lastObjectiveWorkflowId', 'is not', null),
    eb('owa.lastObjectiveRecordId', 'is not', null),
  ]);
}

/** A 0/1 column from a condition, written the same way on both dialects. */
const flagOf = (condition: ReturnType<typeof isEnrolled>) =>
  sql<number>`case when ${condition} then 1 else 0 end`;

/** Column order of learner_courses as the source query produces it. */
/**
 * Whether the user is enrolled in the course as their course list counts it (`learner_courses.enrolled`): a
 * catalog-only offer is not. The membership rule of announcements, discussions, teams and knowledge questions.
 */
export async function isEnrolledLearner(
  db: Kysely<Database>,
  userId: string,
  objectiveId: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('learnerCourses')
    .select('id')
    .where('userId', '=', userId)
    .where('objectiveId', '=', objectiveId)
    .where('enrolled', '=', 1)
    .executeTakeFirst();
  return row !== undefined;
}

export const LEARNER_COURSE_COLUMNS = [
  'id',
  'tenantId',
  'userId',
  'objectiveId',
  'objectiveAccessId',
  'listed',
  'enrolled',
  'termId',
  'isMandatory',
  'showInCatalog',
  'created',
  'dueDate',
  'availabilityDate',
  'objectiveName',
  'objectiveCode',
  'objectiveDescription',
  'activityState',
  'activityType',
  'isSelfEnrolled',
  'lastObjectiveWorkflowId',
  'workflowState',
  'workflowStarted',
  'lastObjectiveRecordId',
  'recordFinished',
] as const;

/**
 * The rows learner_courses must hold for a scope, computed from the source tables. The refresh writes
 * exactly this, and the property test compares the table against it.
 */
export function learnerCourseSource(db: Kysely<Database>, scope: LearnerCoursesScope) {
  let query = db
    .selectFrom('objectiveAccesses as oa')
    .innerJoin('objectiveWorkflowAggregates as owa', 'owa.objectiveAccessId', 'oa.id')
    .innerJoin('objectives as o', 'o.id', 'oa.objectiveId')
    .innerJoin('activities as a', 'a.id', 'o.activityId')
    .leftJoin('objectiveWorkflows as ow', 'ow.id', 'owa.lastObjectiveWorkflowId')
    .leftJoin('objectiveRecords as r', 'r.id', 'owa.lastObjectiveRecordId')
    .select((eb) => [
      'owa.id as id',
      'oa.tenantId as tenantId',
      'oa.userId as userId',
      'oa.objectiveId as objectiveId',
      'oa.id as objectiveAccessId',
      // What every course list may show: never archived, and either enrolled or offered in the catalog.
      flagOf(
        eb.and([
          eb('a.state', '<>', ActivityState.archived),
          eb('o.status', '<>', ObjectiveStatus.archived),
          eb.or([isEnrolled(eb), eb('oa.showInCatalog', '=', 1)]),
        ]),
      ).as('listed'),
      flagOf(isEnrolled(eb)).as('enrolled'),
      'oa.termId as termId',
      'oa.isMandatory as isMandatory',
      'oa.showInCatalog as showInCatalog',
      'oa.created as created',
      'oa.dueDate as dueDate',
      'oa.availabilityDate as availabilityDate',
      'o.name as objectiveName',
      'o.code as objectiveCode',
      'o.description as objectiveDescription',
      'a.state as activityState',
      'a.type as activityType',
      'owa.isSelfEnrolled as isSelfEnrolled',
      'owa.lastObjectiveWorkflowId as lastObjectiveWorkflowId',
      'ow.state as workflowState',
      'ow.started as workflowStarted',
      'owa.lastObjectiveRecordId as lastObjectiveRecordId',
      'r.finished as recordFinished',
    ]);
  if (scope === 'all') return query;
  if ('activityId' in scope) return query.where('o.activityId', '=', scope.activityId);
  if ('userId' in scope) {
    query = query
      .where('oa.userId', '=', scope.userId)
      .where('oa.tenantId', '=', scope.tenantId)
      .where('oa.objectiveId', '=', scope.objectiveId);
    return query;
  }
  if ('objectiveId' in scope) return query.where('oa.objectiveId', '=', scope.objectiveId);
  return query.where('oa.tenantId', '=', scope.tenantId);
}

/**
 * Rebuilds the read-model rows of a scope from the source tables. Call it with the writer's transaction,
 * after the writer's last change, so the list never sees an enrolment without its row or a stale row.
 */
export async function refreshLearnerCourses(
  db: Kysely<Database>,
  scope: LearnerCoursesScope,
): Promise<void> {
  let remove = db.deleteFrom('learnerCourses');
  if (scope !== 'all') {
    if ('activityId' in scope) {
      remove = remove.where('objectiveId', 'in', (eb) =>
        eb.selectFrom('objectives').select('id').where('activityId', '=', scope.activityId),
      );
    } else if ('userId' in scope) {
      remove = remove
        .where('userId', '=', scope.userId)
        .where('tenantId', '=', scope.tenantId)
        .where('objectiveId', '=', scope.objectiveId);
    } else if ('objectiveId' in scope) {
      remove = remove.where('objectiveId', '=', scope.objectiveId);
    } else {
      remove = remove.where('tenantId', '=', scope.tenantId);
    }
  }
  await remove.execute();
  await db
    .insertInto('learnerCourses')
    .columns(LEARNER_COURSE_COLUMNS)
    .expression(learnerCourseSource(db, scope))
    .execute();
}

/** The one learner's course that a writer just changed. */
export function refreshLearnerCourse(
  db: Kysely<Database>,
  tenantId: string,
  userId: string,
  objectiveId: string,
): Promise<void> {
  return refreshLearnerCourses(db, { tenantId, userId, objectiveId });
}
