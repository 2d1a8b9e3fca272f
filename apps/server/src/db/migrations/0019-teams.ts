// Team (collaborative) activities (docs/decisions/0029): an activity may be a team activity (team_mode 1: the
// instructor forms the teams, 2: learners may also join one, up to team_max_size), the teams of a course's
// activity with their members (a learner is in at most one team per course and activity), and the team's
// shared workflow: one written submission and one grade for every member.
import type { Kysely } from 'kysely';
import { newId } from '../../lib/ids.ts';
import { dialectTypes, type DialectName } from '../dialect.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations predate the typed schema
type AnyDb = Kysely<any>;

export function teamsMigration(dialect: DialectName) {
  const { float } = dialectTypes(dialect);
  return {
    async up(db: AnyDb): Promise<void> {
      await db.schema
        .alterTable('activities')
        .addColumn('team_mode', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.alterTable('activities').addColumn('team_max_size', 'integer').execute();

      await db.schema
        .createTable('teams')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
        .addColumn('objective_id', 'text', (c) => c.notNull().references('objectives.id'))
        .addColumn('activity_id', 'text', (c) => c.notNull().references('activities.id'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('created', 'text', (c) => c.notNull())
        .addUniqueConstraint('teams_objective_activity_name', [
          'objective_id',
          'activity_id',
          'name',
        ])
        .execute();

      await db.schema
        .createTable('team_members')
        .addColumn('team_id', 'text', (c) => c.notNull().references('teams.id'))
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
        // Copied from the team, so the database itself keeps a learner in one team per course activity.
        .addColumn('objective_id', 'text', (c) => c.notNull())
        .addColumn('activity_id', 'text', (c) => c.notNull())
        .addColumn('joined', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('team_members_pk', ['team_id', 'user_id'])
        .addUniqueConstraint('team_members_one_team', ['objective_id', 'activity_id', 'user_id'])
        .execute();

      await db.schema
        .createTable('group_activity_workflows')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
        .addColumn('team_id', 'text', (c) => c.notNull().unique().references('teams.id'))
        .addColumn('activity_id', 'text', (c) => c.notNull().references('activities.id'))
        // 1 inProgress, 2 submitted, 6 finished (graded), as the activity workflow states.
        .addColumn('state', 'integer', (c) => c.notNull())
        .addColumn('submission', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('last_edited_by', 'text', (c) => c.references('users.id'))
        .addColumn('last_edited', 'text')
        .addColumn('submitted_by', 'text', (c) => c.references('users.id'))
        .addColumn('submitted', 'text')
        .addColumn('score', float)
        .addColumn('max_score', float)
        .addColumn('graded_by', 'text', (c) => c.references('users.id'))
        .addColumn('graded', 'text')
        .addColumn('feedback', 'text')
        // Optimistic concurrency: every write checks and increments it.
        .addColumn('version', 'integer', (c) => c.notNull())
        .addColumn('created', 'text', (c) => c.notNull())
        .execute();

      // Instructors and administrators form teams and grade them (Team.Manage), in existing tenants too.
      const roles = await db
        .selectFrom('roles')
        .select(['id'])
        .where('name', 'in', ['Instructor', 'Administrator'])
        .execute();
      for (const role of roles) {
        await db
          .insertInto('role_permissions')
          .values({
            id: newId(),
            role_id: role.id,
            name: 'Team.Manage',
            scope_id: null,
          })
          .execute();
      }
    },
  };
}
