// Opaque OAuth 2.0 bearer tokens of the LTI services: random, stored only as their SHA-256, bound to one tool
// and its granted scopes; checked on every AGS request (RFC 6750).
import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { DomainError } from '../../http/errors.ts';
import { newToken } from '../../lib/ids.ts';

export const ACCESS_TOKEN_LIFETIME_SECONDS = 3600;

export interface AccessGrant {
  toolId: string;
  scopes: string[];
}

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/** Issues a token for the tool's granted scopes; expired tokens are purged on the way. */
export async function issueAccessToken(
  db: Kysely<Database>,
  grant: AccessGrant,
  now: Date,
): Promise<string> {
  await db.deleteFrom('ltiAccessTokens').where('expires', '<=', now.toISOString()).execute();
  const token = newToken(32);
  await db
    .insertInto('ltiAccessTokens')
    .values({
      tokenHash: hashOf(token),
      toolId: grant.toolId,
      scopes: grant.scopes.join(' '),
      expires: new Date(now.getTime() + ACCESS_TOKEN_LIFETIME_SECONDS * 1000).toISOString(),
    })
    .execute();
  return token;
}

/** The grant of a live token, or null for an unknown or expired one, or one of a tool since disabled. */
export async function findAccessGrant(
  db: Kysely<Database>,
  token: string,
  now: Date,
): Promise<AccessGrant | null> {
  const row = await db
    .selectFrom('ltiAccessTokens as t')
    .innerJoin('ltiTools as tool', 'tool.id', 't.toolId')
    .select(['t.toolId', 't.scopes', 't.expires'])
    .where('t.tokenHash', '=', hashOf(token))
    .where('tool.enabled', '=', 1)
    .executeTakeFirst();
  if (!row || row.expires <= now.toISOString()) return null;
  return { toolId: row.toolId, scopes: row.scopes.split(' ').filter(Boolean) };
}

/** The bearer token of an Authorization header; undefined when there is none. */
export function bearerTokenOf(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  const match =
    typeof header === 'string' ? /^Bearer\s+([A-Za-z0-9._~+/-]+=*)\s*$/i.exec(header) : null;
  return match?.[1];
}

/**
 * The grant behind the request's bearer token when it holds one of `anyOfScopes`: 401 with a
 * `WWW-Authenticate: Bearer` challenge when the token is missing, unknown or expired; 403 when it lacks
 * every one of the scopes.
 */
export async function requireAccess(
  db: Kysely<Database>,
  request: FastifyRequest,
  reply: FastifyReply,
  now: Date,
  anyOfScopes: readonly string[],
): Promise<AccessGrant> {
  const token = bearerTokenOf(request);
  if (token === undefined) {
    reply.header('www-authenticate', 'Bearer realm="lti"');
    throw new DomainError(401, 'unauthorized', 'A bearer access token is required.');
  }
  const grant = await findAccessGrant(db, token, now);
  if (grant === null) {
    reply.header(
      'www-authenticate',
      'Bearer realm="lti", error="invalid_token", error_description="The access token is unknown or expired."',
    );
    throw new DomainError(401, 'invalid_token', 'The access token is unknown or expired.');
  }
  if (!anyOfScopes.some((scope) => grant.scopes.includes(scope))) {
    reply.header(
      'www-authenticate',
      `Bearer realm="lti", error="insufficient_scope", scope="${anyOfScopes.join(' ')}"`,
    );
    throw new DomainError(
      403,
      'insufficient_scope',
      `The access token lacks the scope this request needs (${anyOfScopes.join(' or ')}).`,
    );
  }
  return grant;
}
