// The tenant a command-line tool works on: the one with --tenant-domain, else the first one created.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

export async function findCliTenant(
  db: Kysely<Database>,
  domain: string | undefined,
): Promise<{ id: string; name: string } | undefined> {
  const query = db.selectFrom('tenants').select(['id', 'name']).orderBy('created').limit(1);
  return (domain ? query.where('domain', '=', domain.toLowerCase()) : query).executeTakeFirst();
}
