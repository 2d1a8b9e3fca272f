// Everything that differs between SQLite and PostgreSQL lives here.
import { PostgresAdapter, type ColumnDataType, type Kysely } from 'kysely';

export type DialectName = 'sqlite' | 'postgres';

export interface DialectTypes {
  /** Floating-point column: REAL on SQLite (8-byte), double precision on PostgreSQL. */
  float: ColumnDataType;
  text: ColumnDataType;
  integer: ColumnDataType;
}

export function dialectTypes(dialect: DialectName): DialectTypes {
  return {
    float: dialect === 'postgres' ? 'double precision' : 'real',
    text: 'text',
    integer: 'integer',
  };
}

/** Escapes LIKE wildcards so user text matches literally (used with ESCAPE '\'). */
export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (ch) => `\\${ch}`);
}

/** The dialect a Kysely instance talks to, for code handed only the instance (the demo seed). */
export function dialectOf(db: Pick<Kysely<never>, 'getExecutor'>): DialectName {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}
