// Filterable and sortable selectors of the course lists, mapped to the columns of courses.repository.ts.
import { sql, type SqlBool } from 'kysely';
import { NIL_ID } from '@portal/contracts';
import type { FilterCondition, ListFields } from '../../lib/list-query/list-fields.ts';

/** Table aliases used by the enrolment query: oa access, owa aggregate, o objective, a root activity, ow last workflow, r last record. */
const column = (reference: string) => sql.ref(reference);

/**
 * `objective.showcases.id` tests membership through the link table; NIL_ID (parsed to null) means
 * "in no collection", so `= NIL_ID` is NOT EXISTS any link and `<> NIL_ID` is EXISTS any link.
 */
function compileShowcaseCondition({ op, value }: FilterCondition) {
  const anyLink = sql<SqlBool>`exists (select 1 from showcase_objectives so where so.objective_id = ${column('o.id')})`;
  const link = sql<SqlBool>`exists (select 1 from showcase_objectives so where so.objective_id = ${column('o.id')} and so.showcase_id = ${value})`;
  if (value === null) return op === '=' ? sql<SqlBool>`not ${anyLink}` : anyLink;
  return op === '=' ? link : sql<SqlBool>`not ${link}`;
}

// Score, grade and passed are deliberately absent: filtering on them would reveal results that the
// grade reveal policy hides.
export const enrollmentAggregateFields: ListFields = {
  id: { type: 'uuid', sql: column('owa.id') },
  termId: { type: 'uuid', sql: column('oa.termId'), nullable: true, nullId: NIL_ID },
  isMandatory: { type: 'boolean', sql: column('oa.isMandatory') },
  showInCatalog: { type: 'boolean', sql: column('oa.showInCatalog') },
  created: { type: 'date', sql: column('oa.created'), sortable: true },
  dueDate: { type: 'date', sql: column('oa.dueDate'), nullable: true, sortable: true },
  availabilityDate: {
    type: 'date',
    sql: column('oa.availabilityDate'),
    nullable: true,
    sortable: true,
  },
  'objective.id': { type: 'uuid', sql: column('o.id') },
  'objective.name': { type: 'string', sql: column('o.name'), sortable: true },
  'objective.code': { type: 'string', sql: column('o.code'), nullable: true, sortable: true },
  'objective.description': { type: 'string', sql: column('o.description'), nullable: true },
  'objective.activity.state': { type: 'integer', sql: column('a.state') },
  'objective.activity.type': { type: 'integer', sql: column('a.type') },
  'objective.showcases.id': {
    type: 'uuid',
    sql: column('o.id'),
    nullId: NIL_ID,
    compile: compileShowcaseCondition,
  },
  'objectiveWorkflowAggregate.isSelfEnrolled': {
    type: 'boolean',
    sql: column('owa.isSelfEnrolled'),
  },
  'objectiveWorkflowAggregate.lastObjectiveWorkflow': {
    type: 'object',
    sql: column('owa.lastObjectiveWorkflowId'),
    nullable: true,
  },
  'objectiveWorkflowAggregate.lastObjectiveWorkflow.id': {
    type: 'uuid',
    sql: column('ow.id'),
    nullable: true,
  },
  'objectiveWorkflowAggregate.lastObjectiveWorkflow.state': {
    type: 'integer',
    sql: column('ow.state'),
    nullable: true,
  },
  'objectiveWorkflowAggregate.lastObjectiveWorkflow.started': {
    type: 'date',
    sql: column('ow.started'),
    nullable: true,
    sortable: true,
  },
  'objectiveWorkflowAggregate.lastObjectiveRecord': {
    type: 'object',
    sql: column('owa.lastObjectiveRecordId'),
    nullable: true,
  },
  'objectiveWorkflowAggregate.lastObjectiveRecord.id': {
    type: 'uuid',
    sql: column('r.id'),
    nullable: true,
  },
  'objectiveWorkflowAggregate.lastObjectiveRecord.finished': {
    type: 'date',
    sql: column('r.finished'),
    nullable: true,
  },
};

export const enrollmentAggregateDefaultSort = [{ selector: 'objective.name' }];

export const gradingScaleFields: ListFields = {
  id: { type: 'uuid', sql: column('gs.id') },
  name: { type: 'string', sql: column('gs.name'), sortable: true },
};

export const gradingScaleDefaultSort = [{ selector: 'name' }];
