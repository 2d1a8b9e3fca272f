// Filterable and sortable selectors of the results and activity-record lists (columns of workflows.repository.ts).
import { sql } from 'kysely';
import type { ListFields } from '../../lib/list-query/list-fields.ts';

const column = (reference: string) => sql.ref(reference);

// Score, grade and passed are deliberately absent: filtering on them would reveal hidden results.
export const objectiveRecordFields: ListFields = {
  id: { type: 'uuid', sql: column('r.id') },
  objectiveId: { type: 'uuid', sql: column('r.objectiveId') },
  objectiveWorkflowId: { type: 'uuid', sql: column('r.objectiveWorkflowId'), nullable: true },
  created: { type: 'date', sql: column('r.created'), sortable: true },
  finished: { type: 'date', sql: column('r.finished'), nullable: true, sortable: true },
};

export const objectiveRecordDefaultSort = [{ selector: 'created', desc: true }];

export const activityRecordFields: ListFields = {
  id: { type: 'uuid', sql: column('ar.id') },
  activityWorkflowId: { type: 'uuid', sql: column('ar.activityWorkflowId') },
  activityId: { type: 'uuid', sql: column('ar.activityId') },
  created: { type: 'date', sql: column('ar.created'), sortable: true },
  finished: { type: 'date', sql: column('ar.finished'), nullable: true, sortable: true },
};

export const activityRecordDefaultSort = [{ selector: 'created', desc: true }];
