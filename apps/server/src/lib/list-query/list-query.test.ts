// The list-query engine on a real database of every dialect: parsing, each operator per type, errors, order.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type Kysely } from 'kysely';
import { MAX_FILTER_TEXT_LENGTH, NIL_ID } from '@portal/contracts';
import { createTestDatabase, testDialects, type TestDatabase } from '../../test/test-databases.ts';
import { DomainError } from '../../http/errors.ts';
import {
  applySort,
  filterCondition,
  parseLoadOptions,
  projectItems,
  type LoadOptions,
} from './load-options.ts';
import { FILTER_LIMITS } from './filter-parser.ts';
import {
  createProbeTable,
  probeFields,
  probeRows,
  type ProbeDatabase,
  PROBE_REF,
} from './list-query.probe.ts';

const defaultSort = [{ selector: 'name' }];

function parse(query: Record<string, string>): LoadOptions {
  return parseLoadOptions(query, { fields: probeFields, defaultSort });
}

function parseFilterOf(filter: unknown): LoadOptions {
  return parse({ filter: JSON.stringify(filter) });
}

function rejection(query: Record<string, string>): {
  status: number;
  code: string;
  errors: Record<string, string[]>;
} {
  try {
    parse(query);
  } catch (error) {
    if (error instanceof DomainError)
      return { status: error.status, code: error.code, errors: error.errors ?? {} };
    throw error;
  }
  throw new Error('expected the query to be rejected');
}

describe('parseLoadOptions', () => {
  it('applies defaults: skip 0, take 100, default sort, no total count', () => {
    const options = parse({});
    expect(options).toMatchObject({
      skip: 0,
      take: 100,
      requireTotalCount: false,
      filter: undefined,
    });
    expect(options.sort.map((s) => [s.selector, s.desc])).toEqual([['name', false]]);
  });

  it('accepts requireTotalCount as true, True and false', () => {
    expect(parse({ requireTotalCount: 'true' }).requireTotalCount).toBe(true);
    expect(parse({ requireTotalCount: 'True' }).requireTotalCount).toBe(true);
    expect(parse({ requireTotalCount: 'false' }).requireTotalCount).toBe(false);
  });

  it('accepts sort as an array or a single object', () => {
    expect(
      parse({ sort: '[{"selector":"level","desc":true},{"selector":"name"}]' }).sort.map((s) => [
        s.selector,
        s.desc,
      ]),
    ).toEqual([
      ['level', true],
      ['name', false],
    ]);
    expect(
      parse({ sort: '{"selector":"level","desc":false}' }).sort.map((s) => s.selector),
    ).toEqual(['level']);
  });

  it('accepts select of known fields', () => {
    expect(parse({ select: '["level"]' }).select).toEqual(['level']);
  });

  it.each([
    [{ take: '1001' }, 'take'],
    [{ take: '-1' }, 'take'],
    [{ skip: '1.5' }, 'skip'],
    [{ skip: 'abc' }, 'skip'],
    [{ requireTotalCount: 'yes' }, 'requireTotalCount'],
    [{ sort: '[{"selector":"nope"}]' }, 'sort'],
    [{ sort: '[{"selector":"code"}]' }, 'sort'],
    [{ sort: '[{"selector":"name","desc":"yes"}]' }, 'sort'],
    [{ sort: '[{"selector":"name","extra":1}]' }, 'sort'],
    [{ sort: 'not json' }, 'sort'],
    [{ filter: '["name","=",' }, 'filter'],
    [{ filter: '{"name":"x"}' }, 'filter'],
    [{ select: '["nope"]' }, 'select'],
    [{ select: '"name"' }, 'select'],
    [{ group: '[]' }, 'group'],
  ])('rejects %j with a 400 naming %s', (query, param) => {
    const result = rejection(query as Record<string, string>);
    expect(result.status).toBe(400);
    expect(result.code).toBe('invalid_query');
    expect(Object.keys(result.errors)).toEqual([param]);
  });

  it.each([
    [['nope', '=', 1], /Unknown filter field 'nope'/],
    [['name', 'like', 'x'], /Unknown operator 'like'/],
    [['level', '=', 'abc'], /expects an integer/],
    [['level', '=', 2.5], /expects an integer/],
    [['level', '=', 1e12], /expects an integer/],
    [['score', '>', 'high'], /expects a number/],
    [['active', '=', 'yes'], /expects true or false/],
    [['due', '>', 'tomorrow'], /expects an ISO-8601 date/],
    [['due', '>', '12026-01-01'], /expects an ISO-8601 date/],
    [['ref', '=', 'not-a-uuid'], /expects an id/],
    [['name', '=', true], /expects text/],
    [['name', '>', 'a'], /not supported/],
    [['level', 'contains', '1'], /not supported/],
    [['active', '>', true], /not supported/],
    [['name', 'contains', null], /cannot compare field 'name' with null/],
    [['owner', '=', 'x'], /can only be compared with null/],
    [[['level', '=', 1], 'and', ['level', '=', 2], 'or', ['level', '=', 3]], /cannot be mixed/],
    [[['level', '=', 1], 'xor', ['level', '=', 2]], /Unknown group operator/],
    [[['level', '=', 1], 'and'], /must not end/],
    [['and', ['level', '=', 1]], /Unknown filter field 'and'/],
    [['!', ['level', '=', 1], ['level', '=', 2]], /negation/],
    [[['level', '=', 1], 42], /only expressions/],
    [[[]], /empty expression/],
    [[1, 2, 3], /must start with/],
    [['name', '=', 'x'.repeat(FILTER_LIMITS.maxStringLength + 1)], /longer than/],
    [['name', '=', 'a', 'b'], /form \[field, operator, value\]/],
  ])('rejects the filter %j', (filter, message) => {
    expect(() => parseFilterOf(filter)).toThrowError(message);
  });

  it('rejects a filter nested deeper than the limit and accepts one at the limit', () => {
    let atLimit: unknown = ['level', '=', 1];
    for (let depth = 1; depth < FILTER_LIMITS.maxDepth; depth += 1) atLimit = ['!', atLimit];
    expect(() => parseFilterOf(atLimit)).not.toThrow();
    expect(() => parseFilterOf(['!', atLimit])).toThrowError(/deeper than 8/);
  });

  it('accepts text values as long as the shared limit the search boxes keep to, and no longer', () => {
    const search = (length: number) => ['name', 'contains', 'x'.repeat(length)];
    expect(() => parseFilterOf(search(MAX_FILTER_TEXT_LENGTH))).not.toThrow();
    expect(() => parseFilterOf(search(MAX_FILTER_TEXT_LENGTH + 1))).toThrowError(/longer than/);
  });

  it('rejects more than 64 conditions', () => {
    const conditions = (n: number) => Array.from({ length: n }, () => ['level', '=', 1]);
    expect(() => parseFilterOf(conditions(FILTER_LIMITS.maxConditions))).not.toThrow();
    expect(() => parseFilterOf(conditions(FILTER_LIMITS.maxConditions + 1))).toThrowError(
      /more than 64 conditions/,
    );
  });

  it('projects selected dotted paths', () => {
    expect(projectItems([{ a: 1, b: { c: 2, d: 3 } }], ['b.c'])).toEqual([{ b: { c: 2 } }]);
  });
});

