// Use cases of team activities (docs/decisions/0029). Learners: only their own team, found through their own
// attempt or enrolment aggregate; anything else answers 404. Instructors and administrators holding
// Team.Manage for the course form teams and grade them.
import {
  GradeRevealPolicy,
  GroupWorkflowState,
  idSchema,
  TeamMode,
  type ActivityTeam,
  type GroupActivityWorkflow,
  type ListEnvelope,
  type TeamParticipant,
  type TeamWithMembers,
} from '@portal/contracts';
import { findNodeByAxis, isGradeRevealed } from '@portal/domain';
import type { Kysely } from 'kysely';
import type { DialectName } from '../../db/dialect.ts';
import type { Database } from '../../db/schema.ts';
import {
  BadRequestError,
  ConflictError,
  ForbiddenError,
  NotFoundError,
} from '../../http/errors.ts';
import type { Principal } from '../../http/principal.ts';
import type { Clock } from '../../lib/clock.ts';
import { newId } from '../../lib/ids.ts';
import {
  filterCondition,
  listEnvelope,
  parseLoadOptions,
} from '../../lib/list-query/load-options.ts';
import { loadAttemptTree } from '../workflows/attempt-progress.ts';
import { createWorkflowsRepository } from '../workflows/workflows.repository.ts';
import { applyTeamStateToMembers } from './team-progress.ts';
import { teamParticipantDefaultSort, teamParticipantFields } from './teams.fields.ts';
import {
  createTeamsRepository,
  type GroupWorkflowRow,
  type TeamsRepository,
} from './teams.repository.ts';

export interface TeamsServiceDependencies {
  db: Kysely<Database>;
  dialect: DialectName;
  clock: Clock;
}

export type TeamsService = ReturnType<typeof createTeamsService>;

const notFound = () => new NotFoundError('not_found', 'The requested resource does not exist.');

function requireId(id: string): string {
  const parsed = idSchema.safeParse(id);
  if (!parsed.success) throw notFound();
  return parsed.data;
}

function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '23505' || (typeof code === 'string' && code.startsWith('SQLITE_CONSTRAINT'));
}

/** `revealed`: the learner's enrolment lets them see grades now (instructors always see them). */
export function toGroupActivityWorkflow(
  row: GroupWorkflowRow,
  repository: Pick<TeamsRepository, 'fullName'>,
  revealed = true,
): GroupActivityWorkflow {
  const graded = row.state === GroupWorkflowState.finished;
  return {
    id: row.id,
    teamId: row.teamId,
    teamName: row.teamName,
    activityId: row.activityId,
    state: row.state,
    submission: row.submission,
    lastEditedByName:
      row.editorFirstName === null
        ? null
        : repository.fullName(row.editorFirstName, row.editorMiddleName, row.editorLastName ?? ''),
    lastEdited: row.lastEdited,
    submittedByName:
      row.submitterFirstName === null
        ? null
        : repository.fullName(
            row.submitterFirstName,
            row.submitterMiddleName,
            row.submitterLastName ?? '',
          ),
    submitted: row.submitted,
    score: graded && revealed ? row.score : null,
    maxScore: graded && revealed ? row.maxScore : null,
    feedback: graded && revealed ? row.feedback : null,
    graded: row.graded,
    resultHidden: graded && !revealed,
    version: row.version,
  };
}

