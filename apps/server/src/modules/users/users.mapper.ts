// Rows of the identity tables to the platform API's snake_case shapes (contracts/users.ts).
import { isLocale, type CurrentUser, type PermissionEntry } from '@portal/contracts';
import type { UserRow } from '../../db/schema.ts';

export function fullName(user: Pick<UserRow, 'firstName' | 'middleName' | 'lastName'>): string {
  return [user.firstName, user.middleName, user.lastName]
    .filter((part) => part && part.trim())
    .join(' ');
}

export function toCurrentUser(user: UserRow, roles: string[]): CurrentUser {
  return {
    id: user.id,
    email: user.email,
    username: user.username,
    first_name: user.firstName,
    middle_name: user.middleName,
    last_name: user.lastName,
    name: fullName(user),
    timezone: user.timezone,
    tenant_id: user.tenantId,
    department_name: user.departmentName,
    external_id: user.externalId,
    roles,
    locale: isLocale(user.locale) ? user.locale : null,
  };
}

export function toPermissionEntry(row: { name: string; scopeId: string | null }): PermissionEntry {
  return { name: row.name, scope_id: row.scopeId };
}
