// SQL of the profile module: the user's unit memberships and their time zone.
import type { Kysely } from 'kysely';
import type { Database, UserRow } from '../../db/schema.ts';
import { findRoleNames } from '../identity/identity.repository.ts';

export interface UnitMembershipRow {
  unitId: string;
  unitName: string;
  isPrimary: number;
}

export interface ProfileRepository {
  findUser(tenantId: string, userId: string): Promise<UserRow | undefined>;
  findRoleNames(userId: string): Promise<string[]>;
  /** Memberships in units of the user's tenant, the primary one first, then by unit name. */
  findUnitMemberships(tenantId: string, userId: string): Promise<UnitMembershipRow[]>;
  /** Returns false when no such user exists in the tenant. */
  updateTimeZone(tenantId: string, userId: string, timezone: string): Promise<boolean>;
}

export function createProfileRepository(db: Kysely<Database>): ProfileRepository {
  return {
    findUser(tenantId, userId) {
      return db
        .selectFrom('users')
        .selectAll()
        .where('id', '=', userId)
        .where('tenantId', '=', tenantId)
        .executeTakeFirst();
    },

    findRoleNames(userId) {
      return findRoleNames(db, userId);
    },

    findUnitMemberships(tenantId, userId) {
      return db
        .selectFrom('unitMemberships')
        .innerJoin('units', 'units.id', 'unitMemberships.unitId')
        .select(['units.id as unitId', 'units.name as unitName', 'unitMemberships.isPrimary'])
        .where('unitMemberships.userId', '=', userId)
        .where('units.tenantId', '=', tenantId)
        .orderBy('unitMemberships.isPrimary', 'desc')
        .orderBy('units.name')
        .orderBy('units.id')
        .execute();
    },

    async updateTimeZone(tenantId, userId, timezone) {
      const result = await db
        .updateTable('users')
        .set({ timezone })
        .where('id', '=', userId)
        .where('tenantId', '=', tenantId)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
  };
}
