// Refuses cookie-authenticated state-changing API calls that lack the X-Requested-With marker.
import type { FastifyInstance } from 'fastify';
import { ForbiddenError } from './errors.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function registerCsrfGuard(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    if (!request.url.startsWith('/api/')) return;
    // LTI protocol endpoints are called by tools (form posts, bearer tokens, OAuth 1 signatures), which
    // carry their own proof: a single-use hint, a signed assertion or a signature.
    if (request.url.startsWith('/api/lti/v1/')) return;
    if (request.headers['x-requested-with']) return;
    throw new ForbiddenError(
      'csrf_marker_missing',
      'State-changing requests must carry the X-Requested-With header.',
    );
  });
}
