// Filterable and sortable selectors of public/open-catalog/objectives/query (aliases of open-catalog.repository.ts).
import { sql, type SqlBool } from 'kysely';
import { NIL_ID } from '@portal/contracts';
import type { FilterCondition, ListFields } from '../../lib/list-query/list-fields.ts';

const column = (reference: string) => sql.ref(reference);

/** `showcases.id`: membership through the link table; NIL_ID (parsed to null) means "in no showcase". */
function compileShowcaseCondition({ op, value }: FilterCondition) {
  const anyLink = sql<SqlBool>`exists (select 1 from showcase_objectives so where so.objective_id = ${column('o.id')})`;
  const link = sql<SqlBool>`exists (select 1 from showcase_objectives so where so.objective_id = ${column('o.id')} and so.showcase_id = ${value})`;
  if (value === null) return op === '=' ? sql<SqlBool>`not ${anyLink}` : anyLink;
  return op === '=' ? link : sql<SqlBool>`not ${link}`;
}

// Name and code sort case-insensitively, the same on both dialects whatever the database collation
// ("business Spanish" between "Algebra" and "Statistics"); text filters lower-case both sides anyway.
const lowered = (reference: string) => sql`lower(${sql.ref(reference)})`;

export const publicObjectiveFields: ListFields = {
  id: { type: 'uuid', sql: column('o.id') },
  name: { type: 'string', sql: lowered('o.name'), sortable: true },
  code: { type: 'string', sql: lowered('o.code'), nullable: true, sortable: true },
  description: { type: 'string', sql: column('o.description'), nullable: true },
  'showcases.id': {
    type: 'uuid',
    sql: column('o.id'),
    nullId: NIL_ID,
    compile: compileShowcaseCondition,
  },
};

export const publicObjectiveDefaultSort = [{ selector: 'name' }];
