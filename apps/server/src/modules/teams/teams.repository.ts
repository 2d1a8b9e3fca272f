// SQL of team activities (docs/decisions/0029): teams, their members, the team's shared workflow.
import { sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { DialectName } from '../../db/dialect.ts';
import { applySort, type SortSpec } from '../../lib/list-query/load-options.ts';
import { isEnrolledLearner } from '../courses/learner-courses.ts';

export type TeamsRepository = ReturnType<typeof createTeamsRepository>;
export type TeamRow = NonNullable<Awaited<ReturnType<TeamsRepository['findTeam']>>>;
export type GroupWorkflowRow = NonNullable<
  Awaited<ReturnType<TeamsRepository['findGroupWorkflow']>>
>;

const fullName = (first: string, middle: string | null, last: string) =>
  [first, middle, last].filter((part) => part !== null && part !== '').join(' ');

export function createTeamsRepository(db: Kysely<Database>, dialect: DialectName) {
  function participants(teamId: string) {
    return db
      .selectFrom('teamMembers as tm')
      .innerJoin('users as u', 'u.id', 'tm.userId')
      .leftJoin('unitMemberships as um', (join) =>
        join.onRef('um.userId', '=', 'u.id').on('um.isPrimary', '=', 1),
      )
      .leftJoin('units as pu', 'pu.id', 'um.unitId')
      .where('tm.teamId', '=', teamId);
  }

  function groupWorkflows() {
    return db
      .selectFrom('groupActivityWorkflows as g')
      .innerJoin('teams as t', 't.id', 'g.teamId')
      .leftJoin('users as eu', 'eu.id', 'g.lastEditedBy')
      .leftJoin('users as su', 'su.id', 'g.submittedBy')
      .select([
        'g.id',
        'g.tenantId',
        'g.teamId',
        't.name as teamName',
        't.objectiveId',
        'g.activityId',
        'g.state',
        'g.submission',
        'g.lastEdited',
        'g.submitted',
        'g.score',
        'g.maxScore',
        'g.feedback',
        'g.graded',
        'g.version',
        'eu.firstName as editorFirstName',
        'eu.middleName as editorMiddleName',
        'eu.lastName as editorLastName',
        'su.firstName as submitterFirstName',
        'su.middleName as submitterMiddleName',
        'su.lastName as submitterLastName',
      ]);
  }

  return {
    fullName,

    async findTeam(teamId: string, { lock = false } = {}) {
      return db
        .selectFrom('teams')
        .selectAll()
        .where('id', '=', teamId)
        .$if(lock && dialect === 'postgres', (qb) => qb.forUpdate())
        .executeTakeFirst();
    },

    /** The user's team for a course's activity, if any. */
    async findTeamOf(userId: string, objectiveId: string, activityId: string) {
      return db
        .selectFrom('teamMembers as tm')
        .innerJoin('teams as t', 't.id', 'tm.teamId')
        .select(['t.id', 't.tenantId', 't.objectiveId', 't.activityId', 't.name', 't.created'])
        .where('tm.userId', '=', userId)
        .where('tm.objectiveId', '=', objectiveId)
        .where('tm.activityId', '=', activityId)
        .executeTakeFirst();
    },

    async isMember(teamId: string, userId: string): Promise<boolean> {
      const row = await db
        .selectFrom('teamMembers')
        .select('userId')
        .where('teamId', '=', teamId)
        .where('userId', '=', userId)
        .executeTakeFirst();
      return row !== undefined;
    },

    async countMembers(teamId: string): Promise<number> {
      const row = await db
        .selectFrom('teamMembers')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('teamId', '=', teamId)
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    /** The teams of a course's activity with their member counts and their workflow's state. */
    async listTeams(objectiveId: string, activityId: string) {
      const rows = await db
        .selectFrom('teams as t')
        .innerJoin('groupActivityWorkflows as g', 'g.teamId', 't.id')
        .select((eb) => [
          't.id',
          't.name',
          'g.id as groupActivityWorkflowId',
          'g.state',
          eb
            .selectFrom('teamMembers as tm')
            .select((inner) => inner.fn.countAll<number>().as('count'))
            .whereRef('tm.teamId', '=', 't.id')
            .as('memberCount'),
        ])
        .where('t.objectiveId', '=', objectiveId)
        .where('t.activityId', '=', activityId)
        .orderBy('t.name')
        .orderBy('t.id')
        .execute();
      return rows.map((row) => ({ ...row, memberCount: Number(row.memberCount ?? 0) }));
    },

    async members(teamId: string) {
      return db
        .selectFrom('teamMembers as tm')
        .innerJoin('users as u', 'u.id', 'tm.userId')
        .select(['u.id', 'u.firstName', 'u.middleName', 'u.lastName', 'u.email'])
        .where('tm.teamId', '=', teamId)
        .orderBy('u.lastName')
        .orderBy('u.firstName')
        .orderBy('u.id')
        .execute();
    },

    async findParticipants(
      teamId: string,
      page: { where?: RawBuilder<SqlBool>; sort: SortSpec[]; skip: number; take: number },
    ) {
      let query = participants(teamId).select([
        'u.id',
        'u.firstName',
        'u.middleName',
        'u.lastName',
        'u.email',
        'pu.name as primaryUnit',
      ]);
      if (page.where) query = query.where(page.where);
      return applySort(query, page.sort, sql.ref('u.id'))
        .offset(page.skip)
        .limit(page.take)
        .execute();
    },

    async countParticipants(teamId: string, where: RawBuilder<SqlBool> | undefined) {
      let query = participants(teamId).select((eb) => eb.fn.countAll<number>().as('count'));
      if (where) query = query.where(where);
      return Number((await query.executeTakeFirstOrThrow()).count);
    },

    async insertTeam(values: {
      id: string;
      tenantId: string;
      objectiveId: string;
      activityId: string;
      name: string;
      groupActivityWorkflowId: string;
      now: string;
    }) {
      await db
        .insertInto('teams')
        .values({
          id: values.id,
          tenantId: values.tenantId,
          objectiveId: values.objectiveId,
          activityId: values.activityId,
          name: values.name,
          created: values.now,
        })
        .execute();
      await db
        .insertInto('groupActivityWorkflows')
        .values({
          id: values.groupActivityWorkflowId,
          tenantId: values.tenantId,
          teamId: values.id,
          activityId: values.activityId,
          state: 1,
          submission: '',
          lastEditedBy: null,
          lastEdited: null,
          submittedBy: null,
          submitted: null,
          score: null,
          maxScore: null,
          gradedBy: null,
          graded: null,
          feedback: null,
          version: 0,
          created: values.now,
        })
        .execute();
    },

    async insertMember(
      team: { id: string; objectiveId: string; activityId: string },
      userId: string,
      now: string,
    ) {
      await db
        .insertInto('teamMembers')
        .values({
          teamId: team.id,
          userId,
          objectiveId: team.objectiveId,
          activityId: team.activityId,
          joined: now,
        })
        .execute();
    },

    async deleteMember(teamId: string, userId: string): Promise<boolean> {
      const result = await db
        .deleteFrom('teamMembers')
        .where('teamId', '=', teamId)
        .where('userId', '=', userId)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    async findGroupWorkflow(id: string) {
      return groupWorkflows().where('g.id', '=', id).executeTakeFirst();
    },

    async findGroupWorkflowOfTeam(teamId: string) {
      return groupWorkflows().where('g.teamId', '=', teamId).executeTakeFirst();
    },

    /** Saves the draft when the version matches and the work is not submitted; answers whether it did. */
    async saveDraft(values: {
      id: string;
      version: number;
      submission: string;
      userId: string;
      now: string;
    }): Promise<boolean> {
      const result = await db
        .updateTable('groupActivityWorkflows')
        .set((eb) => ({
          submission: values.submission,
          lastEditedBy: values.userId,
          lastEdited: values.now,
          version: eb('version', '+', 1),
        }))
        .where('id', '=', values.id)
        .where('version', '=', values.version)
        .where('state', '=', 1)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Submits the version the member saw; answers whether this call did (one of two concurrent ones). */
    async submit(values: {
      id: string;
      version: number;
      userId: string;
      now: string;
    }): Promise<boolean> {
      const result = await db
        .updateTable('groupActivityWorkflows')
        .set((eb) => ({
          state: 2,
          submittedBy: values.userId,
          submitted: values.now,
          version: eb('version', '+', 1),
        }))
        .where('id', '=', values.id)
        .where('version', '=', values.version)
        .where('state', '=', 1)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async grade(values: {
      id: string;
      score: number;
      maxScore: number;
      feedback: string | null;
      gradedBy: string;
      now: string;
    }): Promise<void> {
      await db
        .updateTable('groupActivityWorkflows')
        .set((eb) => ({
          state: 6,
          score: values.score,
          maxScore: values.maxScore,
          feedback: values.feedback,
          gradedBy: values.gradedBy,
          graded: values.now,
          version: eb('version', '+', 1),
        }))
        .where('id', '=', values.id)
        .execute();
    },

    /** The activity of a course's tree (its root or any descendant) with its team settings. */
    async findCourseActivity(tenantId: string, objectiveId: string, activityId: string) {
      const objective = await db
        .selectFrom('objectives')
        .select(['id', 'activityId'])
        .where('id', '=', objectiveId)
        .where('tenantId', '=', tenantId)
        .executeTakeFirst();
      if (!objective) return undefined;
      // Walk down from the root: the activity must be part of this course.
      let level = [objective.activityId];
      const seen = new Set(level);
      for (let depth = 0; depth < 32 && level.length > 0; depth += 1) {
        if (level.includes(activityId)) {
          return db
            .selectFrom('activities')
            .select(['id', 'tenantId', 'type', 'maxScore', 'teamMode', 'teamMaxSize'])
            .where('id', '=', activityId)
            .executeTakeFirst();
        }
        const parts = await db
          .selectFrom('activityParts')
          .select('childActivityId')
          .where('parentActivityId', 'in', level)
          .execute();
        level = [...new Set(parts.map((p) => p.childActivityId))].filter((id) => !seen.has(id));
        level.forEach((id) => seen.add(id));
      }
      return undefined;
    },

    /** The grade reveal policy of the aggregate's enrolment and whether its latest attempt is finished. */
    async gradeRevealOf(aggregateId: string) {
      return db
        .selectFrom('objectiveWorkflowAggregates as owa')
        .innerJoin('objectiveAccesses as oa', 'oa.id', 'owa.objectiveAccessId')
        .leftJoin('objectiveWorkflows as ow', 'ow.id', 'owa.lastObjectiveWorkflowId')
        .select(['oa.gradeRevealPolicy', 'oa.gradeRevealDate', 'ow.finished'])
        .where('owa.id', '=', aggregateId)
        .executeTakeFirst();
    },

    /** Whether the user is enrolled in the course (an enrolment, not a catalog-only offer). */
    async isEnrolled(userId: string, objectiveId: string): Promise<boolean> {
      return isEnrolledLearner(db, userId, objectiveId);
    },

    /** Whether the user holds Team.Manage for the course (unscoped, or scoped to it). */
    async canManage(userId: string, objectiveId: string): Promise<boolean> {
      const row = await db
        .selectFrom('userRoles as ur')
        .innerJoin('rolePermissions as rp', 'rp.roleId', 'ur.roleId')
        .select('ur.userId')
        .where('ur.userId', '=', userId)
        .where('rp.name', '=', 'Team.Manage')
        .where((eb) => eb.or([eb('rp.scopeId', 'is', null), eb('rp.scopeId', '=', objectiveId)]))
        .executeTakeFirst();
      return row !== undefined;
    },

    /** The members' current attempts of the course that are in progress, for applying the team's state. */
    async memberAttemptIds(teamId: string, objectiveId: string) {
      return db
        .selectFrom('teamMembers as tm')
        .innerJoin('objectiveWorkflowAggregates as owa', (join) =>
          join.onRef('owa.userId', '=', 'tm.userId').on('owa.objectiveId', '=', objectiveId),
        )
        .innerJoin('objectiveWorkflows as ow', 'ow.id', 'owa.lastObjectiveWorkflowId')
        .select(['tm.userId', 'ow.id as objectiveWorkflowId', 'ow.tenantId'])
        .where('tm.teamId', '=', teamId)
        .where('ow.state', '=', 1)
        .orderBy('ow.id')
        .execute();
    },
  };
}
