// Per-tool pseudonymous user ids: the id_token `sub`, LTI 1.1 `user_id` and AGS `userId` a tool sees.
// Random, stored once per (tool, user), so a tool cannot correlate users with other tools or the portal.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { newToken } from '../../lib/ids.ts';

/** The user's subject for this tool, created on first use (concurrent first uses agree on one). */
export async function subjectFor(
  db: Kysely<Database>,
  toolId: string,
  userId: string,
): Promise<string> {
  const find = () =>
    db
      .selectFrom('ltiSubjects')
      .select('sub')
      .where('toolId', '=', toolId)
      .where('userId', '=', userId)
      .executeTakeFirst();
  const existing = await find();
  if (existing) return existing.sub;
  await db
    .insertInto('ltiSubjects')
    .values({ toolId, userId, sub: newToken(18) })
    .onConflict((oc) => oc.columns(['toolId', 'userId']).doNothing())
    .execute();
  return (await find())!.sub;
}

/** The portal user behind a tool's subject, or null for an unknown subject. */
export async function userForSubject(
  db: Kysely<Database>,
  toolId: string,
  sub: string,
): Promise<string | null> {
  const row = await db
    .selectFrom('ltiSubjects')
    .select('userId')
    .where('toolId', '=', toolId)
    .where('sub', '=', sub)
    .executeTakeFirst();
  return row?.userId ?? null;
}
