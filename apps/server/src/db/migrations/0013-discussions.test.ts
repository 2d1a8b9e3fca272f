// Migration 0013 on a database with an announcement channel: the channel stays, and the new unique indexes allow
// one announcement and one discussion channel per course but one direct channel per learner of the course.
import { describe, expect, it } from 'vitest';
import { newId } from '../../lib/ids.ts';
import { aCourse, aTenant, aUser } from '../../test/course-builders.ts';
import { migrateToLatest } from '../database.ts';
import { migrationTestDatabase } from '../../test/migration-database.ts';

const database = migrationTestDatabase();

describe('migration 0013', () => {
  it('keeps announcement channels and allows one direct channel per learner and course', async () => {
    const handle = await database.migratedTo('0012-announcements');
    const { db } = handle;
    const tenantId = await aTenant(db);
    const objectiveId = await aCourse(db, tenantId).create();
    const [ada, alan] = [await aUser(db, tenantId), await aUser(db, tenantId)];
    const created = '2030-01-01T00:00:00.000Z';
    const announcement = newId();
    await db
      .insertInto('channels')
      .values({ id: announcement, tenantId, kind: 'announcement', objectiveId, created })
      .execute();

    await migrateToLatest(handle);
    expect(await db.selectFrom('channels').select(['id', 'kind', 'learnerId']).execute()).toEqual([
      { id: announcement, kind: 'announcement', learnerId: null },
    ]);
    const insert = (kind: 'announcement' | 'discussion' | 'direct', learnerId: string | null) =>
      db
        .insertInto('channels')
        .values({ id: newId(), tenantId, kind, objectiveId, learnerId, created })
        .execute();
    await insert('discussion', null);
    await insert('direct', ada);
    await insert('direct', alan);
    await expect(insert('announcement', null)).rejects.toThrow(/UNIQUE/);
    await expect(insert('discussion', null)).rejects.toThrow(/UNIQUE/);
    await expect(insert('direct', ada)).rejects.toThrow(/UNIQUE/);
  });
});
