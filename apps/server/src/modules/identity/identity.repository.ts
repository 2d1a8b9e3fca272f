// Tenants, users, roles and permissions: creation used by the seed, the CLI, self-registration and tests.
import type { Kysely } from 'kysely';
import type { Database, UserRow } from '../../db/schema.ts';
import { newId } from '../../lib/ids.ts';

export const LEARNER_PERMISSIONS = [
  'ObjectiveWorkflow.Create',
  'ObjectiveWorkflow.Read',
  'ObjectiveAccess.Read',
  'ObjectiveRecord.Read',
  'Objective.Read',
  'ActivityWorkflow.Create',
  'ActivityWorkflow.Read',
  'ActivityWorkflow.Update',
  'ActivityRecord.Read',
  'TenantSettings.Read',
  'User.Read',
];
export const AUTHOR_PERMISSIONS = [
  'Objective.Read',
  'Objective.Create',
  'Objective.Update',
  'Activity.Create',
  'Activity.Update',
];
export const INSTRUCTOR_PERMISSIONS = [
  'ObjectiveRecord.Read',
  'ActivityRecord.Read',
  'ActivityWorkflow.Update',
  'Announcement.Post',
  'Team.Manage',
];
export const ADMINISTRATOR_PERMISSIONS = [
  'User.Create',
  'User.Update',
  'TenantSettings.Update',
  'Admin.Access',
  'LtiTool.Manage',
  'Certificate.Revoke',
  'Feedback.Export',
  'Analytics.Export',
  'Announcement.Post',
  'Team.Manage',
];

export const DEFAULT_ROLE_PERMISSIONS: Record<string, string[]> = {
  Learner: LEARNER_PERMISSIONS,
  Author: AUTHOR_PERMISSIONS,
  Instructor: INSTRUCTOR_PERMISSIONS,
  Administrator: ADMINISTRATOR_PERMISSIONS,
};

export interface NewTenantInput {
  id?: string;
  name: string;
  domain: string;
  created: string;
  licensedFeatures?: string[];
}

/** Creates a tenant with the four standard roles and their permissions. */
export async function createTenant(
  db: Kysely<Database>,
  input: NewTenantInput,
): Promise<{ id: string; roleIds: Record<string, string> }> {
  const id = input.id ?? newId();
  await db
    .insertInto('tenants')
    .values({ id, name: input.name, domain: input.domain, created: input.created })
    .execute();
  const roleIds: Record<string, string> = {};
  for (const [roleName, permissions] of Object.entries(DEFAULT_ROLE_PERMISSIONS)) {
    const roleId = newId();
    roleIds[roleName] = roleId;
    await db.insertInto('roles').values({ id: roleId, tenantId: id, name: roleName }).execute();
    await db
      .insertInto('rolePermissions')
      .values(permissions.map((name) => ({ id: newId(), roleId, name, scopeId: null })))
      .execute();
  }
  const features = input.licensedFeatures ?? ['LMS'];
  if (features.length > 0) {
    await db
      .insertInto('licensedFeatures')
      .values(features.map((feature) => ({ tenantId: id, feature })))
      .execute();
  }
  return { id, roleIds };
}

export interface NewUserInput {
  id?: string;
  tenantId: string;
  email: string;
  username?: string;
  firstName: string;
  middleName?: string | null;
  lastName: string;
  passwordHash?: string | null;
  timezone?: string | null;
  departmentName?: string | null;
  externalId?: string | null;
  roles: string[];
  created: string;
}

export async function createUser(db: Kysely<Database>, input: NewUserInput): Promise<UserRow> {
  const row = {
    id: input.id ?? newId(),
    tenantId: input.tenantId,
    email: input.email.toLowerCase(),
    username: (input.username ?? input.email).toLowerCase(),
    firstName: input.firstName,
    middleName: input.middleName ?? null,
    lastName: input.lastName,
    timezone: input.timezone ?? null,
    externalId: input.externalId ?? null,
    departmentName: input.departmentName ?? null,
    status: 'Active',
    passwordHash: input.passwordHash ?? null,
    locale: null,
    created: input.created,
  };
  await db.insertInto('users').values(row).execute();
  if (input.roles.length > 0) {
    const roles = await db
      .selectFrom('roles')
      .select(['id', 'name'])
      .where('tenantId', '=', input.tenantId)
      .where('name', 'in', input.roles)
      .execute();
    if (roles.length !== input.roles.length)
      throw new Error(`Unknown role in ${input.roles.join(', ')}`);
    await db
      .insertInto('userRoles')
      .values(roles.map((r) => ({ userId: row.id, roleId: r.id })))
      .execute();
  }
  return row;
}

export async function findUserById(db: Kysely<Database>, id: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findUserByLogin(
  db: Kysely<Database>,
  login: string,
): Promise<UserRow | undefined> {
  const value = login.trim().toLowerCase();
  return db
    .selectFrom('users')
    .selectAll()
    .where((eb) => eb.or([eb('email', '=', value), eb('username', '=', value)]))
    .where('status', '=', 'Active')
    .executeTakeFirst();
}

export async function findRoleNames(db: Kysely<Database>, userId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('userRoles')
    .innerJoin('roles', 'roles.id', 'userRoles.roleId')
    .select('roles.name')
    .where('userRoles.userId', '=', userId)
    .orderBy('roles.name')
    .execute();
  return rows.map((r) => r.name);
}

export async function findPermissions(
  db: Kysely<Database>,
  userId: string,
): Promise<{ name: string; scopeId: string | null }[]> {
  return db
    .selectFrom('userRoles')
    .innerJoin('rolePermissions', 'rolePermissions.roleId', 'userRoles.roleId')
    .select(['rolePermissions.name', 'rolePermissions.scopeId'])
    .where('userRoles.userId', '=', userId)
    .distinct()
    .orderBy('rolePermissions.name')
    .execute();
}

export async function findLicensedFeatures(
  db: Kysely<Database>,
  tenantId: string,
): Promise<string[]> {
  const rows = await db
    .selectFrom('licensedFeatures')
    .select('feature')
    .where('tenantId', '=', tenantId)
    .orderBy('feature')
    .execute();
  return rows.map((r) => r.feature);
}
