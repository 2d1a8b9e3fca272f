// Migration 0019 on a tenant created before it: its Instructor and Administrator roles gain Team.Manage (once),
// existing activities are no team activities, and a learner can be in only one team per course activity.
import { describe, expect, it } from 'vitest';
import { newId } from '../../lib/ids.ts';
import { aCourse, aTenant, aUser } from '../../test/course-builders.ts';
import { migrateToLatest } from '../database.ts';
import { migrationTestDatabase } from '../../test/migration-database.ts';

const database = migrationTestDatabase();

describe('migration 0019', () => {
  it('grants Team.Manage to instructors and administrators and keeps one team per learner and activity', async () => {
    const handle = await database.migratedTo('0017-registration-confirmation');
    const { db } = handle;
    const tenantId = await aTenant(db);
    // The roles as a tenant created before this migration had them.
    await db.deleteFrom('rolePermissions').where('name', '=', 'Team.Manage').execute();
    const objectiveId = await aCourse(db, tenantId).create();
    const learner = await aUser(db, tenantId);

    await migrateToLatest(handle);
    const granted = await db
      .selectFrom('rolePermissions as rp')
      .innerJoin('roles as r', 'r.id', 'rp.roleId')
      .select('r.name')
      .where('rp.name', '=', 'Team.Manage')
      .orderBy('r.name')
      .execute();
    expect(granted.map((row) => row.name)).toEqual(['Administrator', 'Instructor']);

    const { activityId } = await db
      .selectFrom('objectives')
      .select('activityId')
      .where('id', '=', objectiveId)
      .executeTakeFirstOrThrow();
    expect(
      await db
        .selectFrom('activities')
        .select(['teamMode', 'teamMaxSize'])
        .where('id', '=', activityId)
        .executeTakeFirstOrThrow(),
    ).toEqual({ teamMode: 0, teamMaxSize: null });

    const created = '2030-01-01T00:00:00.000Z';
    const team = async (name: string) => {
      const id = newId();
      await db
        .insertInto('teams')
        .values({ id, tenantId, objectiveId, activityId, name, created })
        .execute();
      return id;
    };
    const [first, second] = [await team('A'), await team('B')];
    const join = (teamId: string) =>
      db
        .insertInto('teamMembers')
        .values({ teamId, userId: learner, objectiveId, activityId, joined: created })
        .execute();
    await join(first);
    await expect(join(second)).rejects.toThrow(/UNIQUE/);
    await expect(team('A')).rejects.toThrow(/UNIQUE/);
  });
});
