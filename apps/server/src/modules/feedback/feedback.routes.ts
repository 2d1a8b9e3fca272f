// Admin API of the product feedback: GET /api/platform/v1/product-feedback/export (permission Feedback.Export).
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { Permission } from '@portal/contracts';
import { hasPermissions } from '@portal/domain';
import type { AppContext } from '../../app-context.ts';
import { ForbiddenError } from '../../http/errors.ts';
import { requirePrincipal } from '../../http/principal.ts';
import { findPermissions } from '../identity/identity.repository.ts';
import { createFeedbackRepository } from './feedback.repository.ts';
import { createFeedbackService } from './feedback.service.ts';

const exportQuerySchema = z
  .object({
    from: z.iso.datetime({ offset: true }).optional(),
    to: z.iso.datetime({ offset: true }).optional(),
  })
  .strict();

export function registerFeedbackRoutes(app: FastifyInstance, ctx: AppContext): void {
  const service = createFeedbackService({ feedbackRepository: createFeedbackRepository(ctx.db) });

  app.get('/api/platform/v1/product-feedback/export', async (request, reply) => {
    const principal = requirePrincipal(request);
    const held = (await findPermissions(ctx.db, principal.userId)).map((p) => ({
      name: p.name,
      scope_id: p.scopeId,
    }));
    if (!hasPermissions(held, [{ name: Permission.feedbackExport }])) throw new ForbiddenError();
    const range = exportQuerySchema.parse(request.query);
    const from = range.from ? new Date(range.from).toISOString() : undefined;
    const to = range.to ? new Date(range.to).toISOString() : undefined;
    const csv = await service.exportCsv(principal.tenantId, { from, to });
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', 'attachment; filename="product-feedback.csv"')
      .header('cache-control', 'no-store')
      .send(csv);
  });
}
