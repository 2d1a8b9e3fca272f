// The generic channel API (docs/decisions/0023), for every kind of course channel:
//   GET    /api/lms/v1/users/me/channels                                  the caller's channels, unread, newest
//   GET    /api/lms/v1/channels/{channelId}/messages?before={messageId}   members: a page, newest first
//   POST   /api/lms/v1/channels/{channelId}/messages                      members who may post: {text}
//   PATCH  /api/lms/v1/channels/{channelId}/messages/{messageId}          the author: {text}
//   DELETE /api/lms/v1/channels/{channelId}/messages/{messageId}          the author
//   PUT    …/messages/{messageId}/reactions/{emoji}                       members: react (allow-listed emoji)
//   DELETE …/messages/{messageId}/reactions/{emoji}                       members: take the reaction back
//   POST   /api/lms/v1/channels/{channelId}/read                          members: {messageId} and everything before
//   POST   /api/lms/v1/objectives/{id}/discussion                         course members: the discussion channel
//   POST   /api/lms/v1/objectives/{id}/direct-channel                     enrolled learners: their channel with the staff
// Live events of all of them go through users/me/announcement-events (announcement-streams.ts).
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  channelMessagesQuerySchema,
  channelMessageTextSchema,
  channelReadSchema,
  idSchema,
  messageReactionEmojiSchema,
} from '@portal/contracts';
import { requirePrincipal } from '../../http/principal.ts';
import type { ChannelsService } from './channels.service.ts';

const LMS_API = '/api/lms/v1';
const channelParams = z.object({ channelId: idSchema }).strict();
const messageParams = z.object({ channelId: idSchema, messageId: idSchema }).strict();
const courseParams = z.object({ objectiveId: idSchema }).strict();
const reactionParams = z
  .object({ channelId: idSchema, messageId: idSchema, emoji: messageReactionEmojiSchema })
  .strict();

export function registerChannelsRoutes(app: FastifyInstance, service: ChannelsService): void {
  const base = `${LMS_API}/channels/:channelId`;

  app.get(`${LMS_API}/users/me/channels`, async (request, reply) => {
    const principal = requirePrincipal(request);
    reply.header('cache-control', 'no-store');
    return service.list(principal);
  });

  app.get(`${base}/messages`, async (request, reply) => {
    const principal = requirePrincipal(request);
    const { channelId } = channelParams.parse(request.params);
    const { before } = channelMessagesQuerySchema.parse(request.query);
    reply.header('cache-control', 'no-store');
    return service.messages(principal, channelId, before);
  });

  app.post(`${base}/messages`, { config: { csrf: 'api' } }, async (request, reply) => {
    const principal = requirePrincipal(request);
    const { channelId } = channelParams.parse(request.params);
    const { text } = channelMessageTextSchema.parse(request.body);
    reply.code(201).header('cache-control', 'no-store');
    return service.post(principal, channelId, text);
  });

  app.patch(`${base}/messages/:messageId`, { config: { csrf: 'api' } }, async (request, reply) => {
    const principal = requirePrincipal(request);
    const { channelId, messageId } = messageParams.parse(request.params);
    const { text } = channelMessageTextSchema.parse(request.body);
    reply.header('cache-control', 'no-store');
    return service.edit(principal, channelId, messageId, text);
  });

  app.delete(`${base}/messages/:messageId`, { config: { csrf: 'api' } }, async (request, reply) => {
    const principal = requirePrincipal(request);
    const { channelId, messageId } = messageParams.parse(request.params);
    await service.remove(principal, channelId, messageId);
    return reply.code(204).send();
  });

  for (const [method, on] of [
    ['PUT', true],
    ['DELETE', false],
  ] as const)
    app.route({
      method,
      url: `${base}/messages/:messageId/reactions/:emoji`,
      config: { csrf: 'api' },
      handler: async (request, reply) => {
        const principal = requirePrincipal(request);
        const { channelId, messageId, emoji } = reactionParams.parse(request.params);
        reply.header('cache-control', 'no-store');
        return service.react(principal, channelId, messageId, emoji, on);
      },
    });

  app.post(`${base}/read`, { config: { csrf: 'api' } }, async (request, reply) => {
    const principal = requirePrincipal(request);
    const { channelId } = channelParams.parse(request.params);
    const { messageId } = channelReadSchema.parse(request.body);
    await service.markRead(principal, channelId, messageId);
    return reply.code(204).send();
  });

  app.post(
    `${LMS_API}/objectives/:objectiveId/discussion`,
    { config: { csrf: 'api' } },
    async (request, reply) => {
      const principal = requirePrincipal(request);
      const { objectiveId } = courseParams.parse(request.params);
      reply.header('cache-control', 'no-store');
      return service.openDiscussion(principal, objectiveId);
    },
  );

  app.post(
    `${LMS_API}/objectives/:objectiveId/direct-channel`,
    { config: { csrf: 'api' } },
    async (request, reply) => {
      const principal = requirePrincipal(request);
      const { objectiveId } = courseParams.parse(request.params);
      reply.header('cache-control', 'no-store');
      return service.openDirect(principal, objectiveId);
    },
  );
}
