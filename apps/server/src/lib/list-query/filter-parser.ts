// Parses a DevExtreme filter expression into a typed tree, coercing values to each field's type.
import { MAX_FILTER_TEXT_LENGTH, filterOperators, type FilterOperator } from '@portal/contracts';
import { BadRequestError } from '../../http/errors.ts';
import {
  OPERATORS_BY_TYPE,
  type CoercedValue,
  type FilterCondition,
  type ListField,
  type ListFields,
} from './list-fields.ts';

export const FILTER_LIMITS = {
  maxDepth: 8,
  maxConditions: 64,
  maxStringLength: MAX_FILTER_TEXT_LENGTH,
} as const;

export type FilterNode =
  | ({ kind: 'condition' } & FilterCondition)
  | { kind: 'and' | 'or'; children: FilterNode[] }
  | { kind: 'not'; child: FilterNode };

/** A 400 that names the offending load option, e.g. `{filter: ["Unknown field 'x'."]}`. */
export function invalidQuery(param: string, message: string): BadRequestError {
  return new BadRequestError('invalid_query', message, { [param]: [message] });
}

const fail = (message: string): never => {
  throw invalidQuery('filter', message);
};

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const NUMERIC_PATTERN = /^\s*-?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?\s*$/;
// Four-digit years only: ISO text of later years would break the lexicographic comparison of stored times.
const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})?)?$/;
const INT32_MAX = 2147483647;

const isOperator = (value: string): value is FilterOperator =>
  (filterOperators as readonly string[]).includes(value);

export function parseFilter(input: unknown, fields: ListFields): FilterNode | undefined {
  if (!Array.isArray(input)) return fail('The filter must be a JSON array.');
  // An empty top-level filter means "no filter", as DevExtreme clients send it when nothing is chosen.
  if (input.length === 0) return undefined;
  const state = { conditions: 0 };
  return parseExpression(input, fields, 1, state);
}

function parseExpression(
  expr: unknown[],
  fields: ListFields,
  depth: number,
  state: { conditions: number },
): FilterNode {
  if (depth > FILTER_LIMITS.maxDepth)
    fail(`The filter is nested deeper than ${FILTER_LIMITS.maxDepth} levels.`);
  if (expr.length === 0) fail('The filter contains an empty expression.');
  const head = expr[0];
  if (head === '!') {
    if (expr.length !== 2 || !Array.isArray(expr[1]))
      fail('A negation must have the form ["!", expression].');
    return { kind: 'not', child: parseExpression(expr[1] as unknown[], fields, depth + 1, state) };
  }
  if (typeof head === 'string') return parseCondition(expr, fields, state);
  if (Array.isArray(head)) return parseGroup(expr, fields, depth, state);
  return fail('Each filter expression must start with a field name, "!" or a nested expression.');
}

function parseGroup(
  expr: unknown[],
  fields: ListFields,
  depth: number,
  state: { conditions: number },
): FilterNode {
  const children: FilterNode[] = [];
  let connector: 'and' | 'or' | undefined;
  let expectOperand = true;
  for (const item of expr) {
    if (typeof item === 'string') {
      const word = item.toLowerCase();
      if (word !== 'and' && word !== 'or')
        fail(`Unknown group operator '${truncate(item)}'; use "and" or "or".`);
      if (expectOperand) fail('A group operator must stand between two expressions.');
      if (connector && connector !== word) {
        fail('"and" and "or" cannot be mixed in one group; nest the expressions instead.');
      }
      connector = word as 'and' | 'or';
      expectOperand = true;
    } else if (Array.isArray(item)) {
      children.push(parseExpression(item, fields, depth + 1, state));
      expectOperand = false;
    } else {
      fail('A group may contain only expressions and "and"/"or".');
    }
  }
  if (expectOperand) fail('A group must not end with a group operator.');
  // Expressions listed without a connector are joined by "and", as in DevExtreme.
  return children.length === 1 ? children[0]! : { kind: connector ?? 'and', children };
}

