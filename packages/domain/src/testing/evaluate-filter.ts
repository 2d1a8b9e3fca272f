// A tiny evaluator of DevExtreme filter expressions over plain objects, so tests can check what a filter selects.
import type { FilterExpression } from '@portal/contracts';

function read(row: unknown, selector: string): unknown {
  return selector.split('.').reduce<unknown>((value, key) => {
    if (value === null || value === undefined) return null;
    return (value as Record<string, unknown>)[key];
  }, row);
}

function compare(actual: unknown, op: string, expected: unknown): boolean {
  switch (op) {
    case '=':
      return actual === expected;
    case '<>':
      return actual !== expected;
    case 'contains':
      return (
        typeof actual === 'string' &&
        typeof expected === 'string' &&
        actual.toLowerCase().includes(expected.toLowerCase())
      );
    default:
      throw new Error(`operator ${op} not supported by the test evaluator`);
  }
}

const NIL_ID = '00000000-0000-0000-0000-000000000000';

/** Evaluates `[field, op, value]`, `[expr, "and"|"or", expr, …]` against one row. */
export function evaluateFilter(expression: FilterExpression, row: unknown): boolean {
  if (
    typeof expression[0] === 'string' &&
    expression.length === 3 &&
    typeof expression[1] === 'string'
  ) {
    const [selector, op, value] = expression as [string, string, unknown];
    if (!['and', 'or'].includes(op)) {
      // A collection field: any showcase with the id matches; NIL_ID selects rows in none (server semantics).
      if (selector === 'objective.showcases.id') {
        const showcases = (read(row, 'objective.showcases') as { id: string }[] | null) ?? [];
        const matches =
          value === NIL_ID ? showcases.length === 0 : showcases.some((s) => s.id === value);
        return op === '=' ? matches : !matches;
      }
      if (selector === 'termId' && value === NIL_ID) return compare(read(row, 'termId'), op, null);
      return compare(read(row, selector), op, value);
    }
  }
  let result = evaluateFilter(expression[0] as FilterExpression, row);
  for (let index = 1; index < expression.length; index += 2) {
    const operator = expression[index];
    const next = evaluateFilter(expression[index + 1] as FilterExpression, row);
    if (operator === 'and') result = result && next;
    else if (operator === 'or') result = result || next;
    else throw new Error(`unexpected joiner ${String(operator)}`);
  }
  return result;
}
