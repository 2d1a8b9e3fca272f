// /api/platform/v1: the current user, permissions, licensed features, navigation, learner settings, locale.
import type { FastifyInstance } from 'fastify';
import { locales } from '@portal/contracts';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { requirePrincipal } from '../../http/principal.ts';
import { createSettingsService } from './settings.service.ts';
import { createUsersRepository } from './users.repository.ts';
import { createUsersService } from './users.service.ts';

export const PLATFORM_API = '/api/platform/v1';

const localeBodySchema = z.object({ locale: z.enum(locales) }).strict();

export function registerUsersRoutes(app: FastifyInstance, ctx: AppContext): void {
  const usersRepository = createUsersRepository(ctx.db);
  const users = createUsersService({ db: ctx.db, usersRepository });
  const settings = createSettingsService({ usersRepository, clock: ctx.clock });

  // Encapsulated so that the no-store header applies to these per-user answers only.
  void app.register(async (scope) => {
    scope.addHook('onSend', async (_request, reply) => {
      if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'private, no-store');
    });
    scope.get(`${PLATFORM_API}/users/me`, async (request) =>
      users.currentUser(requirePrincipal(request)),
    );
    scope.get(`${PLATFORM_API}/users/me/permissions`, async (request) =>
      users.permissions(requirePrincipal(request)),
    );
    scope.get(`${PLATFORM_API}/users/me/licensed-features`, async (request) =>
      users.licensedFeatures(requirePrincipal(request)),
    );
    scope.get(`${PLATFORM_API}/users/me/navigation`, async (request) =>
      users.navigation(requirePrincipal(request)),
    );
    scope.get(`${PLATFORM_API}/settings/learner`, async (request) =>
      settings.learnerSettings(requirePrincipal(request)),
    );
  });

  app.put(`${PLATFORM_API}/users/me/locale`, async (request, reply) => {
    const principal = requirePrincipal(request);
    const { locale } = localeBodySchema.parse(request.body);
    await users.setLocale(principal, locale);
    return reply.status(204).send();
  });
}
