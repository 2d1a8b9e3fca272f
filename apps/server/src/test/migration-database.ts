// A database part-way through the migrations, for tests of one migration on data written before it: a temp
// SQLite file migrated up to and including a given migration, closed and deleted after each test.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Migrator } from 'kysely';
import { afterEach } from 'vitest';
import { createDatabase, migrationsFor, type DatabaseHandle } from '../db/database.ts';

export function migrationTestDatabase(): {
  migratedTo(migration: string): Promise<DatabaseHandle>;
} {
  let handle: DatabaseHandle | undefined;
  let dir: string | undefined;
  afterEach(async () => {
    await handle?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
    handle = undefined;
    dir = undefined;
  });
  return {
    async migratedTo(migration) {
      dir = mkdtempSync(join(tmpdir(), 'portal-migration-'));
      handle = createDatabase({ kind: 'sqlite', file: join(dir, 'db.sqlite') });
      const migrator = new Migrator({
        db: handle.db.withoutPlugins(),
        provider: { getMigrations: async () => migrationsFor('sqlite') },
      });
      const { error } = await migrator.migrateTo(migration);
      if (error) throw error;
      return handle;
    },
  };
}
