// Admin API of the analytics events: GET /api/platform/v1/analytics-events/export?from=&to= (permission
// Analytics.Export) streams the caller's tenant's events of the range as NDJSON.
import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { Permission } from '@portal/contracts';
import { hasPermissions } from '@portal/domain';
import type { AppContext } from '../../app-context.ts';
import { ForbiddenError } from '../../http/errors.ts';
import { requirePrincipal } from '../../http/principal.ts';
import { findPermissions } from '../identity/identity.repository.ts';
import { createEventsRepository } from './events.repository.ts';
import { createEventsExport, exportRangeSchema } from './events-export.ts';

export function registerEventsExportRoutes(app: FastifyInstance, ctx: AppContext): void {
  const eventsExport = createEventsExport({
    eventsRepository: createEventsRepository(ctx.db, ctx.dialect),
  });

  app.get('/api/platform/v1/analytics-events/export', async (request, reply) => {
    const principal = requirePrincipal(request);
    const held = (await findPermissions(ctx.db, principal.userId)).map((p) => ({
      name: p.name,
      scope_id: p.scopeId,
    }));
    if (!hasPermissions(held, [{ name: Permission.analyticsExport }])) throw new ForbiddenError();
    const range = exportRangeSchema.parse(request.query);
    const stream = Readable.from(eventsExport.lines(principal.tenantId, range));
    stream.on('error', (error) => {
      request.log.error({ err: error }, 'analytics export failed while streaming');
    });
    return reply
      .header('content-type', 'application/x-ndjson; charset=utf-8')
      .header('content-disposition', 'attachment; filename="analytics-events.ndjson"')
      .header('cache-control', 'no-store')
      .send(stream);
  });
}
