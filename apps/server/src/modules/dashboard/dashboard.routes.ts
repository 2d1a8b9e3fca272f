// The learner dashboard's widgets: the caller's tasks, recent courses (and "I opened this course"), and the
// promo banners shown to the caller now. Everything is the caller's own: no route takes a user id.
import type { FastifyInstance } from 'fastify';
import { courseOpenedSchema, recentCoursesQuerySchema } from '@portal/contracts';
import type { AppContext } from '../../app-context.ts';
import { requirePrincipal } from '../../http/principal.ts';
import { createDashboardRepository } from './dashboard.repository.ts';
import { createDashboardService } from './dashboard.service.ts';
import { createPromoBannersRepository } from './promo-banners.repository.ts';

const LMS_API = '/api/lms/v1';

export function registerDashboardRoutes(app: FastifyInstance, ctx: AppContext): void {
  const service = createDashboardService({
    dashboardRepository: createDashboardRepository(ctx.db),
    promoBannersRepository: createPromoBannersRepository(ctx.db),
    clock: ctx.clock,
  });

  app.get(`${LMS_API}/users/me/tasks`, async (request, reply) => {
    const principal = requirePrincipal(request);
    reply.header('cache-control', 'no-store');
    return service.tasks(principal);
  });

  app.get(`${LMS_API}/users/me/recent-courses`, async (request, reply) => {
    const principal = requirePrincipal(request);
    const { take } = recentCoursesQuerySchema.parse(request.query);
    reply.header('cache-control', 'no-store');
    return { data: await service.recentCourses(principal, take) };
  });

  app.post(
    `${LMS_API}/users/me/recent-courses`,
    { config: { csrf: 'api' } },
    async (request, reply) => {
      const principal = requirePrincipal(request);
      const { objectiveId } = courseOpenedSchema.parse(request.body);
      await service.courseOpened(principal, objectiveId);
      return reply.code(204).send();
    },
  );

  app.get(`${LMS_API}/users/me/promo-banners`, async (request, reply) => {
    const principal = requirePrincipal(request);
    reply.header('cache-control', 'no-store');
    return { data: await service.promoBanners(principal) };
  });
}
