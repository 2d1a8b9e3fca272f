// Migration 0010 on a database that already has tenants: their administrators get Analytics.Export, once, and
// the events stored before it keep working without a session.
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createTenant } from '../../modules/identity/identity.repository.ts';
import { migrateToLatest } from '../database.ts';
import { migrationTestDatabase } from '../../test/migration-database.ts';

const database = migrationTestDatabase();

describe('migration 0010', () => {
  it('grants Analytics.Export to the Administrator role of every existing tenant, once, and to no other role', async () => {
    const handle = await database.migratedTo('0008-feedback-calendar');

    const tenants: { id: string }[] = [];
    for (const domain of ['a.test', 'b.test']) {
      tenants.push(
        await createTenant(handle.db, { name: domain, domain, created: '2030-01-01T00:00:00Z' }),
      );
    }
    // Tenants made before this change had no such permission; the second one already has it.
    await handle.db
      .deleteFrom('rolePermissions')
      .where('name', '=', 'Analytics.Export')
      .where('roleId', 'in', (eb) =>
        eb.selectFrom('roles').select('id').where('tenantId', '=', tenants[0]!.id),
      )
      .execute();
    // An event stored before: inserted as 0008 knew the table (no session columns yet).
    await sql`insert into analytics_events (id, tenant_id, user_id, name, payload, created)
      values ('e1', null, null, 'my_courses_search', '{}', '2030-01-01T00:00:00Z')`.execute(
      handle.db,
    );

    await migrateToLatest(handle);
    const granted = await handle.db
      .selectFrom('rolePermissions as rp')
      .innerJoin('roles as r', 'r.id', 'rp.roleId')
      .select(['r.tenantId', 'r.name'])
      .where('rp.name', '=', 'Analytics.Export')
      .orderBy('r.tenantId')
      .execute();
    expect(granted).toEqual(
      tenants
        .map((tenant) => ({ tenantId: tenant.id, name: 'Administrator' }))
        .sort((x, y) => x.tenantId.localeCompare(y.tenantId)),
    );
    const old = await handle.db
      .selectFrom('analyticsEvents')
      .select(['sessionKey', 'sessionId'])
      .where('id', '=', 'e1')
      .executeTakeFirstOrThrow();
    expect(old).toEqual({ sessionKey: null, sessionId: null });
  });
});
