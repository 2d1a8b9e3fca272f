// Key material of the built-in OpenID provider: the RSA signing key kept in key_values (created once,
// shared by every instance) and secrets derived from the session secret.
import { createHmac, generateKeyPair, randomUUID, type KeyObject } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { JWK } from 'oidc-provider';
import type { Database } from '../../db/schema.ts';

export const SIGNING_KEYS_KEY = 'oidc.jwks';

/** A stable secret for one purpose, derived from config.sessionSecret (HMAC-SHA256). */
export function deriveSecret(sessionSecret: string, purpose: string): string {
  return createHmac('sha256', sessionSecret).update(purpose).digest('base64url');
}

async function generateSigningKey(): Promise<JWK> {
  const { privateKey } = await new Promise<{ privateKey: KeyObject }>((resolve, reject) => {
    generateKeyPair('rsa', { modulusLength: 2048 }, (error, _publicKey, key) =>
      error ? reject(error) : resolve({ privateKey: key }),
    );
  });
  return {
    ...privateKey.export({ format: 'jwk' }),
    kid: randomUUID(),
    alg: 'RS256',
    use: 'sig',
  } as JWK;
}

/**
 * The provider's JWKS. The first start generates a key and inserts it only if absent; every
 * instance then reads back whatever won, so concurrent first starts agree on one key.
 */
export async function loadOrCreateSigningKeys(db: Kysely<Database>): Promise<{ keys: JWK[] }> {
  const existing = await db
    .selectFrom('keyValues')
    .select('value')
    .where('key', '=', SIGNING_KEYS_KEY)
    .executeTakeFirst();
  if (existing) return JSON.parse(existing.value) as { keys: JWK[] };
  const candidate = JSON.stringify({ keys: [await generateSigningKey()] });
  await db
    .insertInto('keyValues')
    .values({ key: SIGNING_KEYS_KEY, value: candidate })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  const stored = await db
    .selectFrom('keyValues')
    .select('value')
    .where('key', '=', SIGNING_KEYS_KEY)
    .executeTakeFirstOrThrow();
  return JSON.parse(stored.value) as { keys: JWK[] };
}
