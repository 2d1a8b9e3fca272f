// Migration 0012 on a database that already has tenants: their Instructor and Administrator roles get
// Announcement.Post, once, and no other role does.
import { describe, expect, it } from 'vitest';
import { createTenant } from '../../modules/identity/identity.repository.ts';
import { migrateToLatest } from '../database.ts';
import { migrationTestDatabase } from '../../test/migration-database.ts';

const database = migrationTestDatabase();

describe('migration 0012', () => {
  it('grants Announcement.Post to the Instructor and Administrator roles of existing tenants', async () => {
    const handle = await database.migratedTo('0008-feedback-calendar');

    const tenant = await createTenant(handle.db, {
      name: 'a.test',
      domain: 'a.test',
      created: '2030-01-01T00:00:00Z',
    });
    // Tenants made before this change had no such permission.
    await handle.db.deleteFrom('rolePermissions').where('name', '=', 'Announcement.Post').execute();

    await migrateToLatest(handle);
    const granted = await handle.db
      .selectFrom('rolePermissions as rp')
      .innerJoin('roles as r', 'r.id', 'rp.roleId')
      .select(['r.tenantId', 'r.name', 'rp.scopeId'])
      .where('rp.name', '=', 'Announcement.Post')
      .orderBy('r.name')
      .execute();
    expect(granted).toEqual([
      { tenantId: tenant.id, name: 'Administrator', scopeId: null },
      { tenantId: tenant.id, name: 'Instructor', scopeId: null },
    ]);
  });
});
