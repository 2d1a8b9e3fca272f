// Refuses cookie-authenticated state-changing API calls that lack the X-Requested-With marker.
import type { FastifyInstance } from 'fastify';
import { ForbiddenError } from './errors.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function registerCsrfGuard(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    if (!request.url.startsWith('/api/')) return;
    if (request.headers['x-requested-with']) return;
    throw new ForbiddenError(
      'csrf_marker_missing',
      'State-changing requests must carry the X-Requested-With header.',
    );
  });
}
