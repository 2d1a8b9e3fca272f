// Statements prepared once per connection: a statement cache keyed by SQL on SQLite, named prepared statements
// on PostgreSQL, so the hot list queries are neither re-parsed nor re-planned on every request (issue 12).
import { createHash } from 'node:crypto';
import type SQLite from 'better-sqlite3';
import type pg from 'pg';

/** Distinct statements kept per connection; beyond it the least recently used one is dropped (SQLite) or
 * new texts run unnamed (PostgreSQL), so queries with generated SQL cannot grow memory without bound. */
export const STATEMENT_CACHE_SIZE = 500;

/** What Kysely's SqliteDialect needs of a database: better-sqlite3 with `prepare` answered from a cache. */
export function withStatementCache(sqlite: SQLite.Database, size = STATEMENT_CACHE_SIZE) {
  const statements = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(sql: string): SQLite.Statement {
      const cached = statements.get(sql);
      if (cached) {
        // Re-inserting keeps the Map in least-recently-used order.
        statements.delete(sql);
        statements.set(sql, cached);
        return cached;
      }
      const statement = sqlite.prepare(sql);
      statements.set(sql, statement);
      if (statements.size > size) statements.delete(statements.keys().next().value!);
      return statement;
    },
  };
}

type Query = (text: unknown, values?: unknown) => unknown;

/**
 * Gives every parameterised statement a name derived from its text when a pool client is created: pg then
 * parses and plans it once per connection and afterwards only binds and executes it.
 */
export function nameStatementsOf(pool: pg.Pool, size = STATEMENT_CACHE_SIZE): void {
  // Names of the texts seen so far, shared by the pool's clients, so a hot query is hashed once.
  const names = new Map<string, string>();
  const nameOf = (text: string) => {
    let name = names.get(text);
    if (name === undefined) {
      name = `k${createHash('sha1').update(text).digest('base64url')}`;
      if (names.size < size) names.set(text, name);
    }
    return name;
  };
  pool.on('connect', (client) => {
    const query = client.query.bind(client) as Query;
    const prepared = new Set<string>();
    (client as unknown as { query: Query }).query = (text, values) => {
      if (typeof text !== 'string' || !Array.isArray(values) || values.length === 0)
        return query(text, values);
      const name = nameOf(text);
      if (!prepared.has(name)) {
        if (prepared.size >= size) return query(text, values);
        prepared.add(name);
      }
      return query({ name, text, values });
    };
  });
}
