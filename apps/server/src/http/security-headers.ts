// Security headers on every response, from @fastify/helmet: a Content-Security-Policy without inline
// script for the web app and the APIs, a stricter per-page policy with nonces for the pages the server
// renders itself (sign-in, sign-out, the LTI auto-post page), framing only by configured origins,
// nosniff, a referrer policy, and HSTS when the portal is served over https.
import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import fastifyHelmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppConfig } from '../config.ts';

type Directives = Record<string, string[]>;
type PolicyConfig = Pick<AppConfig, 'publicUrl' | 'frameAncestors'>;

const isHttps = (config: Pick<AppConfig, 'publicUrl'>) => config.publicUrl.startsWith('https:');

function frameAncestors(config: PolicyConfig): string[] {
  return ["'self'", ...config.frameAncestors];
}

/**
 * The web app's policy. Scripts come only from the portal's own files (no inline script, no eval).
 * Styles allow inline: Mantine writes its theme variables into a style element and authored course
 * content carries style attributes. Course content and LTI tools live on other origins, so frames, images
 * and the LTI launch forms (which post into the tool's frame) may use any https origin — and any http one
 * when the portal itself runs on plain http (a local install whose tools do too).
 */
export function webAppDirectives(config: PolicyConfig): Directives {
  const external = isHttps(config) ? ['https:'] : ['https:', 'http:'];
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', ...external],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'"],
    'media-src': ["'self'", 'blob:', ...external],
    'frame-src': ["'self'", ...external],
    'worker-src': ["'self'", 'blob:'],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'", ...external],
    'frame-ancestors': frameAncestors(config),
    ...(isHttps(config) ? { 'upgrade-insecure-requests': [] } : {}),
  };
}

/** A server-rendered page: nothing but its own nonce-marked style and script, forms only to `formAction`. */
export function pageDirectives(
  config: PolicyConfig,
  nonce: string,
  formAction: string[] = ["'self'"],
  extraFrameAncestors: string[] = [],
): Directives {
  return {
    'default-src': ["'none'"],
    'style-src': [`'nonce-${nonce}'`],
    'script-src': [`'nonce-${nonce}'`],
    'img-src': ["'self'", 'data:'],
    'form-action': formAction,
    'frame-ancestors': [...frameAncestors(config), ...extraFrameAncestors],
    'base-uri': ["'none'"],
  };
}

export function helmetOptions(config: PolicyConfig): FastifyHelmetOptions {
  const onlySelfMayFrame = config.frameAncestors.length === 0;
  return {
    contentSecurityPolicy: { useDefaults: false, directives: webAppDirectives(config) },
    // X-Frame-Options cannot list origins; frame-ancestors says it for browsers that read CSP.
    frameguard: onlySelfMayFrame ? { action: 'sameorigin' } : false,
    hsts: isHttps(config) ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // Tools and course content embedded from other origins do not send CORP headers.
    crossOriginEmbedderPolicy: false,
    // LTI tools opened in a window of their own may need their opener.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
    originAgentCluster: true,
    xContentTypeOptions: true,
    xDnsPrefetchControl: { allow: false },
    xPermittedCrossDomainPolicies: { permittedPolicies: 'none' },
  };
}

/** Gives the raw request a way to apply a page policy, for pages rendered outside Fastify (the OpenID provider). */
const PAGE_POLICY = Symbol('pagePolicy');
type RequestWithPolicy = IncomingMessage & { [PAGE_POLICY]?: (formAction?: string[]) => string };

export async function registerSecurityHeaders(
  app: FastifyInstance,
  config: PolicyConfig,
): Promise<void> {
  await app.register(fastifyHelmet, helmetOptions(config));
  app.addHook('onRequest', async (request, reply) => {
    (request.raw as RequestWithPolicy)[PAGE_POLICY] = (formAction) =>
      applyPagePolicy(reply, config, formAction);
  });
}

/** Replaces the response's policy with a page policy and answers the nonce its style and script must carry. */
export function applyPagePolicy(
  reply: FastifyReply,
  config: PolicyConfig,
  formAction?: string[],
  extraFrameAncestors: string[] = [],
): string {
  const nonce = randomBytes(16).toString('base64');
  reply.helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: pageDirectives(config, nonce, formAction, extraFrameAncestors),
    },
  });
  if (extraFrameAncestors.length > 0) dropFrameOptions(reply);
  return nonce;
}

/** X-Frame-Options cannot name origins: a response framable by other origins must not carry it. */
function dropFrameOptions(reply: FastifyReply): void {
  reply.removeHeader('x-frame-options');
  reply.raw.removeHeader('x-frame-options');
}

/**
 * The web app's policy, but framable by `origins` as well (the proctoring tools' pages that frame the
 * proctored activity: docs/decisions/0028). Only the routes that must be framed call this.
 */
export function allowWebAppFramingBy(
  reply: FastifyReply,
  config: PolicyConfig,
  origins: string[],
): void {
  if (origins.length === 0) return;
  const directives = webAppDirectives(config);
  reply.helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: { ...directives, 'frame-ancestors': [...frameAncestors(config), ...origins] },
    },
  });
  dropFrameOptions(reply);
}

/** The page policy for a raw request (see registerSecurityHeaders); answers the nonce. */
export function applyPagePolicyToRaw(request: IncomingMessage, formAction?: string[]): string {
  const apply = (request as RequestWithPolicy)[PAGE_POLICY];
  if (!apply) throw new Error('Security headers are not registered for this request');
  return apply(formAction);
}

export interface HtmlPageOptions {
  status: number;
  /** Where the page's forms may post (default: the portal itself). */
  formAction?: string[];
  /** Origins that may frame the page besides the portal's own and configured ones. */
  frameAncestors?: string[];
  /** The page's HTML; its inline style and script elements carry `nonce`. */
  html(nonce: string): string;
}

/** Sends a server-rendered page: never cached, under its own nonce-based policy. */
export function sendHtmlPage(
  reply: FastifyReply,
  config: PolicyConfig,
  page: HtmlPageOptions,
): FastifyReply {
  const nonce = applyPagePolicy(reply, config, page.formAction, page.frameAncestors);
  return reply
    .status(page.status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .send(page.html(nonce));
}
