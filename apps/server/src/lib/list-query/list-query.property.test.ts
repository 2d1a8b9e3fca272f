// Property: any filter JSON either runs and returns exactly the rows an in-memory predicate accepts, or is a 400.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { Kysely } from 'kysely';
import { NIL_ID } from '@portal/contracts';
import { createTestDatabase, testDialects, type TestDatabase } from '../../test/test-databases.ts';
import { DomainError } from '../../http/errors.ts';
import { filterCondition, parseLoadOptions } from './load-options.ts';
import type { FilterNode } from './filter-parser.ts';
import type { CoercedValue } from './list-fields.ts';
import {
  createProbeTable,
  probeFields,
  PROBE_REF,
  type ProbeDatabase,
  type ProbeRow,
} from './list-query.probe.ts';

// Characters that are special to SQL, LIKE or JSON, plus non-ASCII letters whose case folds alike in JS and SQL.
const hostileChars = [
  'a',
  'B',
  'c',
  ' ',
  '%',
  '_',
  '\\',
  "'",
  '"',
  ';',
  '-',
  '(',
  ')',
  '*',
  'é',
  'É',
  'ü',
  'Ü',
  'ß',
  '日',
  '😀',
  '\n',
  '\u0000',
];
const hostileString = fc.oneof(
  fc.string({ unit: fc.constantFrom(...hostileChars), maxLength: 12 }),
  fc.constantFrom(
    "'); drop table list_probe;--",
    '%',
    '_',
    '\\',
    '\\%',
    'COURSE',
    'ob\\x',
    '100%',
    'Élan',
    "O'Brien",
    'x'.repeat(501),
  ),
);
const hostileValue = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.integer({ min: -10, max: 10 }),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.constantFrom(1e308, -1e308, 2 ** 53 + 1, 2147483648, 0.5, -0),
  hostileString,
  fc.constantFrom(
    '3',
    '0.5',
    '1e999',
    'true',
    'FALSE',
    PROBE_REF.one,
    PROBE_REF.two.toUpperCase(),
    NIL_ID,
  ),
  fc.constantFrom(
    '2026-01-10T00:00:00.000Z',
    '2026-01-01',
    '2025-12-31T23:59:59Z',
    '2026-06-01T13:00:00+01:00',
    '9999-12-31',
    '2026-13-45',
  ),
);
const selector = fc.constantFrom(
  ...Object.keys(probeFields),
  'nope',
  "name'--",
  '__proto__',
  'constructor',
  '',
);
const operator = fc.constantFrom(
  '=',
  '<>',
  '>',
  '>=',
  '<',
  '<=',
  'startswith',
  'endswith',
  'contains',
  'notcontains',
  'CONTAINS',
  'like',
  'in',
  "'; --",
  '',
);

const validOperators: Record<string, string[]> = {
  string: ['=', '<>', 'startswith', 'endswith', 'contains', 'notcontains'],
  integer: ['=', '<>', '>', '>=', '<', '<='],
  number: ['=', '<>', '>', '>=', '<', '<='],
  date: ['=', '<>', '>', '>=', '<', '<='],
  boolean: ['=', '<>'],
  uuid: ['=', '<>'],
  object: ['=', '<>'],
};
/** Conditions that are well-formed for their field most of the time, so most filters reach the database. */
const typedCondition = fc
  .constantFrom(...Object.entries(probeFields))
  .chain(([name, field]) =>
    fc.tuple(
      fc.constant(name),
      fc.constantFrom(...validOperators[field.type]!),
      fc.oneof({ weight: 3, arbitrary: typedValue(field.type) }, hostileValue),
    ),
  );

function typedValue(type: string): fc.Arbitrary<unknown> {
  switch (type) {
    case 'string':
      return hostileString;
    case 'integer':
      return fc.oneof(fc.integer({ min: -3, max: 6 }), fc.integer().map(String));
    case 'number':
      return fc.oneof(
        fc.double({ noNaN: true, noDefaultInfinity: true }),
        fc.constantFrom(0, 0.5, 0.9, 1, -1.5, 1e300, '0.5'),
      );
    case 'date':
      return fc.oneof(
        fc
          .date({
            min: new Date('2025-01-01T00:00:00Z'),
            max: new Date('2028-01-01T00:00:00Z'),
            noInvalidDate: true,
          })
          .map((d) => d.toISOString()),
        fc.constantFrom('2026-01-10T00:00:00.000Z', '2026-01-10', '2026-01-10T01:00:00+01:00'),
      );
    case 'boolean':
      return fc.constantFrom(true, false, 'true', 'False', 1, 0);
    default:
      return fc.constantFrom(
        PROBE_REF.one,
        PROBE_REF.two.toUpperCase(),
        PROBE_REF.three,
        NIL_ID,
        null,
      );
  }
}

