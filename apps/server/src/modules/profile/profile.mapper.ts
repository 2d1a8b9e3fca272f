// Turns unit-membership rows into the platform API's snake_case contract shape.
import type { UnitMembership } from '@portal/contracts';
import type { UnitMembershipRow } from './profile.repository.ts';

export function toUnitMembership(row: UnitMembershipRow): UnitMembership {
  return { is_primary: row.isPrimary === 1, unit: { id: row.unitId, name: row.unitName } };
}
