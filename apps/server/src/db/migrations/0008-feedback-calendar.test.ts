// Migration 0008 on a database that already has tenants: their administrators get Feedback.Export, once.
import { describe, expect, it } from 'vitest';
import { createTenant } from '../../modules/identity/identity.repository.ts';
import { migrateToLatest } from '../database.ts';
import { migrationTestDatabase } from '../../test/migration-database.ts';

const database = migrationTestDatabase();

describe('migration 0008', () => {
  it('grants Feedback.Export to the Administrator role of every existing tenant and to no other role', async () => {
    const handle = await database.migratedTo('0005-security');

    const tenants = [];
    for (const domain of ['a.test', 'b.test']) {
      tenants.push(
        await createTenant(handle.db, { name: domain, domain, created: '2030-01-01T00:00:00Z' }),
      );
    }
    // Tenants made before this change had no such permission.
    await handle.db.deleteFrom('rolePermissions').where('name', '=', 'Feedback.Export').execute();

    await migrateToLatest(handle);
    const granted = await handle.db
      .selectFrom('rolePermissions as rp')
      .innerJoin('roles as r', 'r.id', 'rp.roleId')
      .select(['r.tenantId', 'r.name'])
      .where('rp.name', '=', 'Feedback.Export')
      .orderBy('r.tenantId')
      .execute();
    expect(granted).toEqual(
      tenants
        .map((tenant) => ({ tenantId: tenant.id, name: 'Administrator' }))
        .sort((x, y) => x.tenantId.localeCompare(y.tenantId)),
    );
  });
});
