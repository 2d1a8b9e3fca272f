// The learner's calendar: events in a range, the secret feed's address (create, regenerate, revoke), and the
// public iCalendar feed itself, found by its token alone (calendar apps send no cookie).
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { NotFoundError } from '../../http/errors.ts';
import { requirePrincipal } from '../../http/principal.ts';
import { createCalendarRepository } from './calendar.repository.ts';
import { createCalendarService, FEED_PATH } from './calendar.service.ts';

const LMS_API = '/api/lms/v1';
const rangeSchema = z
  .object({
    from: z.iso.datetime({ offset: true }).optional(),
    to: z.iso.datetime({ offset: true }).optional(),
  })
  .strict();
const feedParamsSchema = z.object({ file: z.string().max(100) });

export function registerCalendarRoutes(app: FastifyInstance, ctx: AppContext): void {
  const service = createCalendarService({
    calendarRepository: createCalendarRepository(ctx.db),
    clock: ctx.clock,
    publicUrl: ctx.config.publicUrl,
  });

  app.get(`${LMS_API}/users/me/calendar-events`, async (request, reply) => {
    const principal = requirePrincipal(request);
    reply.header('cache-control', 'no-store');
    return service.events(principal, rangeSchema.parse(request.query));
  });

  app.get(`${LMS_API}/users/me/calendar-feed`, async (request, reply) => {
    const principal = requirePrincipal(request);
    reply.header('cache-control', 'no-store');
    return service.feedStatus(principal);
  });

  app.post(`${LMS_API}/users/me/calendar-feed`, async (request, reply) => {
    const principal = requirePrincipal(request);
    reply.code(201).header('cache-control', 'no-store');
    return service.createFeed(principal);
  });

  app.delete(`${LMS_API}/users/me/calendar-feed`, async (request, reply) => {
    const principal = requirePrincipal(request);
    await service.revokeFeed(principal);
    return reply.code(204).send();
  });

  app.get(
    `${FEED_PATH}/:file`,
    { config: { rateLimit: { max: ctx.config.rateLimitPerMinute, timeWindow: '1 minute' } } },
    async (request, reply) => {
      const { file } = feedParamsSchema.parse(request.params);
      if (!file.endsWith('.ics')) throw new NotFoundError('calendar_feed_not_found');
      const text = await service.feed(file.slice(0, -'.ics'.length));
      return reply
        .header('content-type', 'text/calendar; charset=utf-8')
        .header('cache-control', 'private, no-store')
        .header('referrer-policy', 'no-referrer')
        .send(text);
    },
  );
}
