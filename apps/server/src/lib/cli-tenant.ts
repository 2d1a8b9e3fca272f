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

/** The tenant's course with this id or code, for the command-line tools. */
export async function findCliCourse(
  db: Kysely<Database>,
  tenantId: string,
  idOrCode: string,
): Promise<{ id: string; name: string; activityId: string } | undefined> {
  return db
    .selectFrom('objectives')
    .select(['id', 'name', 'activityId'])
    .where('tenantId', '=', tenantId)
    .where((eb) => eb.or([eb('id', '=', idOrCode.toLowerCase()), eb('code', '=', idOrCode)]))
    .executeTakeFirst();
}

/**
 * Who a command-line tool acts as: the active user with this e-mail holding the permission (for any scope), or
 * without an e-mail the tenant's first user holding it unscoped (an administrator).
 */
export async function findCliActor(
  db: Kysely<Database>,
  tenantId: string,
  permission: string,
  email: string | undefined,
): Promise<{ id: string; email: string } | undefined> {
  return db
    .selectFrom('users as u')
    .innerJoin('userRoles as ur', 'ur.userId', 'u.id')
    .innerJoin('rolePermissions as rp', 'rp.roleId', 'ur.roleId')
    .select(['u.id', 'u.email'])
    .where('u.tenantId', '=', tenantId)
    .where('u.status', '=', 'Active')
    .where('rp.name', '=', permission)
    .where((eb) =>
      email ? eb('u.email', '=', email.trim().toLowerCase()) : eb('rp.scopeId', 'is', null),
    )
    .orderBy('u.created')
    .orderBy('u.id')
    .limit(1)
    .executeTakeFirst();
}
