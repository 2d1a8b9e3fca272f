// HTTP edge of the course lists on the LMS API (camelCase): My Courses, its terms, collections and grading scales.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { requirePrincipal } from '../../http/principal.ts';
import { createCoursesRepository } from './courses.repository.ts';
import { createCoursesService } from './courses.service.ts';

const LMS_API = '/api/lms/v1';

export function registerCoursesRoutes(app: FastifyInstance, ctx: AppContext): void {
  const coursesService = createCoursesService({
    coursesRepository: createCoursesRepository(ctx.db),
    clock: ctx.clock,
  });

  app.get(`${LMS_API}/objective-workflow-aggregates/query`, async (request) =>
    coursesService.listEnrollmentAggregates(requirePrincipal(request), request.query),
  );

  app.get(`${LMS_API}/users/me/terms`, async (request, reply) => {
    const terms = await coursesService.listTerms(requirePrincipal(request));
    // Terms change rarely; the spec lets the client cache them (private: they depend on the caller).
    reply.header('cache-control', 'private, max-age=300');
    return terms;
  });

  app.get(`${LMS_API}/users/me/enrolled-showcases`, async (request) =>
    coursesService.listEnrolledShowcases(requirePrincipal(request)),
  );

  app.get(`${LMS_API}/grading-scales/query`, async (request) =>
    coursesService.listGradingScales(requirePrincipal(request), request.query),
  );
}
