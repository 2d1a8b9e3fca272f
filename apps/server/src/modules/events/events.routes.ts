// POST /api/events: analytics events from the web client, one or a batch, signed in or anonymous.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { analyticsEventSchema } from '@portal/contracts';
import type { AppContext } from '../../app-context.ts';
import { createEventsRepository } from './events.repository.ts';
import { createEventsService } from './events.service.ts';
import { createUsersRepository } from '../users/users.repository.ts';
import {
  DEFAULT_DATALAKE_SESSION_MINUTES,
  SETTING_KEYS,
  datalakeSessionDurationSchema,
  readSetting,
} from '../users/settings.service.ts';

export const EVENTS_BODY_LIMIT = 64 * 1024;
export const MAX_EVENTS_PER_REQUEST = 50;
/** context.platform of the xAPI statements. */
export const XAPI_PLATFORM = 'Learner portal';

// Chosen by shape rather than z.union, so that a bad event reports its own fields instead of "Invalid input".
const eventBatchSchema = z.array(analyticsEventSchema).min(1).max(MAX_EVENTS_PER_REQUEST);

export function registerEventsRoutes(app: FastifyInstance, ctx: AppContext): void {
  const usersRepository = createUsersRepository(ctx.db);
  const service = createEventsService({
    eventsRepository: createEventsRepository(ctx.db, ctx.dialect),
    clock: ctx.clock,
    async sessionMinutes(tenantId) {
      if (tenantId === null) return DEFAULT_DATALAKE_SESSION_MINUTES;
      const key = SETTING_KEYS.datalakeSessionDuration;
      const values = await usersRepository.findSettings(tenantId, [key]);
      return readSetting(
        values,
        key,
        datalakeSessionDurationSchema,
        DEFAULT_DATALAKE_SESSION_MINUTES,
      );
    },
    xapi: ctx.config.xapi
      ? { publicUrl: ctx.config.publicUrl, platform: XAPI_PLATFORM }
      : undefined,
  });

  app.post(
    '/api/events',
    {
      bodyLimit: EVENTS_BODY_LIMIT,
      config: { rateLimit: { max: ctx.config.rateLimitPerMinute, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      const events = Array.isArray(request.body)
        ? eventBatchSchema.parse(request.body)
        : [analyticsEventSchema.parse(request.body)];
      const accepted = await service.record(events, request.principal);
      return reply.status(202).send({ accepted });
    },
  );
}
