// A course's announcements (docs/decisions/0022):
//   GET    /api/lms/v1/objectives/{id}/announcements                 members: newest first, unread count
//   POST   /api/lms/v1/objectives/{id}/announcements                 Announcement.Post holders: {text}
//   PATCH  /api/lms/v1/objectives/{id}/announcements/{messageId}     the author: {text}
//   DELETE /api/lms/v1/objectives/{id}/announcements/{messageId}     the author
//   POST   /api/lms/v1/objectives/{id}/announcements/read            members: {messageId} read and everything before
//   GET    /api/lms/v1/users/me/announcement-unread-counts           the caller's enrolled courses
//   GET    /api/lms/v1/users/me/announcement-events                  server-sent events (live, Last-Event-ID) of
//                                                                    every kind of channel (decision 0023)
// The generic channel API (discussion and direct channels too) is in channels.routes.ts.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { announcementReadSchema, announcementTextSchema, idSchema } from '@portal/contracts';
import type { AppContext } from '../../app-context.ts';
import { requirePrincipal } from '../../http/principal.ts';
import { createAnnouncementsRepository } from './announcements.repository.ts';
import { createAnnouncementsService, TooManyRequestsError } from './announcements.service.ts';
import { createAnnouncementsHub } from './announcements-hub.ts';
import { createAnnouncementStreams } from './announcement-streams.ts';
import { createChannelsRepository } from './channels.repository.ts';
import { createChannelsService } from './channels.service.ts';
import { registerChannelsRoutes } from './channels.routes.ts';

const LMS_API = '/api/lms/v1';
const courseParams = z.object({ objectiveId: idSchema }).strict();
const messageParams = z.object({ objectiveId: idSchema, messageId: idSchema }).strict();

export function registerAnnouncementsRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  options: { postgresUrl?: string },
): void {
  const repository = createAnnouncementsRepository(ctx.db);
  const hub = createAnnouncementsHub({
    db: ctx.db,
    postgresUrl: ctx.dialect === 'postgres' ? options.postgresUrl : undefined,
    log: ctx.log,
  });
  const service = createAnnouncementsService({ db: ctx.db, repository, clock: ctx.clock, hub });
  const channels = createChannelsRepository(ctx.db);
  const streams = createAnnouncementStreams({ repository, channels, hub, log: ctx.log });
  registerChannelsRoutes(
    app,
    createChannelsService({
      db: ctx.db,
      announcements: repository,
      repository: channels,
      clock: ctx.clock,
      hub,
    }),
  );
  app.addHook('onReady', () => hub.ready());
  app.addHook('preClose', async () => {
    streams.closeAll();
    await hub.close();
  });

  const base = `${LMS_API}/objectives/:objectiveId/announcements`;

  app.get(base, async (request, reply) => {
    const principal = requirePrincipal(request);
    const { objectiveId } = courseParams.parse(request.params);
    reply.header('cache-control', 'no-store');
    return service.list(principal, objectiveId);
  });

  app.post(base, { config: { csrf: 'api' } }, async (request, reply) => {
    const principal = requirePrincipal(request);
    const { objectiveId } = courseParams.parse(request.params);
    const { text } = announcementTextSchema.parse(request.body);
    reply.code(201).header('cache-control', 'no-store');
    return service.post(principal, objectiveId, text);
  });

  app.post(`${base}/read`, { config: { csrf: 'api' } }, async (request, reply) => {
    const principal = requirePrincipal(request);
    const { objectiveId } = courseParams.parse(request.params);
    const { messageId } = announcementReadSchema.parse(request.body);
    await service.markRead(principal, objectiveId, messageId);
    return reply.code(204).send();
  });

  app.patch(`${base}/:messageId`, { config: { csrf: 'api' } }, async (request, reply) => {
    const principal = requirePrincipal(request);
    const { objectiveId, messageId } = messageParams.parse(request.params);
    const { text } = announcementTextSchema.parse(request.body);
    reply.header('cache-control', 'no-store');
    return service.edit(principal, objectiveId, messageId, text);
  });

  app.delete(`${base}/:messageId`, { config: { csrf: 'api' } }, async (request, reply) => {
    const principal = requirePrincipal(request);
    const { objectiveId, messageId } = messageParams.parse(request.params);
    await service.remove(principal, objectiveId, messageId);
    return reply.code(204).send();
  });

  app.get(`${LMS_API}/users/me/announcement-unread-counts`, async (request, reply) => {
    const principal = requirePrincipal(request);
    reply.header('cache-control', 'no-store');
    return service.unreadCounts(principal);
  });

  app.get(`${LMS_API}/users/me/announcement-events`, async (request, reply) => {
    const principal = requirePrincipal(request);
    const header = request.headers['last-event-id'];
    const lastEventId =
      typeof header === 'string' && /^\d{1,15}$/.test(header) ? Number(header) : undefined;
    if (!streams.hasRoomFor(principal.userId))
      throw new TooManyRequestsError('tooManyAnnouncementStreams');
    reply.hijack();
    await streams.open(principal, reply.raw, lastEventId);
  });
}
