// Compiles a parsed filter tree into a parameterised SQL condition; user text only ever travels as parameters.
import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';
import { escapeLike } from '../../db/dialect.ts';
import type { FilterCondition } from './list-fields.ts';
import type { FilterNode } from './filter-parser.ts';

/**
 * Every compiled condition is two-valued (never SQL NULL), so that ["!", …] means exactly "not":
 * positive operators are false on NULL, negative ones (<>, notcontains) are true on NULL.
 */
export function compileFilter(node: FilterNode): RawBuilder<SqlBool> {
  switch (node.kind) {
    case 'and':
    case 'or':
      return sql<SqlBool>`(${sql.join(node.children.map(compileFilter), node.kind === 'and' ? sql` and ` : sql` or `)})`;
    case 'not':
      return sql<SqlBool>`(not ${compileFilter(node.child)})`;
    case 'condition':
      return compileCondition(node);
  }
}

function compileCondition(condition: FilterCondition): RawBuilder<SqlBool> {
  const { field, op, value } = condition;
  if (field.compile) return sql<SqlBool>`(${field.compile(condition)})`;
  const column = field.sql;
  if (value === null) {
    return op === '=' ? sql<SqlBool>`(${column} is null)` : sql<SqlBool>`(${column} is not null)`;
  }
  if (field.type === 'string')
    return compileText(column, op, String(value), field.nullable === true);
  const comparison = sql<SqlBool>`${column} ${sql.raw(COMPARISON_SQL[op] ?? '=')} ${value}`;
  return guardNull(column, comparison, op === '<>', field.nullable === true);
}

// Only operators from the parser's whitelist reach sql.raw.
const COMPARISON_SQL: Partial<Record<string, string>> = {
  '=': '=',
  '<>': '<>',
  '>': '>',
  '>=': '>=',
  '<': '<',
  '<=': '<=',
};

function compileText(
  column: Expression<unknown>,
  op: string,
  value: string,
  nullable: boolean,
): RawBuilder<SqlBool> {
  // Case-insensitive like the real platform's database collation; lower() on both sides keeps dialects alike.
  const lowered = sql`lower(${column})`;
  const text = (parameter: string) => sql`lower(cast(${parameter} as text))`;
  const like = (pattern: string) => sql<SqlBool>`${lowered} like ${text(pattern)} escape '\\'`;
  const escaped = escapeLike(value);
  switch (op) {
    case '=':
      return guardNull(column, sql<SqlBool>`${lowered} = ${text(value)}`, false, nullable);
    case '<>':
      return guardNull(column, sql<SqlBool>`${lowered} <> ${text(value)}`, true, nullable);
    case 'startswith':
      return guardNull(column, like(`${escaped}%`), false, nullable);
    case 'endswith':
      return guardNull(column, like(`%${escaped}`), false, nullable);
    case 'contains':
      return guardNull(column, like(`%${escaped}%`), false, nullable);
    case 'notcontains':
      return guardNull(column, sql<SqlBool>`not (${like(`%${escaped}%`)})`, true, nullable);
    default:
      throw new Error(`Operator ${op} reached the text compiler`);
  }
}

function guardNull(
  column: Expression<unknown>,
  comparison: RawBuilder<SqlBool>,
  matchesNull: boolean,
  nullable: boolean,
): RawBuilder<SqlBool> {
  if (!nullable) return sql<SqlBool>`(${comparison})`;
  return matchesNull
    ? sql<SqlBool>`(${column} is null or ${comparison})`
    : sql<SqlBool>`(${column} is not null and ${comparison})`;
}