const { expression } = fc.letrec<{ expression: unknown; condition: unknown }>((tie) => ({
  condition: fc.oneof(
    { weight: 8, arbitrary: typedCondition },
    { weight: 2, arbitrary: fc.tuple(selector, operator, hostileValue) },
    { weight: 1, arbitrary: fc.tuple(selector, hostileValue) },
  ),
  expression: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    { weight: 5, arbitrary: tie('condition') },
    {
      weight: 2,
      arbitrary: fc.tuple(
        tie('expression'),
        fc.constantFrom('and', 'or', 'AND', 'xor'),
        tie('expression'),
      ),
    },
    { weight: 1, arbitrary: fc.array(tie('expression'), { minLength: 1, maxLength: 4 }) },
    { weight: 1, arbitrary: fc.tuple(fc.constant('!'), tie('expression')) },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
  ),
}));

/** The meaning of a parsed filter in JavaScript: two-valued logic, NULL fails positive operators. */
function accepts(node: FilterNode, row: ProbeRow): boolean {
  switch (node.kind) {
    case 'and':
      return node.children.every((child) => accepts(child, row));
    case 'or':
      return node.children.some((child) => accepts(child, row));
    case 'not':
      return !accepts(node.child, row);
    case 'condition': {
      const column = (
        node.selector === 'owner' ? row.ref : row[node.selector as keyof ProbeRow]
      ) as string | number | null;
      return compare(column, node.op, node.value, node.field.type === 'string');
    }
  }
}

function compare(
  column: string | number | null,
  op: string,
  value: CoercedValue,
  text: boolean,
): boolean {
  if (value === null) return op === '=' ? column === null : column !== null;
  const negative = op === '<>' || op === 'notcontains';
  if (column === null) return negative;
  const left = text ? String(column).toLowerCase() : column;
  const right = text ? String(value).toLowerCase() : value;
  switch (op) {
    case '=':
      return left === right;
    case '<>':
      return left !== right;
    case '>':
      return left > right;
    case '>=':
      return left >= right;
    case '<':
      return left < right;
    case '<=':
      return left <= right;
    case 'startswith':
      return String(left).startsWith(String(right));
    case 'endswith':
      return String(left).endsWith(String(right));
    case 'contains':
      return String(left).includes(String(right));
    case 'notcontains':
      return !String(left).includes(String(right));
    default:
      throw new Error(`unexpected operator ${op}`);
  }
}

// Rows full of the same hostile characters, so that generated values sometimes match.
const rows: ProbeRow[] = [
  {
    id: 'r1',
    name: 'Alpha COURSE',
    code: 'AL-100',
    score: 0.9,
    level: 1,
    active: 1,
    due: '2026-01-10T00:00:00.000Z',
    ref: PROBE_REF.one,
  },
  {
    id: 'r2',
    name: 'beta course',
    code: null,
    score: null,
    level: 2,
    active: 0,
    due: null,
    ref: null,
  },
  {
    id: 'r3',
    name: '100% Sure_Thing',
    code: 'PCT_1',
    score: 0.5,
    level: 3,
    active: 1,
    due: '2026-06-01T12:00:00.000Z',
    ref: PROBE_REF.two,
  },
  {
    id: 'r4',
    name: "O'Brien \\ path",
    code: 'ob\\x',
    score: 0,
    level: -2,
    active: 0,
    due: '2025-12-31T23:59:59.000Z',
    ref: PROBE_REF.one,
  },
  {
    id: 'r5',
    name: 'Élan Über straße 日本',
    code: 'éu',
    score: 1e300,
    level: 5,
    active: 1,
    due: '2027-01-01T00:00:00.000Z',
    ref: null,
  },
  {
    id: 'r6',
    name: "'); drop table list_probe;--",
    code: '%_\\',
    score: -1.5,
    level: 4,
    active: 1,
    due: null,
    ref: PROBE_REF.three,
  },
  {
    id: 'r7',
    name: 'a"b;c*(d)😀',
    code: '',
    score: -0,
    level: 0,
    active: 0,
    due: '9999-12-31T00:00:00.000Z',
    ref: NIL_ID,
  },
];

describe.each(await testDialects())('filters of any shape on %s', (dialect) => {
  let database: TestDatabase;
  let db: Kysely<ProbeDatabase>;

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    db = await createProbeTable(database.db, dialect, rows);
  });
  afterAll(async () => {
    await database.dispose();
  });

  it('either returns exactly the rows the in-memory predicate accepts, or is rejected as a 400', async () => {
    let compiled = 0;
    await fc.assert(
      fc.asyncProperty(expression, async (filter) => {
        let options;
        try {
          options = parseLoadOptions(
            { filter: JSON.stringify(filter) },
            { fields: probeFields, defaultSort: [] },
          );
        } catch (error) {
          expect(error).toBeInstanceOf(DomainError);
          expect((error as DomainError).status).toBe(400);
          expect((error as DomainError).code).toBe('invalid_query');
          return;
        }
        compiled += 1;
        const condition = filterCondition(options);
        let query = db.selectFrom('list_probe').select('id');
        if (condition) query = query.where(condition);
        const found = (await query.orderBy('id').execute()).map((row) => row.id);
        const expected = rows
          .filter((row) => !options.filter || accepts(options.filter, row))
          .map((row) => row.id);
        expect(found).toEqual(expected);
      }),
      { numRuns: 400 },
    );
    // The generator must exercise the SQL path, not only the rejections.
    expect(compiled).toBeGreaterThan(100);
    const count = await db.selectFrom('list_probe').select('id').execute();
    expect(count).toHaveLength(rows.length);
  });
});
