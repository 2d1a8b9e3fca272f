// Migration 0010 on a database that already has tenants: their administrators get Analytics.Export, once, and
// the events stored before it keep working without a session.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Migrator, sql, type MigrationProvider } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { createTenant } from '../../modules/identity/identity.repository.ts';
import {
  createDatabase,
  migrateToLatest,
  migrationsFor,
  type DatabaseHandle,
} from '../database.ts';

let handle: DatabaseHandle | undefined;
let dir: string | undefined;

afterEach(async () => {
  await handle?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('migration 0010', () => {
  it('grants Analytics.Export to the Administrator role of every existing tenant, once, and to no other role', async () => {
    dir = mkdtempSync(join(tmpdir(), 'portal-migration-'));
    handle = createDatabase({ kind: 'sqlite', file: join(dir, 'db.sqlite') });
    const provider: MigrationProvider = { getMigrations: async () => migrationsFor('sqlite') };
    const migrator = new Migrator({ db: handle.db.withoutPlugins(), provider });
    const before = await migrator.migrateTo('0008-feedback-calendar');
    expect(before.error).toBeUndefined();

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
