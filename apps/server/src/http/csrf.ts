// Cross-site request forgery protection, attached to routes by what they are (the matched route's config,
// after the router decoded the URL), never by testing the raw URL. Every state-changing route is a JSON API
// route unless it says otherwise:
//   'api'      the portal's JSON APIs: X-Requested-With required (a header no cross-site form can send and
//              no cross-origin script can send without CORS, which the portal never grants), bodies only
//              as JSON, and cross-site requests refused.
//   'form'     the server-rendered forms of the portal's own pages (sign-in, sign-out): cross-site requests
//              refused; each form carries its own proof (the provider's interaction cookie, a form token).
//   'protocol' endpoints that other systems call (LTI tools): their proof is in the protocol (single-use
//              hints, signed assertions, OAuth signatures, bearer tokens).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DomainError, ForbiddenError } from './errors.ts';

export type CsrfProtection = 'api' | 'form' | 'protocol';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** How a state-changing request to this route proves it comes from the portal itself (default 'api'). */
    csrf?: CsrfProtection;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Sec-Fetch-Site values of requests the portal's own pages make (none: typed address, bookmark). */
const OWN_FETCH_SITES = new Set(['same-origin', 'none']);

export function csrfProtectionOf(request: FastifyRequest): CsrfProtection {
  return request.routeOptions.config?.csrf ?? 'api';
}

function hasBody(request: FastifyRequest): boolean {
  const length = request.headers['content-length'];
  return (
    request.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0')
  );
}

function isJson(contentType: string | undefined): boolean {
  const type = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
  return type === 'application/json' || /^application\/[a-z0-9.+-]+\+json$/.test(type);
}

/** Refuses a request that a browser marked as coming from another site (where the browser says so). */
function assertSameOrigin(request: FastifyRequest, publicOrigin: string): void {
  const site = request.headers['sec-fetch-site'];
  if (typeof site === 'string' && !OWN_FETCH_SITES.has(site.toLowerCase())) {
    throw new ForbiddenError('cross_site_request', 'Requests from other sites are not accepted.');
  }
  const origin = request.headers.origin;
  if (typeof origin === 'string' && origin !== publicOrigin) {
    throw new ForbiddenError('cross_site_request', 'Requests from other sites are not accepted.');
  }
}

export function registerCsrfGuard(app: FastifyInstance, options: { publicUrl: string }): void {
  const publicOrigin = new URL(options.publicUrl).origin;
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    const protection = csrfProtectionOf(request);
    if (protection === 'protocol') return;
    assertSameOrigin(request, publicOrigin);
    if (protection === 'form') return;
    if (!request.headers['x-requested-with']) {
      throw new ForbiddenError(
        'csrf_marker_missing',
        'State-changing requests must carry the X-Requested-With header.',
      );
    }
    if (hasBody(request) && !isJson(request.headers['content-type'])) {
      throw new DomainError(415, 'unsupported_media_type', 'The body must be JSON.');
    }
  });
}
