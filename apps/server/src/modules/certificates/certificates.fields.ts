// Filterable and sortable selectors of the certificate list (columns of certificates.repository.ts).
import { sql } from 'kysely';
import type { ListFields } from '../../lib/list-query/list-fields.ts';

const column = (reference: string) => sql.ref(reference);

export const certificateFields: ListFields = {
  id: { type: 'uuid', sql: column('c.id') },
  certificateNumber: { type: 'string', sql: column('c.certificateNumber') },
  objectiveId: { type: 'uuid', sql: column('c.objectiveId') },
  userId: { type: 'uuid', sql: column('c.userId') },
  created: { type: 'date', sql: column('c.created'), sortable: true },
  expirationDate: { type: 'date', sql: column('c.expirationDate'), nullable: true, sortable: true },
};

export const certificateDefaultSort = [{ selector: 'created', desc: true }];
