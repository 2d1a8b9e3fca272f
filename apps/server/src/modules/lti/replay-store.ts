// Single-use keys (client-assertion jti, LTI 1.1 OAuth nonces) in the database, so every instance sees them.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/**
 * Records `key` until `expires`; true the first time, false when the key was already seen (a replay).
 * Expired keys are purged opportunistically.
 */
export async function rememberOnce(
  db: Kysely<Database>,
  key: string,
  expires: Date,
  now: Date,
): Promise<boolean> {
  await db.deleteFrom('ltiNonces').where('expires', '<', now.toISOString()).execute();
  const result = await db
    .insertInto('ltiNonces')
    .values({ key, expires: expires.toISOString() })
    .onConflict((oc) => oc.column('key').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) === 1;
}
