// Admin API of the LTI tool registry under /api/platform/v1 (cookie session + CSRF marker, permission
// LtiTool.Manage): register, list and read tools, and rotate the platform's signing keys.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  idSchema,
  ltiToolProctoringSchema,
  ltiToolRegistrationSchema,
  Permission,
} from '@portal/contracts';
import { hasPermissions } from '@portal/domain';
import type { AppContext } from '../../app-context.ts';
import { ForbiddenError } from '../../http/errors.ts';
import { requirePrincipal, type Principal } from '../../http/principal.ts';
import { findPermissions } from '../identity/identity.repository.ts';
import type { LtiModule } from './lti.module.ts';
import { createToolsService } from './tools.service.ts';

const PLATFORM_API = '/api/platform/v1';
const paramsSchema = z.object({ id: idSchema });

export function registerToolsRoutes(app: FastifyInstance, ctx: AppContext, lti: LtiModule): void {
  const service = createToolsService(lti);

  async function requireToolManager(request: FastifyRequest): Promise<Principal> {
    const principal = requirePrincipal(request);
    const held = (await findPermissions(ctx.db, principal.userId)).map((p) => ({
      name: p.name,
      scope_id: p.scopeId,
    }));
    if (!hasPermissions(held, [{ name: Permission.ltiToolManage }])) throw new ForbiddenError();
    return principal;
  }

  app.get(`${PLATFORM_API}/lti-tools`, async (request, reply) => {
    const principal = await requireToolManager(request);
    reply.header('cache-control', 'no-store');
    return service.list(principal.tenantId);
  });

  app.get(`${PLATFORM_API}/lti-tools/:id`, async (request, reply) => {
    const principal = await requireToolManager(request);
    const { id } = paramsSchema.parse(request.params);
    reply.header('cache-control', 'no-store');
    return service.get(principal.tenantId, id);
  });

  app.post(`${PLATFORM_API}/lti-tools`, async (request, reply) => {
    const principal = await requireToolManager(request);
    const registration = ltiToolRegistrationSchema.parse(request.body ?? {});
    const tool = await service.register(principal.tenantId, registration, ctx.clock.now());
    reply.code(201).header('location', `${PLATFORM_API}/lti-tools/${tool.id}`);
    return tool;
  });

  app.put(`${PLATFORM_API}/lti-tools/:id/proctoring`, async (request, reply) => {
    const principal = await requireToolManager(request);
    const { id } = paramsSchema.parse(request.params);
    const { proctoring } = ltiToolProctoringSchema.parse(request.body ?? {});
    reply.header('cache-control', 'no-store');
    return service.setProctoring(principal.tenantId, id, proctoring);
  });

  app.post(`${PLATFORM_API}/lti-keys/rotate`, async (request) => {
    await requireToolManager(request);
    return lti.keys.rotate(ctx.clock.now());
  });
}
