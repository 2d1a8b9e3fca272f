// `npm run teams -w apps/server -- <command> …` (docs/decisions/0029): forms the teams of a course's team
// activity and grades them from a shell, through the same service and rules as the API (the acting user must
// hold Team.Manage for the course). Without --as, the tenant's first administrator acts.
//   list   --course <id or code> --activity <activity id or name>
//   create --course <id or code> --activity <activity id or name> --name <team name>
//   add    --team <team id> --user <e-mail>
//   remove --team <team id> --user <e-mail>
//   grade  --team <team id> --score <number> [--feedback <text>]
import { parseArgs } from 'node:util';
import { gradeTeamSchema, Permission } from '@portal/contracts';
import { loadConfig } from '../../config.ts';
import { createDatabase, migrateToLatest } from '../../db/database.ts';
import { DomainError } from '../../http/errors.ts';
import { systemClock } from '../../lib/clock.ts';
import { findCliActor, findCliCourse, findCliTenant } from '../../lib/cli-tenant.ts';
import { createTeamsService } from './teams.service.ts';

const USAGE = `Usage:
  teams list   --course <course id or code> --activity <activity id or name>
  teams create --course <course id or code> --activity <activity id or name> --name <team name>
  teams add    --team <team id> --user <e-mail>
  teams remove --team <team id> --user <e-mail>
  teams grade  --team <team id> --score <number> [--feedback <text>]
Options: [--as <e-mail>] [--tenant-domain <domain>]`;

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: {
    course: { type: 'string' },
    activity: { type: 'string' },
    name: { type: 'string' },
    team: { type: 'string' },
    user: { type: 'string' },
    score: { type: 'string' },
    feedback: { type: 'string' },
    as: { type: 'string' },
    'tenant-domain': { type: 'string' },
  },
});

function fail(message: string): never {
  console.error(`${message}\n\n${USAGE}`);
  process.exit(1);
}

const command = positionals[0];
if (!['list', 'create', 'add', 'remove', 'grade'].includes(command ?? '')) fail('Unknown command.');

const config = loadConfig();
const database = createDatabase(config.database);
try {
  await migrateToLatest(database);
  const { db } = database;
  const tenant = await findCliTenant(db, values['tenant-domain']);
  if (!tenant) fail('No such tenant (start the server or run the seed first).');
  const actor = await findCliActor(db, tenant.id, Permission.teamManage, values.as);
  if (!actor)
    fail(values.as ? `${values.as} may not manage teams.` : 'No administrator to act as.');
  const principal = { tenantId: tenant.id, userId: actor.id, sessionId: 'cli' };
  const service = createTeamsService({ db, dialect: database.dialect, clock: systemClock });

  async function courseActivity() {
    if (!values.course || !values.activity) fail(`${command} needs --course and --activity.`);
    const course = await findCliCourse(db, tenant!.id, values.course);
    if (!course) fail(`No course ${values.course} in this tenant.`);
    const activity = await db
      .selectFrom('activities')
      .select('id')
      .where('tenantId', '=', tenant!.id)
      .where('teamMode', '>', 0)
      .where((eb) =>
        eb.or([eb('id', '=', values.activity!.toLowerCase()), eb('name', '=', values.activity!)]),
      )
      .orderBy('id')
      .execute();
    if (activity.length !== 1) fail(`No single team activity ${values.activity}.`);
    return { objectiveId: course.id, activityId: activity[0]!.id };
  }

  async function userByEmail(): Promise<string> {
    if (!values.user) fail(`${command} needs --user.`);
    const user = await db
      .selectFrom('users')
      .select('id')
      .where('tenantId', '=', tenant!.id)
      .where('email', '=', values.user.trim().toLowerCase())
      .executeTakeFirst();
    if (!user) fail(`No user ${values.user} in this tenant.`);
    return user.id;
  }

  const team = () => values.team ?? fail(`${command} needs --team.`);

  try {
    let result: unknown;
    if (command === 'list') {
      const { objectiveId, activityId } = await courseActivity();
      result = await service.listTeams(principal, objectiveId, activityId);
    } else if (command === 'create') {
      if (!values.name) fail('create needs --name.');
      const { objectiveId, activityId } = await courseActivity();
      result = await service.createTeam(principal, objectiveId, activityId, values.name.trim());
    } else if (command === 'add') {
      result = await service.addMember(principal, team(), await userByEmail());
    } else if (command === 'remove') {
      await service.removeMember(principal, team(), await userByEmail());
      result = { removed: true };
    } else {
      const parsed = gradeTeamSchema.safeParse({
        score: Number(values.score),
        feedback: values.feedback ?? null,
      });
      if (values.score === undefined || !parsed.success) fail('grade needs a --score number ≥ 0.');
      result = await service.gradeTeam(principal, team(), parsed.data);
    }
    process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
  } catch (error) {
    if (error instanceof DomainError) fail(error.message);
    throw error;
  }
} finally {
  await database.close();
}
