// HTTP edge of the catalog: the caller's catalog showcases and course access, and the public open catalog.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { requirePrincipal } from '../../http/principal.ts';
import { createCatalogRepository } from './catalog.repository.ts';
import { createCatalogService } from './catalog.service.ts';
import { createOpenCatalogRepository } from './open-catalog.repository.ts';
import { createOpenCatalogService } from './open-catalog.service.ts';

const LMS_API = '/api/lms/v1';

export function registerCatalogRoutes(app: FastifyInstance, ctx: AppContext): void {
  const catalogService = createCatalogService({
    catalogRepository: createCatalogRepository(ctx.db),
  });
  const openCatalogService = createOpenCatalogService({
    openCatalogRepository: createOpenCatalogRepository(ctx.db),
  });

  app.get(`${LMS_API}/users/me/catalog-showcases`, async (request) =>
    catalogService.listCatalogShowcases(requirePrincipal(request)),
  );

  app.get<{ Params: { id: string } }>(
    `${LMS_API}/users/me/objectives/:id/objective-access`,
    async (request) =>
      catalogService.getObjectiveAccess(requirePrincipal(request), request.params.id),
  );

  // Anonymous visitors: no sign-in, so each address is held to the general per-IP limit.
  const publicRoute = {
    config: { rateLimit: { max: ctx.config.rateLimitPerMinute, timeWindow: '1 minute' } },
  };

  app.get(`${LMS_API}/public/open-catalog/objectives/query`, publicRoute, async (request) =>
    openCatalogService.listObjectives(request.query),
  );

  app.get<{ Params: { id: string } }>(
    `${LMS_API}/public/open-catalog/objectives/:id`,
    publicRoute,
    async (request) => openCatalogService.getObjective(request.params.id, request.query),
  );

  app.get(`${LMS_API}/public/open-catalog/showcases`, publicRoute, async (request) =>
    openCatalogService.listShowcases(request.query),
  );
}