export function createTeamsService({ db, dialect, clock }: TeamsServiceDependencies) {
  const teams = createTeamsRepository(db, dialect);
  const workflows = createWorkflowsRepository(db, dialect);

  /** The team activity at an axis of the caller's own attempt; 404 for anything else. */
  async function resolveActivity(principal: Principal, objectiveWorkflowId: string, axis: string) {
    const attempt = await workflows.findAttempt(principal, requireId(objectiveWorkflowId));
    if (!attempt) throw notFound();
    const { tree } = await loadAttemptTree(workflows, attempt, clock.now());
    const node = findNodeByAxis(tree, axis);
    if (!node || (node.teamMode ?? 0) === TeamMode.none) throw notFound();
    return { attempt, node };
  }

  /** The caller's team's workflow reached through their own aggregate of the same course; 404 otherwise. */
  async function requireOwnGroupWorkflow(
    principal: Principal,
    aggregateId: string,
    groupWorkflowId: string,
  ) {
    const aggregate = await workflows.findAggregate(principal, requireId(aggregateId));
    if (!aggregate) throw notFound();
    const row = await teams.findGroupWorkflow(requireId(groupWorkflowId));
    if (
      !row ||
      row.tenantId !== principal.tenantId ||
      row.objectiveId !== aggregate.objectiveId ||
      !(await teams.isMember(row.teamId, principal.userId))
    )
      throw notFound();
    return row;
  }

  /**
   * Whether the learner sees the team's score and feedback now: an enrolment that withholds grades (never, after
   * a date, after finishing the course) withholds the team's too; without a policy they show once graded.
   */
  async function revealedFor(aggregateId: string): Promise<boolean> {
    const policy = await teams.gradeRevealOf(aggregateId);
    if (!policy || policy.gradeRevealPolicy === GradeRevealPolicy.none) return true;
    return isGradeRevealed({
      policy: policy.gradeRevealPolicy,
      revealDate: policy.gradeRevealDate,
      finished: policy.finished !== null,
      now: clock.now(),
    });
  }

  async function reload(id: string, aggregateId?: string): Promise<GroupActivityWorkflow> {
    const row = await teams.findGroupWorkflow(id);
    if (!row) throw notFound();
    return toGroupActivityWorkflow(
      row,
      teams,
      aggregateId === undefined ? true : await revealedFor(aggregateId),
    );
  }

  /** A course activity the caller may manage teams of (Team.Manage for the course, same tenant). */
  async function requireManagedActivity(
    principal: Principal,
    objectiveId: string,
    activityId: string,
  ) {
    const activity = await teams.findCourseActivity(
      principal.tenantId,
      requireId(objectiveId),
      requireId(activityId),
    );
    if (!activity) throw notFound();
    if (!(await teams.canManage(principal.userId, objectiveId))) throw new ForbiddenError();
    if (activity.teamMode === TeamMode.none)
      throw new BadRequestError('not_a_team_activity', 'This activity is not a team activity.');
    return activity;
  }

  async function requireManagedTeam(principal: Principal, teamId: string) {
    const team = await teams.findTeam(requireId(teamId));
    if (!team || team.tenantId !== principal.tenantId) throw notFound();
    const activity = await requireManagedActivity(principal, team.objectiveId, team.activityId);
    return { team, activity };
  }

  async function teamWithMembers(teamId: string): Promise<TeamWithMembers> {
    const team = await teams.findTeam(teamId);
    const group = await teams.findGroupWorkflowOfTeam(teamId);
    if (!team || !group) throw notFound();
    const members = await teams.members(teamId);
    return {
      id: team.id,
      name: team.name,
      objectiveId: team.objectiveId,
      activityId: team.activityId,
      memberCount: members.length,
      groupActivityWorkflowId: group.id,
      members: members.map((m) => ({
        id: m.id,
        name: teams.fullName(m.firstName, m.middleName, m.lastName),
        email: m.email,
      })),
    };
  }

  const service = {
    async getActivityTeam(
      principal: Principal,
      objectiveWorkflowId: string,
      axis: string,
    ): Promise<ActivityTeam> {
      const { attempt, node } = await resolveActivity(principal, objectiveWorkflowId, axis);
      const activity = await teams.findCourseActivity(
        principal.tenantId,
        attempt.objectiveId,
        node.id,
      );
      const teamMaxSize = activity?.teamMaxSize ?? null;
      const team = await teams.findTeamOf(principal.userId, attempt.objectiveId, node.id);
      if (team) {
        const group = await teams.findGroupWorkflowOfTeam(team.id);
        return {
          teamMode: node.teamMode ?? 0,
          teamMaxSize,
          objectiveWorkflowAggregateId: attempt.objectiveWorkflowAggregateId,
          team: { id: team.id, name: team.name, memberCount: await teams.countMembers(team.id) },
          groupActivityWorkflowId: group?.id ?? null,
          joinableTeams: [],
        };
      }
      const joinableTeams =
        node.teamMode === TeamMode.learnersJoin
          ? (await teams.listTeams(attempt.objectiveId, node.id))
              .filter(
                (t) =>
                  t.state === GroupWorkflowState.inProgress &&
                  (teamMaxSize === null || t.memberCount < teamMaxSize),
              )
              .map((t) => ({ id: t.id, name: t.name, memberCount: t.memberCount }))
          : [];
      return {
        teamMode: node.teamMode ?? 0,
        teamMaxSize,
        objectiveWorkflowAggregateId: attempt.objectiveWorkflowAggregateId,
        team: null,
        groupActivityWorkflowId: null,
        joinableTeams,
      };
    },

    /** The caller's team members; a caller in no team gets an empty list (never another team's). */
    async listParticipants(
      principal: Principal,
      objectiveWorkflowId: string,
      axis: string,
      query: unknown,
    ): Promise<ListEnvelope<TeamParticipant>> {
      const options = parseLoadOptions(query, {
        fields: teamParticipantFields,
        defaultSort: teamParticipantDefaultSort,
      });
      const { attempt, node } = await resolveActivity(principal, objectiveWorkflowId, axis);
      const team = await teams.findTeamOf(principal.userId, attempt.objectiveId, node.id);
      if (!team) return listEnvelope([], options.requireTotalCount ? 0 : undefined);
      const where = filterCondition(options);
      const [rows, totalCount] = await Promise.all([
        teams.findParticipants(team.id, {
          where,
          sort: options.sort,
          skip: options.skip,
          take: options.take,
        }),
        options.requireTotalCount ? teams.countParticipants(team.id, where) : undefined,
      ]);
      return listEnvelope(
        rows.map((row) => ({
          id: row.id,
          firstName: row.firstName,
          middleName: row.middleName,
          lastName: row.lastName,
          email: row.email,
          primaryUnit: row.primaryUnit,
        })),
        totalCount,
      );
    },

    /** Team mode 2: joins a team of the activity that has room and has not submitted its work. */
    async joinTeam(
      principal: Principal,
      objectiveWorkflowId: string,
      axis: string,
      teamId: string,
    ): Promise<ActivityTeam> {
      const { attempt, node } = await resolveActivity(principal, objectiveWorkflowId, axis);
      if (node.teamMode !== TeamMode.learnersJoin)
        throw new ForbiddenError('team_join_not_allowed', 'Your instructor forms the teams.');
      try {
        await db.transaction().execute(async (tx) => {
          const repository = createTeamsRepository(tx, dialect);
          // Locked on PostgreSQL, so concurrent joins of one team count one after the other.
          const team = await repository.findTeam(teamId, { lock: true });
          if (!team || team.objectiveId !== attempt.objectiveId || team.activityId !== node.id)
            throw notFound();
          if (await repository.findTeamOf(principal.userId, attempt.objectiveId, node.id))
            throw new ConflictError('already_in_team', 'You are already in a team.');
          const group = await repository.findGroupWorkflowOfTeam(team.id);
          if (group?.state !== GroupWorkflowState.inProgress)
            throw new ConflictError('team_work_submitted', 'This team has submitted its work.');
          const activity = await repository.findCourseActivity(
            principal.tenantId,
            attempt.objectiveId,
            node.id,
          );
          const max = activity?.teamMaxSize ?? null;
          if (max !== null && (await repository.countMembers(team.id)) >= max)
            throw new ConflictError('team_full', 'This team is full.');
          await repository.insertMember(team, principal.userId, clock.now().toISOString());
        });
      } catch (error) {
        if (isUniqueViolation(error))
          throw new ConflictError('already_in_team', 'You are already in a team.');
        throw error;
      }
      return service.getActivityTeam(principal, objectiveWorkflowId, axis);
    },

    /** Team mode 2: leaves the caller's team before its work is submitted. */
    async leaveTeam(principal: Principal, objectiveWorkflowId: string, axis: string) {
      const { attempt, node } = await resolveActivity(principal, objectiveWorkflowId, axis);
      if (node.teamMode !== TeamMode.learnersJoin)
        throw new ForbiddenError('team_join_not_allowed', 'Your instructor forms the teams.');
      await db.transaction().execute(async (tx) => {
        const repository = createTeamsRepository(tx, dialect);
        const team = await repository.findTeamOf(principal.userId, attempt.objectiveId, node.id);
        if (!team) throw notFound();
        const locked = await repository.findTeam(team.id, { lock: true });
        const group = await repository.findGroupWorkflowOfTeam(team.id);
        if (!locked || group?.state !== GroupWorkflowState.inProgress)
          throw new ConflictError('team_work_submitted', 'This team has submitted its work.');
        await repository.deleteMember(team.id, principal.userId);
      });
    },

    async getGroupWorkflow(
      principal: Principal,
      aggregateId: string,
      groupWorkflowId: string,
    ): Promise<GroupActivityWorkflow> {
      const row = await requireOwnGroupWorkflow(principal, aggregateId, groupWorkflowId);
      return toGroupActivityWorkflow(row, teams, await revealedFor(aggregateId));
    },

    /** Saves the shared draft; a stale version (a teammate saved first) is a 409 with the current work. */
    async saveDraft(
      principal: Principal,
      aggregateId: string,
      groupWorkflowId: string,
      body: { submission: string; version: number },
    ): Promise<GroupActivityWorkflow> {
      const row = await requireOwnGroupWorkflow(principal, aggregateId, groupWorkflowId);
      const saved = await teams.saveDraft({
        id: row.id,
        version: body.version,
        submission: body.submission,
        userId: principal.userId,
        now: clock.now().toISOString(),
      });
      if (!saved) {
        const current = await teams.findGroupWorkflow(row.id);
        if (current && current.state !== GroupWorkflowState.inProgress)
          throw new ConflictError('team_work_submitted', 'The team has submitted its work.');
        throw new ConflictError(
          'team_draft_conflict',
          'A teammate saved the work after you opened it. Reload to see their changes.',
        );
      }
      return reload(row.id, aggregateId);
    },

    /**
     * Submits the team's work for every member in one transaction. Submitting what is already submitted (a
     * double click, a teammate at the same moment) answers the submitted work and changes nothing.
     */
    async submit(
      principal: Principal,
      aggregateId: string,
      groupWorkflowId: string,
      version: number,
    ): Promise<GroupActivityWorkflow> {
      const row = await requireOwnGroupWorkflow(principal, aggregateId, groupWorkflowId);
      const now = clock.now();
      await db.transaction().execute(async (tx) => {
        const repository = createTeamsRepository(tx, dialect);
        const submitted = await repository.submit({
          id: row.id,
          version,
          userId: principal.userId,
          now: now.toISOString(),
        });
        if (!submitted) {
          const current = await repository.findGroupWorkflow(row.id);
          if (current && current.state !== GroupWorkflowState.inProgress) return;
          throw new ConflictError(
            'team_draft_conflict',
            'A teammate saved the work after you opened it. Reload to see their changes.',
          );
        }
        await applyTeamStateToMembers(
          tx,
          dialect,
          row.teamId,
          row.objectiveId,
          row.activityId,
          now,
        );
      });
      return reload(row.id, aggregateId);
    },

    // Instructor and administrator use cases (Team.Manage).

    async listTeams(principal: Principal, objectiveId: string, activityId: string) {
      await requireManagedActivity(principal, objectiveId, activityId);
      const rows = await teams.listTeams(objectiveId, activityId);
      return Promise.all(rows.map((row) => teamWithMembers(row.id)));
    },

    async createTeam(
      principal: Principal,
      objectiveId: string,
      activityId: string,
      name: string,
    ): Promise<TeamWithMembers> {
      const activity = await requireManagedActivity(principal, objectiveId, activityId);
      const id = newId();
      try {
        await db.transaction().execute(async (tx) => {
          await createTeamsRepository(tx, dialect).insertTeam({
            id,
            tenantId: principal.tenantId,
            objectiveId,
            activityId: activity.id,
            name,
            groupActivityWorkflowId: newId(),
            now: clock.now().toISOString(),
          });
        });
      } catch (error) {
        if (isUniqueViolation(error))
          throw new ConflictError('team_name_taken', 'A team of this activity has this name.');
        throw error;
      }
      return teamWithMembers(id);
    },

    /** Adds an enrolled learner; a team that already submitted or was graded applies to them at once. */
    async addMember(
      principal: Principal,
      teamId: string,
      userId: string,
    ): Promise<TeamWithMembers> {
      const { team, activity } = await requireManagedTeam(principal, teamId);
      if (!(await teams.isEnrolled(requireId(userId), team.objectiveId)))
        throw new BadRequestError('not_enrolled', 'The user is not enrolled in this course.', {
          userId: ['The user is not enrolled in this course.'],
        });
      try {
        await db.transaction().execute(async (tx) => {
          const repository = createTeamsRepository(tx, dialect);
          const locked = await repository.findTeam(team.id, { lock: true });
          if (!locked) throw notFound();
          if (await repository.isMember(team.id, userId)) return;
          if (await repository.findTeamOf(userId, team.objectiveId, team.activityId))
            throw new ConflictError('already_in_team', 'The user is already in a team.');
          const max = activity.teamMaxSize;
          if (max !== null && (await repository.countMembers(team.id)) >= max)
            throw new ConflictError('team_full', 'This team is full.');
          const now = clock.now();
          await repository.insertMember(locked, userId, now.toISOString());
          await applyTeamStateToMembers(
            tx,
            dialect,
            team.id,
            team.objectiveId,
            team.activityId,
            now,
            userId,
          );
        });
      } catch (error) {
        if (isUniqueViolation(error))
          throw new ConflictError('already_in_team', 'The user is already in a team.');
        throw error;
      }
      return teamWithMembers(team.id);
    },

    async removeMember(principal: Principal, teamId: string, userId: string): Promise<void> {
      const { team } = await requireManagedTeam(principal, teamId);
      if (!(await teams.deleteMember(team.id, requireId(userId)))) throw notFound();
    },

    /** Grades the team: score and feedback on the team's workflow and every member's, in one transaction. */
    async gradeTeam(
      principal: Principal,
      teamId: string,
      grade: { score: number; feedback: string | null },
    ): Promise<TeamWithMembers & { groupActivityWorkflow: GroupActivityWorkflow }> {
      const { team, activity } = await requireManagedTeam(principal, teamId);
      if (grade.score > activity.maxScore) {
        const message = `The score must be between 0 and ${activity.maxScore}.`;
        throw new BadRequestError('invalid_score', message, { score: [message] });
      }
      const now = clock.now();
      await db.transaction().execute(async (tx) => {
        const repository = createTeamsRepository(tx, dialect);
        const locked = await repository.findTeam(team.id, { lock: true });
        const group = await repository.findGroupWorkflowOfTeam(team.id);
        if (!locked || !group) throw notFound();
        await repository.grade({
          id: group.id,
          score: grade.score,
          maxScore: activity.maxScore,
          feedback: grade.feedback,
          gradedBy: principal.userId,
          now: now.toISOString(),
        });
        await applyTeamStateToMembers(tx, dialect, team.id, team.objectiveId, team.activityId, now);
      });
      const withMembers = await teamWithMembers(team.id);
      return {
        ...withMembers,
        groupActivityWorkflow: await reload(withMembers.groupActivityWorkflowId),
      };
    },
  };
  return service;
}
