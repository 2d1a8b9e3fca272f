// HTTP edge of the profile module on the platform API: GET users/{id}/units, POST users/{id}/timezone.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { setTimeZoneRequestSchema } from '@portal/contracts';
import type { AppContext } from '../../app-context.ts';
import { requirePrincipal } from '../../http/principal.ts';
import { createProfileRepository } from './profile.repository.ts';
import { createProfileService } from './profile.service.ts';

const PLATFORM_API = '/api/platform/v1';

const userParamsSchema = z.object({ id: z.string().min(1).max(100) });

export function registerProfileRoutes(app: FastifyInstance, ctx: AppContext): void {
  const profileService = createProfileService({
    profileRepository: createProfileRepository(ctx.db),
  });

  app.get(`${PLATFORM_API}/users/:id/units`, async (request) => {
    const principal = requirePrincipal(request);
    const { id } = userParamsSchema.parse(request.params);
    return profileService.listUnits(principal, id);
  });

  app.post(`${PLATFORM_API}/users/:id/timezone`, async (request) => {
    const principal = requirePrincipal(request);
    const { id } = userParamsSchema.parse(request.params);
    // A missing body is validated like an empty one, so the error names the `timezone` field.
    const body = setTimeZoneRequestSchema.parse(request.body ?? {});
    return profileService.setTimeZone(principal, id, body);
  });
}
