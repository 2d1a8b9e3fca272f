// Serves the built web app under /learn (history fallback) and its runtime config.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ClientConfig } from '@portal/contracts';
import type { AppContext } from '../app-context.ts';
import {
  PROCTORING_FRAMED_PATHS,
  proctoringToolOrigins,
} from '../modules/proctoring/frame-policy.ts';
import { allowWebAppFramingBy } from './security-headers.ts';

export const WEB_BASE = '/learn';

export function defaultWebDist(): string {
  return resolve(import.meta.dirname, '../../../web/dist');
}

export async function registerSpaRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.get('/config-ui/config.json', async (_request, reply): Promise<ClientConfig> => {
    reply.header('cache-control', 'no-cache');
    return {
      environment: ctx.config.appEnvironment,
      version: ctx.config.appVersion,
      privacyPolicyUrl: ctx.config.privacyPolicyUrl ?? null,
      analyticsKey: ctx.config.analyticsKey ?? null,
      providers: [
        { id: 'local', name: 'Learner portal' },
        ...ctx.config.externalProviders.map((p) => ({ id: p.id, name: p.name })),
      ],
    };
  });

  const page = { config: { canonicalHost: true } };
  app.get('/', page, async (request, reply) => {
    const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
    return reply.redirect(`${WEB_BASE}${query}`, 302);
  });

  const dist = ctx.config.webDist ?? defaultWebDist();
  if (!existsSync(resolve(dist, 'index.html'))) {
    ctx.log.warn({ dist }, 'web app is not built; /learn is not served (run npm run build)');
    return;
  }
  await app.register(fastifyStatic, {
    root: dist,
    prefix: `${WEB_BASE}/`,
    wildcard: false,
    index: false,
    // The build writes .br and .gz beside each text file; the best one the client accepts is sent,
    // with Vary: Accept-Encoding.
    preCompressed: true,
    // Hashed assets are immutable; index.html must always be revalidated.
    setHeaders(reply, path) {
      reply.header(
        'cache-control',
        path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    },
  });
  const sendIndex = async (_request: unknown, reply: FastifyReply) => {
    reply.header('cache-control', 'no-cache');
    return reply.sendFile('index.html', dist);
  };
  app.get(WEB_BASE, page, sendIndex);
  app.get(`${WEB_BASE}/*`, page, async (request, reply) => {
    // Missing files (hashed assets, or any path whose last segment has an extension, like a PDF) are
    // real 404s; every other path is a client route. Client routes never end in a file extension.
    const lastSegment = request.url.split('?')[0]!.split('/').pop() ?? '';
    if (request.url.startsWith(`${WEB_BASE}/assets/`) || /\.[a-z0-9]{1,8}$/i.test(lastSegment)) {
      return reply.status(404).send({ code: 'not_found', message: 'No such asset' });
    }
    // The proctored activity's pages are framed by the proctoring tools (decision 0028); nothing else is.
    if (PROCTORING_FRAMED_PATHS.test(request.url.split('?')[0]!)) {
      allowWebAppFramingBy(reply, ctx.config, await proctoringToolOrigins(ctx.db));
    }
    return sendIndex(request, reply);
  });
}
