// Test support: a small table with one column of every field type, for the engine's tests.
import { sql, type Kysely } from 'kysely';
import { NIL_ID } from '@portal/contracts';
import type { ListFields } from './list-fields.ts';
import type { Database } from '../../db/schema.ts';
import { dialectTypes, type DialectName } from '../../db/dialect.ts';

export interface ProbeRow {
  id: string;
  name: string;
  code: string | null;
  score: number | null;
  level: number;
  active: 0 | 1;
  due: string | null;
  ref: string | null;
}

export interface ProbeDatabase {
  list_probe: ProbeRow;
}

export const PROBE_REF = {
  one: '6f1c2b7a-0d3e-4c55-9a61-0b5e3c1d2e01',
  two: '6f1c2b7a-0d3e-4c55-9a61-0b5e3c1d2e02',
  three: '6f1c2b7a-0d3e-4c55-9a61-0b5e3c1d2e03',
};

export const probeRows: ProbeRow[] = [
  {
    id: 'p1',
    name: 'Alpha Course',
    code: 'AL-100',
    score: 0.9,
    level: 1,
    active: 1,
    due: '2026-01-10T00:00:00.000Z',
    ref: PROBE_REF.one,
  },
  {
    id: 'p2',
    name: 'beta course',
    code: null,
    score: null,
    level: 2,
    active: 0,
    due: null,
    ref: null,
  },
  {
    id: 'p3',
    name: '100% Sure_Thing',
    code: 'PCT_1',
    score: 0.5,
    level: 3,
    active: 1,
    due: '2026-06-01T12:00:00.000Z',
    ref: PROBE_REF.two,
  },
  {
    id: 'p4',
    name: "O'Brien \\ path",
    code: 'ob\\x',
    score: 0,
    level: 2,
    active: 0,
    due: '2025-12-31T23:59:59.000Z',
    ref: PROBE_REF.one,
  },
  {
    id: 'p5',
    name: 'Élan Über',
    code: 'éu',
    score: 1,
    level: 5,
    active: 1,
    due: '2027-01-01T00:00:00.000Z',
    ref: null,
  },
  {
    id: 'p6',
    name: 'gamma',
    code: 'G',
    score: -1.5,
    level: 4,
    active: 1,
    due: null,
    ref: PROBE_REF.three,
  },
];

/** Field map over the probe table, including a nullable column of each type and an "object" presence field. */
export const probeFields: ListFields = {
  id: { type: 'string', sql: sql.ref('list_probe.id') },
  name: { type: 'string', sql: sql.ref('list_probe.name'), sortable: true },
  code: { type: 'string', sql: sql.ref('list_probe.code'), nullable: true },
  score: { type: 'number', sql: sql.ref('list_probe.score'), nullable: true, sortable: true },
  level: { type: 'integer', sql: sql.ref('list_probe.level'), sortable: true },
  active: { type: 'boolean', sql: sql.ref('list_probe.active') },
  due: { type: 'date', sql: sql.ref('list_probe.due'), nullable: true, sortable: true },
  ref: { type: 'uuid', sql: sql.ref('list_probe.ref'), nullable: true, nullId: NIL_ID },
  owner: { type: 'object', sql: sql.ref('list_probe.ref'), nullable: true },
};

/** Creates and fills `list_probe` in a migrated test database; returns a builder typed for it. */
export async function createProbeTable(
  db: Kysely<Database>,
  dialect: DialectName,
  rows: ProbeRow[] = probeRows,
): Promise<Kysely<ProbeDatabase>> {
  const probe = db.withoutPlugins() as unknown as Kysely<ProbeDatabase>;
  const float = sql.raw(dialectTypes(dialect).float as string);
  await sql`create table list_probe (
    id text primary key, name text not null, code text, score ${float}, level integer not null,
    active integer not null, due text, ref text)`.execute(probe);
  if (rows.length > 0) await probe.insertInto('list_probe').values(rows).execute();
  return probe;
}
