// Filterable and sortable selectors of the course lists, mapped to the columns of courses.repository.ts.
import { sql, type SqlBool } from 'kysely';
import { NIL_ID } from '@portal/contracts';
import type { FilterCondition, ListFields } from '../../lib/list-query/list-fields.ts';

/** The enrolment list filters and sorts on its read model, learner_courses as `lc` (docs/decisions/0013). */
const column = (reference: string) => sql.ref(reference);

/**
 * `objective.showcases.id` tests membership through the link table; NIL_ID (parsed to null) means
 * "in no collection", so `= NIL_ID` is NOT EXISTS any link and `<> NIL_ID` is EXISTS any link.
 */
function compileShowcaseCondition({ op, value }: FilterCondition) {
  const anyLink = sql<SqlBool>`exists (select 1 from showcase_objectives so where so.objective_id = ${column('lc.objectiveId')})`;
  const link = sql<SqlBool>`exists (select 1 from showcase_objectives so where so.objective_id = ${column('lc.objectiveId')} and so.showcase_id = ${value})`;
  if (value === null) return op === '=' ? sql<SqlBool>`not ${anyLink}` : anyLink;
  return op === '=' ? link : sql<SqlBool>`not ${link}`;
}

// Score, grade and passed are deliberately absent: filtering on them would reveal results that the
// grade reveal policy hides.
export const enrollmentAggregateFields: ListFields = {
  id: { type: 'uuid', sql: column('lc.id') },
  termId: { type: 'uuid', sql: column('lc.termId'), nullable: true, nullId: NIL_ID },
  isMandatory: { type: 'boolean', sql: column('lc.isMandatory') },
  showInCatalog: { type: 'boolean', sql: column('lc.showInCatalog') },
  created: { type: 'date', sql: column('lc.created'), sortable: true },
  dueDate: { type: 'date', sql: column('lc.dueDate'), nullable: true, sortable: true },
  availabilityDate: {
    type: 'date',
    sql: column('lc.availabilityDate'),
    nullable: true,
    sortable: true,
  },
  'objective.id': { type: 'uuid', sql: column('lc.objectiveId') },
  'objective.name': { type: 'string', sql: column('lc.objectiveName'), sortable: true },
  'objective.code': {
    type: 'string',
    sql: column('lc.objectiveCode'),
    nullable: true,
    sortable: true,
  },
  'objective.description': {
    type: 'string',
    sql: column('lc.objectiveDescription'),
    nullable: true,
  },
  'objective.activity.state': { type: 'integer', sql: column('lc.activityState') },
  'objective.activity.type': { type: 'integer', sql: column('lc.activityType') },
  'objective.showcases.id': {
    type: 'uuid',
    sql: column('lc.objectiveId'),
    nullId: NIL_ID,
    compile: compileShowcaseCondition,
  },
  'objectiveWorkflowAggregate.isSelfEnrolled': {
    type: 'boolean',
    sql: column('lc.isSelfEnrolled'),
  },
  'objectiveWorkflowAggregate.lastObjectiveWorkflow': {
    type: 'object',
    sql: column('lc.lastObjectiveWorkflowId'),
    nullable: true,
  },
  'objectiveWorkflowAggregate.lastObjectiveWorkflow.id': {
    type: 'uuid',
    sql: column('lc.lastObjectiveWorkflowId'),
    nullable: true,
  },
  'objectiveWorkflowAggregate.lastObjectiveWorkflow.state': {
    type: 'integer',
    sql: column('lc.workflowState'),
    nullable: true,
  },
  'objectiveWorkflowAggregate.lastObjectiveWorkflow.started': {
    type: 'date',
    sql: column('lc.workflowStarted'),
    nullable: true,
    sortable: true,
  },
  'objectiveWorkflowAggregate.lastObjectiveRecord': {
    type: 'object',
    sql: column('lc.lastObjectiveRecordId'),
    nullable: true,
  },
  'objectiveWorkflowAggregate.lastObjectiveRecord.id': {
    type: 'uuid',
    sql: column('lc.lastObjectiveRecordId'),
    nullable: true,
  },
  'objectiveWorkflowAggregate.lastObjectiveRecord.finished': {
    type: 'date',
    sql: column('lc.recordFinished'),
    nullable: true,
  },
};

export const enrollmentAggregateDefaultSort = [{ selector: 'objective.name' }];

export const gradingScaleFields: ListFields = {
  id: { type: 'uuid', sql: column('gs.id') },
  name: { type: 'string', sql: column('gs.name'), sortable: true },
};

export const gradingScaleDefaultSort = [{ selector: 'name' }];
