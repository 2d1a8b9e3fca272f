// Per-endpoint field maps of the list protocol: which selectors exist, their SQL and what they allow.
import type { Expression, SqlBool } from 'kysely';
import type { FilterOperator } from '@portal/contracts';

/**
 * `object` is a nested entity that can only be tested for presence (`= null` / `<> null`);
 * `integer` and `number` are split so PostgreSQL never receives a fraction for an integer column.
 */
export type ListFieldType =
  'string' | 'integer' | 'number' | 'boolean' | 'date' | 'uuid' | 'object';

/** A value after coercion to the field's type: booleans become 0/1 because columns store flags. */
export type CoercedValue = string | number | null;

export interface FilterCondition {
  selector: string;
  field: ListField;
  op: FilterOperator;
  value: CoercedValue;
}

export interface ListField {
  type: ListFieldType;
  /** Column or expression the selector reads; always a Kysely expression, never user text. */
  sql: Expression<unknown>;
  /** The column can be NULL (including columns of LEFT-joined tables). */
  nullable?: boolean;
  /** Defaults to true. */
  filterable?: boolean;
  /** Defaults to false. */
  sortable?: boolean;
  /** A sentinel id that means "none" on the wire (NIL_ID for "no term"); compared as NULL. */
  nullId?: string;
  /** Compiles conditions that are not a plain comparison of `sql` (EXISTS over a link table, …). */
  compile?: (condition: FilterCondition) => Expression<SqlBool>;
}

export type ListFields = Record<string, ListField>;

export const OPERATORS_BY_TYPE: Record<ListFieldType, readonly FilterOperator[]> = {
  // Ordering comparisons on text are left out on purpose: they would depend on each database's collation.
  string: ['=', '<>', 'startswith', 'endswith', 'contains', 'notcontains'],
  integer: ['=', '<>', '>', '>=', '<', '<='],
  number: ['=', '<>', '>', '>=', '<', '<='],
  date: ['=', '<>', '>', '>=', '<', '<='],
  boolean: ['=', '<>'],
  uuid: ['=', '<>'],
  object: ['=', '<>'],
};
