// The teams CLI against a real database of each dialect (docs/decisions/0029): an instructor forms a team and
// grades it from a shell; every member's activity workflow takes the grade. A learner may not act.
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { teamWithMembersSchema } from '@portal/contracts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { testDialects } from '../../test/test-databases.ts';
import { signInAs } from '../../test/sign-in.ts';
import { aCourseTree, anEnrolment, aTenant, aUser } from '../../test/course-builders.ts';
import { runCommand } from '../catalog/catalog-commands.fixture.ts';

const root = resolve(import.meta.dirname, '../../../../..');
const run = promisify(execFile);

describe.each(await testDialects())('teams CLI on %s', (dialect) => {
  let testApp: TestApp;
  let env: NodeJS.ProcessEnv;
  let tenantDomain: string;
  let tenantId: string;

  beforeAll(async () => {
    testApp = await createTestApp(dialect);
    const { db } = testApp.ctx;
    if (dialect === 'postgres') {
      env = { ...process.env, DATABASE_URL: testApp.testDatabase.url! };
    } else {
      const { rows } = await sql<{ file: string }>`pragma database_list`.execute(db);
      env = { ...process.env, DATABASE_URL: '', SQLITE_FILE: rows[0]!.file };
    }
    tenantId = await aTenant(db);
    tenantDomain = (
      await db
        .selectFrom('tenants')
        .select('domain')
        .where('id', '=', tenantId)
        .executeTakeFirstOrThrow()
    ).domain;
  });
  afterAll(async () => {
    await testApp?.close();
  });

  const cli = (...args: string[]) =>
    run(
      resolve(root, 'node_modules/.bin/tsx'),
      ['apps/server/src/modules/teams/teams-cli.ts', ...args, '--tenant-domain', tenantDomain],
      { cwd: root, env },
    );

  it('forms a team and grades it for every member; a learner may not', async () => {
    const { db } = testApp.ctx;
    const course = await aCourseTree(db, tenantId, 'CLI course', [{ name: 'Report' }]);
    const activityId = course.parts.Report!.activityId;
    await db
      .updateTable('activities')
      .set({ teamMode: 1, maxScore: 10 })
      .where('id', '=', activityId)
      .execute();
    const instructor = await aUser(db, tenantId, ['Instructor']);
    const instructorEmail = (
      await db
        .selectFrom('users')
        .select('email')
        .where('id', '=', instructor)
        .executeTakeFirstOrThrow()
    ).email;
    const members: { email: string; workflowId: string }[] = [];
    for (let i = 0; i < 2; i += 1) {
      const id = await aUser(db, tenantId);
      const { aggregateId } = await anEnrolment(db, {
        tenantId,
        userId: id,
        objectiveId: course.objectiveId,
      })
        .mandatory()
        .create();
      const cookie = await signInAs(testApp, id);
      const attempt = await runCommand(testApp, 'start-objective-workflows', cookie, {
        id: randomUUID(),
        objectiveWorkflowAggregateId: aggregateId,
      });
      await runCommand(testApp, 'start-activity-workflows', cookie, {
        id: randomUUID(),
        objectiveWorkflowId: attempt.entityId,
        activityPartIds: [course.parts.Report!.partId],
      });
      const { email } = await db
        .selectFrom('users')
        .select('email')
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      members.push({ email, workflowId: attempt.entityId! });
    }

    const created = teamWithMembersSchema.parse(
      JSON.parse(
        (
          await cli(
            'create',
            '--course',
            course.objectiveId,
            '--activity',
            'Report',
            '--name',
            'Shell team',
            '--as',
            instructorEmail,
          )
        ).stdout,
      ),
    );
    for (const { email } of members) await cli('add', '--team', created.id, '--user', email);
    await expect(
      cli('grade', '--team', created.id, '--score', '7', '--as', members[0]!.email),
    ).rejects.toMatchObject({ stderr: expect.stringContaining('may not manage teams') });
    const graded = JSON.parse(
      (await cli('grade', '--team', created.id, '--score', '7', '--feedback', 'Good work.')).stdout,
    ) as { memberCount: number; groupActivityWorkflow: { score: number; feedback: string } };
    expect(graded).toMatchObject({
      memberCount: 2,
      groupActivityWorkflow: { score: 7, feedback: 'Good work.' },
    });
    for (const { workflowId } of members) {
      const row = await db
        .selectFrom('activityWorkflows as aw')
        .innerJoin('activityRecords as ar', 'ar.id', 'aw.activityRecordId')
        .select(['aw.state', 'ar.normalizedScore'])
        .where('aw.objectiveWorkflowId', '=', workflowId)
        .where('aw.activityId', '=', activityId)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ state: 6, normalizedScore: 0.7 });
    }
  }, 60_000);
});