describe.each(await testDialects())('list-query engine on %s', (dialect) => {
  let database: TestDatabase;
  let db: Kysely<ProbeDatabase>;

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    db = await createProbeTable(database.db, dialect);
  });
  afterAll(async () => {
    await database.dispose();
  });

  async function ids(filter: unknown): Promise<string[]> {
    const condition = filterCondition(parseFilterOf(filter));
    let query = db.selectFrom('list_probe').select('id');
    if (condition) query = query.where(condition);
    const rows = await query.orderBy('id').execute();
    return rows.map((row) => row.id);
  }

  it.each([
    // text: case-insensitive, LIKE wildcards and quotes are literal, NULL never matches a positive operator
    [['name', '=', 'ALPHA COURSE'], ['p1']],
    [
      ['code', '<>', 'g'],
      ['p1', 'p2', 'p3', 'p4', 'p5'],
    ],
    [
      ['name', 'contains', 'COURSE'],
      ['p1', 'p2'],
    ],
    [['name', 'contains', '%'], ['p3']],
    [['name', 'contains', '_'], ['p3']],
    [['name', 'contains', '\\'], ['p4']],
    [['name', 'contains', "'"], ['p4']],
    [['name', 'contains', "'); drop table list_probe;--"], []],
    [['name', 'startswith', 'BE'], ['p2']],
    [['name', 'endswith', 'ing'], ['p3']],
    [
      ['name', 'notcontains', 'course'],
      ['p3', 'p4', 'p5', 'p6'],
    ],
    [
      ['code', 'notcontains', '1'],
      ['p2', 'p4', 'p5', 'p6'],
    ],
    [
      ['code', 'contains', '1'],
      ['p1', 'p3'],
    ],
    [['name', 'contains', 'élan'], ['p5']],
    [['name', 'contains', 'ÜBER'], ['p5']],
    [['code', 'contains', 123], []],
    // integer, with numeric strings coerced
    [
      ['level', '=', 2],
      ['p2', 'p4'],
    ],
    [['level', '=', '3'], ['p3']],
    [
      ['level', '<>', 2],
      ['p1', 'p3', 'p5', 'p6'],
    ],
    [
      ['level', '>', 2],
      ['p3', 'p5', 'p6'],
    ],
    [
      ['level', '>=', 4],
      ['p5', 'p6'],
    ],
    [['level', '<', 2], ['p1']],
    [
      ['level', '<=', '2'],
      ['p1', 'p2', 'p4'],
    ],
    // floating point, nullable
    [
      ['score', '>=', 0.5],
      ['p1', 'p3', 'p5'],
    ],
    [['score', '<', 0], ['p6']],
    [
      ['score', '<>', 0.5],
      ['p1', 'p2', 'p4', 'p5', 'p6'],
    ],
    [['score', '=', null], ['p2']],
    [
      ['score', '<>', null],
      ['p1', 'p3', 'p4', 'p5', 'p6'],
    ],
    [['score', '>', '1e308'], []],
    // booleans stored as flags
    [
      ['active', '=', true],
      ['p1', 'p3', 'p5', 'p6'],
    ],
    [
      ['active', '=', 'false'],
      ['p2', 'p4'],
    ],
    [
      ['active', '<>', 'TRUE'],
      ['p2', 'p4'],
    ],
    // dates, in any ISO form
    [
      ['due', '>', '2026-01-01'],
      ['p1', 'p3', 'p5'],
    ],
    [['due', '<', '2026-01-10T00:00:00Z'], ['p4']],
    [['due', '=', '2026-01-10T01:00:00+01:00'], ['p1']],
    [
      ['due', '<>', '2026-01-10T00:00:00.000Z'],
      ['p2', 'p3', 'p4', 'p5', 'p6'],
    ],
    // ids, with the nil id meaning "none"
    [
      ['ref', '=', PROBE_REF.one.toUpperCase()],
      ['p1', 'p4'],
    ],
    [
      ['ref', '=', NIL_ID],
      ['p2', 'p5'],
    ],
    [
      ['ref', '<>', NIL_ID],
      ['p1', 'p3', 'p4', 'p6'],
    ],
    [
      ['ref', '<>', PROBE_REF.one],
      ['p2', 'p3', 'p5', 'p6'],
    ],
    // presence of a nested entity
    [
      ['owner', '=', null],
      ['p2', 'p5'],
    ],
    [
      ['owner', '<>', null],
      ['p1', 'p3', 'p4', 'p6'],
    ],
    // combinators, implicit and, negation (two-valued even over NULLs), short form
    [
      [['level', '>', 1], 'and', ['active', '=', true]],
      ['p3', 'p5', 'p6'],
    ],
    [
      [['level', '=', 1], 'or', ['level', '=', 5], 'or', ['code', '=', 'g']],
      ['p1', 'p5', 'p6'],
    ],
    [
      [
        ['level', '>', 1],
        ['active', '=', true],
      ],
      ['p3', 'p5', 'p6'],
    ],
    [
      [['level', '>', 1], 'AND', [['name', 'contains', 'a'], 'or', ['score', '=', null]]],
      ['p2', 'p4', 'p5', 'p6'],
    ],
    [
      ['!', ['score', '>', 0]],
      ['p2', 'p4', 'p6'],
    ],
    [
      ['!', ['code', 'contains', '1']],
      ['p2', 'p4', 'p5', 'p6'],
    ],
    [
      ['!', ['!', ['level', '=', 2]]],
      ['p2', 'p4'],
    ],
    [
      ['level', 2],
      ['p2', 'p4'],
    ],
    [[], ['p1', 'p2', 'p3', 'p4', 'p5', 'p6']],
  ])('%j matches %j', async (filter, expected) => {
    expect(await ids(filter)).toEqual(expected);
  });

  it('sorts with NULLs last in both directions and breaks ties by id', async () => {
    const order = async (sort: string) => {
      const options = parse({ sort });
      const rows = await applySort(
        db.selectFrom('list_probe').select('id'),
        options.sort,
        sql.ref('list_probe.id'),
      ).execute();
      return rows.map((row) => row.id);
    };
    expect(await order('[{"selector":"score"}]')).toEqual(['p6', 'p4', 'p3', 'p1', 'p5', 'p2']);
    expect(await order('[{"selector":"score","desc":true}]')).toEqual([
      'p5',
      'p1',
      'p3',
      'p4',
      'p6',
      'p2',
    ]);
    expect(await order('[{"selector":"level"}]')).toEqual(['p1', 'p2', 'p4', 'p3', 'p6', 'p5']);
  });

  it('leaves the table intact after hostile input', async () => {
    await ids(['name', 'contains', "x'); delete from list_probe; --"]);
    const count = await db
      .selectFrom('list_probe')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(probeRows.length);
  });
});
