// The portal's pages answer on one origin, PUBLIC_URL's: sign-in cookies, redirect checks and the
// provider's callback all belong to it. A page asked for by another host name (127.0.0.1 instead of
// localhost, a second DNS name) is redirected there before anything starts, sign-in included.
import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A page (not an API): requests on another host are redirected to PUBLIC_URL's. */
    canonicalHost?: boolean;
  }
}

export function registerCanonicalHost(app: FastifyInstance, options: { publicUrl: string }): void {
  const canonical = new URL(options.publicUrl);
  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return;
    if (!request.routeOptions.config?.canonicalHost) return;
    if (request.host.toLowerCase() === canonical.host) return;
    return reply.redirect(`${canonical.origin}${request.url}`, 308);
  });
}
