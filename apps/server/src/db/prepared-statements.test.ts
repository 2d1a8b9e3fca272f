// Statements are prepared once per connection: from the cache on SQLite, as named statements on PostgreSQL.
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDialects, type TestDatabase } from '../test/test-databases.ts';
import { withStatementCache } from './prepared-statements.ts';

describe('the SQLite statement cache', () => {
  it('answers the same statement for the same SQL and drops the least recently used beyond its size', () => {
    const sqlite = new SQLite(':memory:');
    const cache = withStatementCache(sqlite, 2);
    const one = cache.prepare('select 1');
    expect(cache.prepare('select 1')).toBe(one);
    const two = cache.prepare('select 2');
    cache.prepare('select 1');
    cache.prepare('select 3');
    expect(cache.prepare('select 1')).toBe(one);
    expect(cache.prepare('select 2')).not.toBe(two);
    cache.close();
    expect(sqlite.open).toBe(false);
  });
});

describe.each(await testDialects())('queries through the database factory on %s', (dialect) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
  });
  afterAll(async () => {
    await database.dispose();
  });

  it('run repeatedly with different parameters and give each its own answer', async () => {
    for (const name of ['a', 'b', 'a']) {
      const rows = await database.db
        .selectFrom('tenants')
        .select('id')
        .where('name', '=', name)
        .execute();
      expect(rows).toEqual([]);
    }
    const answer = await sql<{ value: string }>`select ${'x'} || ${'y'} as value`.execute(
      database.db,
    );
    expect(answer.rows[0]?.value).toBe('xy');
  });

  it.runIf(dialect === 'postgres')(
    'are named prepared statements on PostgreSQL, with no parallel workers',
    async () => {
      await database.db.transaction().execute(async (tx) => {
        await tx.selectFrom('tenants').select('id').where('name', '=', 'prepared').execute();
        const prepared = await sql<{
          statement: string;
        }>`select statement from pg_prepared_statements where statement like ${'%from "tenants"%'}`.execute(
          tx,
        );
        expect(prepared.rows.length).toBeGreaterThan(0);
        const workers = await sql<{
          value: string;
        }>`select current_setting('max_parallel_workers_per_gather') as value`.execute(tx);
        expect(workers.rows[0]?.value).toBe('0');
      });
    },
  );
});
