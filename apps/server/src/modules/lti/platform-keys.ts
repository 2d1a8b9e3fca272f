// The platform's RS256 signing keys: stored in the database (private halves sealed), published as a JWKS,
// rotated next → current → previous (Canvas' past/present/future). Every instance reads the same rows.
import { generateKeyPair, randomUUID, type KeyObject } from 'node:crypto';
import { importJWK, type CryptoKey, type JWK, type KeyObject as JoseKeyObject } from 'jose';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { SecretBox } from './secret-box.ts';

export type KeyStatus = 'next' | 'current' | 'previous' | 'retired';

async function generateRsaJwks(): Promise<{ publicJwk: JWK; privateJwk: JWK }> {
  const { publicKey, privateKey } = await new Promise<{
    publicKey: KeyObject;
    privateKey: KeyObject;
  }>((resolve, reject) =>
    generateKeyPair('rsa', { modulusLength: 2048 }, (error, pub, priv) =>
      error ? reject(error) : resolve({ publicKey: pub, privateKey: priv }),
    ),
  );
  const kid = randomUUID();
  const meta = { kid, alg: 'RS256', use: 'sig' };
  return {
    publicJwk: { ...(publicKey.export({ format: 'jwk' }) as JWK), ...meta },
    privateJwk: { ...(privateKey.export({ format: 'jwk' }) as JWK), ...meta },
  };
}

export interface SigningKey {
  kid: string;
  key: CryptoKey | JoseKeyObject | Uint8Array;
}

export interface PlatformKeys {
  /** Creates the current and next keys when missing (safe to call from several instances at once). */
  ensure(now: Date): Promise<void>;
  /** Published keys, current first: { keys: [...] } with kty, n, e, kid, alg, use. */
  jwks(): Promise<{ keys: JWK[] }>;
  /** The current key, for signing id_tokens. */
  signingKey(): Promise<SigningKey>;
  /** next → current, current → previous, previous → retired, and a new next. */
  rotate(now: Date): Promise<{ current: string; next: string }>;
}

export function createPlatformKeys(db: Kysely<Database>, box: SecretBox): PlatformKeys {
  let cached: { kid: string; key: SigningKey } | null = null;

  async function insertKey(status: KeyStatus, now: Date): Promise<string> {
    const { publicJwk, privateJwk } = await generateRsaJwks();
    await db
      .insertInto('ltiPlatformKeys')
      .values({
        kid: publicJwk.kid!,
        status,
        publicJwk: JSON.stringify(publicJwk),
        privateJwkEncrypted: box.seal(JSON.stringify(privateJwk)),
        created: now.toISOString(),
        rotated: null,
      })
      .execute();
    return publicJwk.kid!;
  }

  async function byStatus(status: KeyStatus) {
    return db
      .selectFrom('ltiPlatformKeys')
      .selectAll()
      .where('status', '=', status)
      .orderBy('created', 'desc')
      .executeTakeFirst();
  }

  return {
    async ensure(now) {
      // Two instances starting together may both insert; the newest "current" wins and the other key
      // is still published, so tokens signed by either verify.
      if (!(await byStatus('current'))) await insertKey('current', now);
      if (!(await byStatus('next'))) await insertKey('next', now);
    },

    async jwks() {
      const rows = await db
        .selectFrom('ltiPlatformKeys')
        .select(['publicJwk', 'status'])
        .where('status', 'in', ['current', 'next', 'previous'])
        .orderBy('created', 'desc')
        .execute();
      const order: Record<string, number> = { current: 0, next: 1, previous: 2 };
      rows.sort((a, b) => (order[a.status] ?? 3) - (order[b.status] ?? 3));
      return { keys: rows.map((row) => JSON.parse(row.publicJwk) as JWK) };
    },

    async signingKey() {
      const row = await byStatus('current');
      if (!row) throw new Error('The LTI platform has no current signing key');
      if (cached?.kid === row.kid) return cached.key;
      const jwk = JSON.parse(box.open(row.privateJwkEncrypted)) as JWK;
      const key = { kid: row.kid, key: await importJWK(jwk, 'RS256') };
      cached = { kid: row.kid, key };
      return key;
    },

    async rotate(now) {
      const at = now.toISOString();
      const newNext = await generateRsaJwks();
      await db.transaction().execute(async (tx) => {
        await tx
          .updateTable('ltiPlatformKeys')
          .set({ status: 'retired', rotated: at })
          .where('status', '=', 'previous')
          .execute();
        await tx
          .updateTable('ltiPlatformKeys')
          .set({ status: 'previous', rotated: at })
          .where('status', '=', 'current')
          .execute();
        await tx
          .updateTable('ltiPlatformKeys')
          .set({ status: 'current', rotated: at })
          .where('status', '=', 'next')
          .execute();
        await tx
          .insertInto('ltiPlatformKeys')
          .values({
            kid: newNext.publicJwk.kid!,
            status: 'next',
            publicJwk: JSON.stringify(newNext.publicJwk),
            privateJwkEncrypted: box.seal(JSON.stringify(newNext.privateJwk)),
            created: at,
            rotated: null,
          })
          .execute();
      });
      const current = await byStatus('current');
      if (!current) await insertKey('current', now);
      return { current: (await byStatus('current'))!.kid, next: newNext.publicJwk.kid! };
    },
  };
}
