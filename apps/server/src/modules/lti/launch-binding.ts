// The launch-binding cookie: ties a pending LTI 1.3 launch to the browser that asked for it, so the
// authorization endpoint does not depend on the SameSite=Lax session cookie (docs/decisions/0008).
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppConfig } from '../../config.ts';

export const BINDING_MAX_AGE_SECONDS = 12 * 60 * 60;
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

type PublicUrl = Pick<AppConfig, 'publicUrl'>;

const isHttps = (config: PublicUrl) => config.publicUrl.startsWith('https:');

/** `__Host-lti_binding` under https (no Domain, Path=/, Secure), `lti_binding` for local http installs. */
export function bindingCookieName(config: PublicUrl): string {
  return isHttps(config) ? '__Host-lti_binding' : 'lti_binding';
}

/** SameSite=None under https: the tool's cross-site hop back to the auth endpoint must carry it. */
export function bindingCookieOptions(config: PublicUrl) {
  return isHttps(config)
    ? {
        secure: true,
        httpOnly: true,
        sameSite: 'none' as const,
        path: '/',
        maxAge: BINDING_MAX_AGE_SECONDS,
      }
    : { httpOnly: true, sameSite: 'lax' as const, path: '/', maxAge: BINDING_MAX_AGE_SECONDS };
}

export function sha256Hex(value: string): string {
  return createHash('sha256').update(value, 'utf8').digest('hex');
}

/**
 * The browser's binding token, or null. Only the cookie of the portal's scheme is read: under https a plain
 * `lti_binding` could have been planted by a sibling host, which `__Host-` rules out.
 */
export function readBinding(request: FastifyRequest, config: PublicUrl): string | null {
  const value = request.cookies[bindingCookieName(config)];
  return value !== undefined && TOKEN_PATTERN.test(value) ? value : null;
}

/** The browser's binding token; a new one is created and set as a cookie when it has none. */
export function ensureBinding(
  request: FastifyRequest,
  reply: FastifyReply,
  config: PublicUrl,
): string {
  const existing = readBinding(request, config);
  if (existing !== null) return existing;
  const token = randomBytes(32).toString('base64url');
  reply.setCookie(bindingCookieName(config), token, bindingCookieOptions(config));
  return token;
}

/** Whether the token hashes to the stored binding hash (constant time). */
export function bindingMatches(token: string | null, bindingHash: string): boolean {
  if (token === null) return false;
  const actual = Buffer.from(sha256Hex(token), 'hex');
  const expected = Buffer.from(bindingHash, 'hex');
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
