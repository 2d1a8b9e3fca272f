// Fresh databases for tests: a temp SQLite file always, and a throwaway PostgreSQL database when reachable.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { createDatabase, migrateToLatest, type DatabaseHandle } from '../db/database.ts';
import type { DialectName } from '../db/dialect.ts';

export const POSTGRES_ADMIN_URL =
  process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** Under CI PostgreSQL is part of the matrix: a green run must mean both databases passed. */
export function postgresRequired(env: NodeJS.ProcessEnv = process.env): boolean {
  return env.CI !== undefined && env.CI !== '' && env.CI !== 'false' && env.CI !== '0';
}

/** True when a PostgreSQL server answers at `url`; when it is required and does not, throws. */
export async function probePostgres(url: string, options: { required: boolean }): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch (error) {
    if (options.required)
      throw new Error(`PostgreSQL is required in CI but not reachable at ${url}`, { cause: error });
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

let postgresReachable: Promise<boolean> | undefined;

/** True when a PostgreSQL server answers (always in CI on our machines, where it is required). */
export function isPostgresReachable(): Promise<boolean> {
  postgresReachable ??= probePostgres(POSTGRES_ADMIN_URL, { required: postgresRequired() });
  return postgresReachable;
}

export interface TestDatabase extends DatabaseHandle {
  /** Closes and deletes the database. */
  dispose(): Promise<void>;
}

export async function createTestDatabase(dialect: DialectName): Promise<TestDatabase> {
  if (dialect === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'portal-test-'));
    const handle = createDatabase({ kind: 'sqlite', file: join(dir, 'test.sqlite') });
    await migrateToLatest(handle);
    return {
      ...handle,
      async dispose() {
        await handle.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const name = `portal_test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const admin = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(POSTGRES_ADMIN_URL);
  url.pathname = `/${name}`;
  const handle = createDatabase({ kind: 'postgres', url: url.toString() });
  await migrateToLatest(handle);
  return {
    ...handle,
    async dispose() {
      await handle.close();
      const cleanup = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
      await cleanup.connect();
      // pg's Pool.end() resolves before its sockets close; forcing the drop while they are still closing
      // makes the pool emit an unhandled 'error'. Wait for the backends to leave, then drop.
      for (let tries = 0; tries < 40; tries += 1) {
        const { rows } = await cleanup.query(
          'select count(*)::int as n from pg_stat_activity where datname = $1',
          [name],
        );
        if (rows[0]?.n === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

/** The dialects to run a suite on: SQLite, plus PostgreSQL when reachable. */
export async function testDialects(): Promise<DialectName[]> {
  return (await isPostgresReachable()) ? ['sqlite', 'postgres'] : ['sqlite'];
}
