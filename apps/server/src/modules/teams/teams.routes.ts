// Team activities (docs/decisions/0029) on the LMS API.
// Learners (their own team only; anything else is 404):
//   GET    users/me/objective-workflows/{id}/activity-paths/{activityPathId}/team
//   GET    users/me/objective-workflows/{id}/activity-paths/{activityPathId}/participants/query   list query
//   POST   users/me/objective-workflows/{id}/activity-paths/{activityPathId}/team-membership   {teamId} (mode 2)
//   DELETE users/me/objective-workflows/{id}/activity-paths/{activityPathId}/team-membership   (mode 2)
//   GET    users/me/objective-workflow-aggregates/{aggregateId}/group-activity-workflows/{id}
//   PUT    users/me/objective-workflow-aggregates/{aggregateId}/group-activity-workflows/{id}          {submission, version}
//   POST   users/me/objective-workflow-aggregates/{aggregateId}/group-activity-workflows/{id}/submit   {version}
// Instructors and administrators (Team.Manage for the course):
//   GET    objectives/{objectiveId}/activities/{activityId}/teams
//   POST   objectives/{objectiveId}/activities/{activityId}/teams          {name}
//   POST   teams/{teamId}/members                                          {userId}
//   DELETE teams/{teamId}/members/{userId}
//   POST   teams/{teamId}/grade                                            {score, feedback}
// The activityPathId is an axis (part ids joined by "/"), so those routes take a wildcard and a known suffix.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  addTeamMemberSchema,
  createTeamSchema,
  gradeTeamSchema,
  idSchema,
  joinTeamSchema,
  saveTeamDraftSchema,
  submitTeamWorkSchema,
} from '@portal/contracts';
import type { AppContext } from '../../app-context.ts';
import { NotFoundError } from '../../http/errors.ts';
import { requirePrincipal } from '../../http/principal.ts';
import { createTeamsService } from './teams.service.ts';

const LMS_API = '/api/lms/v1';
const PATHS = `${LMS_API}/users/me/objective-workflows/:id/activity-paths/*`;
const GROUP = `${LMS_API}/users/me/objective-workflow-aggregates/:aggregateId/group-activity-workflows/:groupId`;

type WithAxis = { Params: { id: string; '*': string } };
type WithGroup = { Params: { aggregateId: string; groupId: string } };
const activityParams = z.object({ objectiveId: idSchema, activityId: idSchema }).strict();
const teamParams = z.object({ teamId: idSchema }).strict();
const memberParams = z.object({ teamId: idSchema, userId: idSchema }).strict();

/** Splits "{axis}/{suffix}" into the axis and checks the suffix; anything else is 404. */
function axisBefore(path: string, suffix: string): string {
  const trimmed = path.replace(/\/+$/, '');
  if (trimmed === suffix) return '';
  if (!trimmed.endsWith(`/${suffix}`)) throw new NotFoundError();
  return trimmed.slice(0, -suffix.length - 1);
}

export function registerTeamsRoutes(app: FastifyInstance, ctx: AppContext): void {
  const service = createTeamsService({ db: ctx.db, dialect: ctx.dialect, clock: ctx.clock });
  const noStore = { 'cache-control': 'no-store' };

  app.get<WithAxis>(PATHS, async (request, reply) => {
    const principal = requirePrincipal(request);
    const path = request.params['*'];
    reply.headers(noStore);
    if (path.replace(/\/+$/, '').endsWith('participants/query')) {
      return service.listParticipants(
        principal,
        request.params.id,
        axisBefore(path, 'participants/query'),
        request.query,
      );
    }
    return service.getActivityTeam(principal, request.params.id, axisBefore(path, 'team'));
  });

  app.post<WithAxis>(PATHS, { config: { csrf: 'api' } }, async (request, reply) => {
    const principal = requirePrincipal(request);
    const axis = axisBefore(request.params['*'], 'team-membership');
    const { teamId } = joinTeamSchema.parse(request.body);
    reply.headers(noStore);
    return service.joinTeam(principal, request.params.id, axis, teamId);
  });

  app.delete<WithAxis>(PATHS, { config: { csrf: 'api' } }, async (request, reply) => {
    const principal = requirePrincipal(request);
    const axis = axisBefore(request.params['*'], 'team-membership');
    await service.leaveTeam(principal, request.params.id, axis);
    return reply.code(204).send();
  });

  app.get<WithGroup>(GROUP, async (request, reply) => {
    reply.headers(noStore);
    return service.getGroupWorkflow(
      requirePrincipal(request),
      request.params.aggregateId,
      request.params.groupId,
    );
  });

  app.put<WithGroup>(GROUP, { config: { csrf: 'api' } }, async (request, reply) => {
    const principal = requirePrincipal(request);
    const body = saveTeamDraftSchema.parse(request.body);
    reply.headers(noStore);
    return service.saveDraft(principal, request.params.aggregateId, request.params.groupId, body);
  });

  app.post<WithGroup>(`${GROUP}/submit`, { config: { csrf: 'api' } }, async (request, reply) => {
    const principal = requirePrincipal(request);
    const { version } = submitTeamWorkSchema.parse(request.body);
    reply.headers(noStore);
    return service.submit(principal, request.params.aggregateId, request.params.groupId, version);
  });

  const teamsOfActivity = `${LMS_API}/objectives/:objectiveId/activities/:activityId/teams`;

  app.get(teamsOfActivity, async (request, reply) => {
    const principal = requirePrincipal(request);
    const { objectiveId, activityId } = activityParams.parse(request.params);
    reply.headers(noStore);
    return service.listTeams(principal, objectiveId, activityId);
  });

  app.post(teamsOfActivity, { config: { csrf: 'api' } }, async (request, reply) => {
    const principal = requirePrincipal(request);
    const { objectiveId, activityId } = activityParams.parse(request.params);
    const { name } = createTeamSchema.parse(request.body);
    reply.code(201).headers(noStore);
    return service.createTeam(principal, objectiveId, activityId, name);
  });

  app.post(`${LMS_API}/teams/:teamId/members`, { config: { csrf: 'api' } }, async (request) => {
    const principal = requirePrincipal(request);
    const { teamId } = teamParams.parse(request.params);
    const { userId } = addTeamMemberSchema.parse(request.body);
    return service.addMember(principal, teamId, userId);
  });

  app.delete(
    `${LMS_API}/teams/:teamId/members/:userId`,
    { config: { csrf: 'api' } },
    async (request, reply) => {
      const principal = requirePrincipal(request);
      const { teamId, userId } = memberParams.parse(request.params);
      await service.removeMember(principal, teamId, userId);
      return reply.code(204).send();
    },
  );

  app.post(`${LMS_API}/teams/:teamId/grade`, { config: { csrf: 'api' } }, async (request) => {
    const principal = requirePrincipal(request);
    const { teamId } = teamParams.parse(request.params);
    const grade = gradeTeamSchema.parse(request.body);
    return service.gradeTeam(principal, teamId, grade);
  });
}
