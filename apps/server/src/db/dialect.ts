// Everything that differs between SQLite and PostgreSQL lives here.
import type { ColumnDataType } from 'kysely';

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
