// Filterable and sortable selectors of the team participants list (columns of teams.repository.ts).
import { sql } from 'kysely';
import type { ListFields } from '../../lib/list-query/list-fields.ts';

const column = (reference: string) => sql.ref(reference);

export const teamParticipantFields: ListFields = {
  id: { type: 'uuid', sql: column('u.id') },
  firstName: { type: 'string', sql: column('u.firstName'), sortable: true },
  middleName: { type: 'string', sql: column('u.middleName'), nullable: true, sortable: true },
  lastName: { type: 'string', sql: column('u.lastName'), sortable: true },
  email: { type: 'string', sql: column('u.email'), sortable: true },
  primaryUnit: { type: 'string', sql: column('pu.name'), nullable: true, sortable: true },
};

export const teamParticipantDefaultSort = [{ selector: 'lastName' }, { selector: 'firstName' }];
