// Reads DevExtreme-style load options from a query string; anything malformed is a 400 naming the option.
import { MAX_TAKE, sortItemSchema, type ListEnvelope } from '@portal/contracts';
import type { Expression, OrderByModifiers, RawBuilder, SelectQueryBuilder, SqlBool } from 'kysely';
import type { ListField, ListFields } from './list-fields.ts';
import { invalidQuery, parseFilter, type FilterNode } from './filter-parser.ts';
import { compileFilter } from './filter-compiler.ts';

export const DEFAULT_TAKE = 100;
const MAX_SORT_ITEMS = 5;
const MAX_PARAMETER_LENGTH = 20_000;
const KNOWN_PARAMETERS = new Set(['skip', 'take', 'sort', 'filter', 'requireTotalCount', 'select']);

export interface SortSpec {
  selector: string;
  field: ListField;
  desc: boolean;
}

export interface LoadOptions {
  skip: number;
  take: number;
  sort: SortSpec[];
  filter: FilterNode | undefined;
  requireTotalCount: boolean;
  select: string[] | undefined;
}

export interface ParseLoadOptionsConfig {
  fields: ListFields;
  /** Used when the client sends no sort. */
  defaultSort: { selector: string; desc?: boolean }[];
}

export function parseLoadOptions(query: unknown, config: ParseLoadOptionsConfig): LoadOptions {
  const params = readParameters(query);
  const skip = parseCount(params.skip, 'skip', 0, Number.MAX_SAFE_INTEGER) ?? 0;
  const take = parseCount(params.take, 'take', 0, MAX_TAKE) ?? DEFAULT_TAKE;
  const requireTotalCount = parseBoolean(params.requireTotalCount);
  const filterJson = params.filter === undefined ? undefined : parseJson(params.filter, 'filter');
  const filter = filterJson === undefined ? undefined : parseFilter(filterJson, config.fields);
  const sortJson = params.sort === undefined ? undefined : parseJson(params.sort, 'sort');
  const sort = parseSort(sortJson ?? config.defaultSort, config.fields);
  const select =
    params.select === undefined
      ? undefined
      : parseSelect(parseJson(params.select, 'select'), config.fields);
  return { skip, take, sort, filter, requireTotalCount, select };
}

function readParameters(query: unknown): Record<string, string | undefined> {
  const params: Record<string, string | undefined> = {};
  if (query === null || typeof query !== 'object') return params;
  for (const [key, value] of Object.entries(query)) {
    if (!KNOWN_PARAMETERS.has(key))
      throw invalidQuery(key, `Unknown query parameter '${key.slice(0, 60)}'.`);
    if (typeof value !== 'string')
      throw invalidQuery(key, `The query parameter '${key}' must be given once.`);
    if (value.length > MAX_PARAMETER_LENGTH) {
      throw invalidQuery(
        key,
        `The query parameter '${key}' is longer than ${MAX_PARAMETER_LENGTH} characters.`,
      );
    }
    params[key] = value;
  }
  return params;
}

function parseCount(
  raw: string | undefined,
  name: string,
  min: number,
  max: number,
): number | undefined {
  if (raw === undefined || raw === '') return undefined;
  if (!/^\d{1,16}$/.test(raw)) throw invalidQuery(name, `'${name}' must be a whole number.`);
  const value = Number(raw);
  if (value < min || value > max)
    throw invalidQuery(name, `'${name}' must be between ${min} and ${max}.`);
  return value;
}

function parseBoolean(raw: string | undefined): boolean {
  if (raw === undefined || raw === '') return false;
  // Python clients send the literal "True" (WIRE.md §3).
  const word = raw.toLowerCase();
  if (word === 'true') return true;
  if (word === 'false') return false;
  throw invalidQuery('requireTotalCount', "'requireTotalCount' must be true or false.");
}

function parseJson(raw: string, name: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    throw invalidQuery(name, `'${name}' is not valid JSON.`);
  }
}

function parseSort(input: unknown, fields: ListFields): SortSpec[] {
  const items = Array.isArray(input) ? input : [input];
  if (items.length > MAX_SORT_ITEMS)
    throw invalidQuery('sort', `At most ${MAX_SORT_ITEMS} sort items are allowed.`);
  return items.map((item) => {
    const parsed = sortItemSchema.strict().safeParse(item);
    if (!parsed.success)
      throw invalidQuery('sort', 'Each sort item must be {"selector": string, "desc": boolean}.');
    const { selector, desc } = parsed.data;
    const field = Object.hasOwn(fields, selector) ? fields[selector] : undefined;
    if (!field || field.sortable !== true)
      throw invalidQuery('sort', `Unknown sort field '${selector}'.`);
    return { selector, field, desc: desc === true };
  });
}

function parseSelect(input: unknown, fields: ListFields): string[] {
  if (
    !Array.isArray(input) ||
    input.length === 0 ||
    input.some((item) => typeof item !== 'string')
  ) {
    throw invalidQuery('select', "'select' must be a non-empty JSON array of field names.");
  }
  for (const selector of input as string[]) {
    if (!Object.hasOwn(fields, selector))
      throw invalidQuery('select', `Unknown select field '${selector.slice(0, 60)}'.`);
  }
  return input as string[];
}

/** The compiled filter, or undefined when the client sent none. */
export function filterCondition(options: LoadOptions): RawBuilder<SqlBool> | undefined {
  return options.filter ? compileFilter(options.filter) : undefined;
}

/**
 * Applies the requested order, NULLs last in both directions on both dialects, then the tie-breaker
 * (a unique column) so that skip/take pages never overlap or leave gaps.
 */
export function applySort<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  sort: SortSpec[],
  tieBreaker: Expression<unknown>,
): SelectQueryBuilder<DB, TB, O> {
  let ordered = query;
  for (const item of sort) {
    // NULLS LAST only where NULLs exist: on a NOT NULL column it would keep both databases from reading
    // the order off an index.
    const modifiers: OrderByModifiers = (builder) => {
      const ordered = item.desc ? builder.desc() : builder.asc();
      return item.field.nullable === true ? ordered.nullsLast() : ordered;
    };
    ordered = ordered.orderBy(item.field.sql as Expression<never>, modifiers);
  }
  return ordered.orderBy(tieBreaker as Expression<never>, 'asc');
}

export function listEnvelope<T>(data: T[], totalCount: number | undefined): ListEnvelope<T> {
  return { data, totalCount: totalCount ?? -1, groupCount: -1, summary: null };
}

/** Keeps only the selected dotted paths of each item (DevExtreme `select`). */
export function projectItems(items: object[], select: string[]): Record<string, unknown>[] {
  return items.map((item) => {
    const projected: Record<string, unknown> = {};
    for (const path of select) {
      const keys = path.split('.');
      let source: unknown = item;
      for (const key of keys)
        source =
          source !== null && typeof source === 'object'
            ? (source as Record<string, unknown>)[key]
            : undefined;
      if (source === undefined) continue;
      let target = projected;
      keys.slice(0, -1).forEach((key) => {
        target = (target[key] ??= {}) as Record<string, unknown>;
      });
      target[keys[keys.length - 1]!] = source;
    }
    return projected;
  });
}
