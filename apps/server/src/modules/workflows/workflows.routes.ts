// HTTP edge of the course experience reads on the LMS API: attempts, activity trees and content, results.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { requirePrincipal } from '../../http/principal.ts';
import { createCoursesRepository } from '../courses/courses.repository.ts';
import { createWorkflowsRepository } from './workflows.repository.ts';
import { createWorkflowsService } from './workflows.service.ts';

const LMS_API = '/api/lms/v1';
const WORKFLOW = `${LMS_API}/users/me/objective-workflows/:id`;

type WithId = { Params: { id: string } };
/** The activityPathId is the axis: part ids joined by "/", so it arrives as a wildcard. */
type WithAxis = { Params: { id: string; '*': string } };

export function registerWorkflowsRoutes(app: FastifyInstance, ctx: AppContext): void {
  const service = createWorkflowsService({
    workflowsRepository: createWorkflowsRepository(ctx.db, ctx.dialect),
    coursesRepository: createCoursesRepository(ctx.db),
    clock: ctx.clock,
    db: ctx.db,
  });
  const noStore = { 'cache-control': 'no-store' };

  app.get<WithId>(
    `${LMS_API}/users/me/objectives/:id/objective-workflow-aggregate`,
    async (request) => service.getObjectiveAggregate(requirePrincipal(request), request.params.id),
  );

  app.get<WithId>(WORKFLOW, async (request, reply) => {
    reply.headers(noStore);
    return service.getObjectiveWorkflow(requirePrincipal(request), request.params.id);
  });

  app.get<WithId>(`${WORKFLOW}/activity-with-aggregates`, async (request, reply) => {
    reply.headers(noStore);
    return service.getActivityTree(requirePrincipal(request), request.params.id);
  });

  app.get<WithId>(`${WORKFLOW}/activity`, async (request) =>
    service.getActivity(requirePrincipal(request), request.params.id, ''),
  );

  app.get<WithAxis>(`${WORKFLOW}/activity/*`, async (request) => {
    const path = request.params['*'].replace(/\/+$/, '');
    const principal = requirePrincipal(request);
    // "{axis}/children" lists a node's children; part ids are UUIDs, so the suffix cannot be a part.
    if (path === 'children' || path.endsWith('/children')) {
      return service.getChildren(
        principal,
        request.params.id,
        path.slice(0, -'children'.length).replace(/\/$/, ''),
      );
    }
    return service.getActivity(principal, request.params.id, path);
  });

  app.get<WithId>(`${WORKFLOW}/activity-records/query`, async (request) =>
    service.listActivityRecords(requirePrincipal(request), request.params.id, request.query),
  );

  app.get<WithId>(
    `${LMS_API}/users/me/objective-workflow-aggregates/:id/activity-records/query`,
    async (request) =>
      service.listAggregateActivityRecords(
        requirePrincipal(request),
        request.params.id,
        request.query,
      ),
  );

  app.get(`${LMS_API}/objective-records/query`, async (request) =>
    service.listObjectiveRecords(requirePrincipal(request), request.query),
  );

  app.get<WithId>(`${LMS_API}/objective-records/:id`, async (request) =>
    service.getObjectiveRecord(requirePrincipal(request), request.params.id),
  );
}