function parseCondition(
  expr: unknown[],
  fields: ListFields,
  state: { conditions: number },
): FilterNode {
  state.conditions += 1;
  if (state.conditions > FILTER_LIMITS.maxConditions) {
    fail(`The filter has more than ${FILTER_LIMITS.maxConditions} conditions.`);
  }
  // DevExtreme also allows the short form [field, value], meaning "=".
  if (expr.length !== 2 && expr.length !== 3)
    fail('A condition must have the form [field, operator, value].');
  const selector = expr[0] as string;
  const rawOp = expr.length === 3 ? expr[1] : '=';
  const rawValue = expr.length === 3 ? expr[2] : expr[1];
  const field = Object.hasOwn(fields, selector) ? fields[selector] : undefined;
  if (!field || field.filterable === false) fail(`Unknown filter field '${truncate(selector)}'.`);
  if (typeof rawOp !== 'string' || !isOperator(rawOp.toLowerCase())) {
    fail(`Unknown operator '${truncate(String(rawOp))}' for field '${selector}'.`);
  }
  const op = (rawOp as string).toLowerCase() as FilterOperator;
  const definition = field as ListField;
  if (!OPERATORS_BY_TYPE[definition.type].includes(op)) {
    fail(`Operator '${op}' is not supported for field '${selector}'.`);
  }
  const value = coerceValue(rawValue, definition, selector, op);
  return { kind: 'condition', selector, field: definition, op, value };
}

function coerceValue(
  raw: unknown,
  field: ListField,
  selector: string,
  op: FilterOperator,
): CoercedValue {
  const wrongType = (expected: string): never => fail(`Field '${selector}' expects ${expected}.`);
  if (raw === null || raw === undefined) {
    if (op !== '=' && op !== '<>')
      fail(`Operator '${op}' cannot compare field '${selector}' with null.`);
    return null;
  }
  if (typeof raw === 'string' && raw.length > FILTER_LIMITS.maxStringLength) {
    fail(`A filter value is longer than ${FILTER_LIMITS.maxStringLength} characters.`);
  }
  // PostgreSQL text cannot hold NUL; no stored value contains it, so the request is wrong rather than empty.
  if (typeof raw === 'string' && raw.includes('\u0000'))
    fail('A filter value may not contain the NUL character.');
  switch (field.type) {
    case 'string':
      if (typeof raw === 'string') return raw;
      if (typeof raw === 'number' && Number.isFinite(raw)) return String(raw);
      return wrongType('text');
    case 'integer': {
      const value = toNumber(raw);
      if (value === undefined || !Number.isInteger(value) || Math.abs(value) > INT32_MAX) {
        return wrongType('an integer');
      }
      return value;
    }
    case 'number': {
      const value = toNumber(raw);
      return value === undefined ? wrongType('a number') : value;
    }
    case 'boolean':
      if (raw === true || raw === 1 || (typeof raw === 'string' && raw.toLowerCase() === 'true'))
        return 1;
      if (raw === false || raw === 0 || (typeof raw === 'string' && raw.toLowerCase() === 'false'))
        return 0;
      return wrongType('true or false');
    case 'date': {
      if (typeof raw !== 'string' || !DATE_PATTERN.test(raw)) return wrongType('an ISO-8601 date');
      const time = Date.parse(raw);
      if (Number.isNaN(time)) return wrongType('an ISO-8601 date');
      return new Date(time).toISOString();
    }
    case 'uuid': {
      if (typeof raw !== 'string' || !UUID_PATTERN.test(raw)) return wrongType('an id (UUID)');
      const id = raw.toLowerCase();
      return field.nullId !== undefined && id === field.nullId ? null : id;
    }
    case 'object':
      // Nested entities can only be tested for presence; null was handled above.
      return fail(`Field '${selector}' can only be compared with null.`);
  }
}

function toNumber(raw: unknown): number | undefined {
  if (typeof raw === 'number') return Number.isFinite(raw) ? raw : undefined;
  if (typeof raw === 'string' && NUMERIC_PATTERN.test(raw)) {
    const value = Number(raw);
    return Number.isFinite(value) ? value : undefined;
  }
  return undefined;
}

function truncate(text: string): string {
  return text.length > 60 ? `${text.slice(0, 60)}…` : text;
}
