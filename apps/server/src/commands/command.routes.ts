// HTTP face of every registered command collection: POST (202 or 200), status GET, latest-commands GET.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { PREFER_SYNC } from '@portal/contracts';
import type { AppContext } from '../app-context.ts';
import { requestLocale } from '../i18n/server-i18n.ts';
import { requirePrincipal } from '../http/principal.ts';
import type { CommandEngine } from './command-engine.ts';

const API_PREFIX = '/api/lms/v1';

/**
 * How long the caller is willing to wait: 0 for respond-async (the default, like the real platform),
 * up to the configured bound for respond-sync, shortened by an RFC 7240 `wait` preference.
 */
export function syncWaitMs(request: FastifyRequest, maxWaitMs: number): number {
  const header = request.headers.prefer;
  const preferences = (Array.isArray(header) ? header.join(',') : (header ?? ''))
    .split(',')
    .map((part) => part.trim().toLowerCase());
  if (!preferences.includes(PREFER_SYNC)) return 0;
  const wait = preferences
    .map((p) => /^wait\s*=\s*(\d+)$/.exec(p)?.[1])
    .find((v) => v !== undefined);
  return wait === undefined ? maxWaitMs : Math.min(maxWaitMs, Number(wait) * 1000);
}

export function registerCommandRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  engine: CommandEngine,
): void {
  for (const { type } of engine.definitions) {
    const collection = `${API_PREFIX}/${type}`;

    app.post(collection, async (request, reply) => {
      const principal = requirePrincipal(request);
      const waitMs = syncWaitMs(request, ctx.config.commandSyncWaitMs);
      const locale = requestLocale(request.cookies.locale, request.headers['accept-language']);
      const result = await engine.submit(type, principal, request.body, waitMs, locale);
      if (result.status) return reply.status(200).send(result.status);
      return reply.status(202).header('location', result.operation.url).send(result.operation);
    });

    app.get<{ Params: { id: string } }>(`${collection}/:id`, async (request) => {
      return engine.getStatus(type, requirePrincipal(request), request.params.id);
    });

    app.get(collection, async (request) => {
      return engine.listLatest(type, requirePrincipal(request));
    });
  }
}
