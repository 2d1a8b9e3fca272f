// Security hardening: command ids scoped to their caller (a server-side key becomes the primary key, the
// client's id is unique per tenant and user), and per-account sign-in throttling.
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations predate the typed schema
type AnyDb = Kysely<any>;

const COMMAND_COLUMNS = [
  'id',
  'type',
  'tenant_id',
  'user_id',
  'payload',
  'entity_id',
  'created',
  'state',
  'errors',
  'result_url',
  'completed',
  'claimed_by',
  'claimed_at',
  'attempts',
] as const;

export function securityMigration() {
  return {
    async up(db: AnyDb): Promise<void> {
      // Until now the client's id was the primary key, so one learner could take another's id first and
      // block every later command with it. The table is rebuilt (SQLite cannot change a primary key).
      await db.schema
        .createTable('commands_next')
        .addColumn('internal_id', 'text', (c) => c.primaryKey())
        .addColumn('id', 'text', (c) => c.notNull())
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('tenant_id', 'text', (c) => c.notNull())
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('payload', 'text', (c) => c.notNull())
        .addColumn('entity_id', 'text')
        .addColumn('created', 'text', (c) => c.notNull())
        .addColumn('state', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('errors', 'text')
        .addColumn('result_url', 'text')
        .addColumn('completed', 'text')
        .addColumn('claimed_by', 'text')
        .addColumn('claimed_at', 'text')
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        // The caller's language: the command's refusals are written in it.
        .addColumn('locale', 'text', (c) => c.notNull().defaultTo('en-US'))
        .execute();
      const columns = sql.join(COMMAND_COLUMNS.map((name) => sql.ref(name)));
      // Existing ids were globally unique, so they serve as the internal keys of existing rows.
      await sql`insert into commands_next (internal_id, ${columns}) select id, ${columns} from commands`.execute(
        db,
      );
      await db.schema.dropTable('commands').execute();
      await db.schema.alterTable('commands_next').renameTo('commands').execute();
      await db.schema
        .createIndex('commands_owner_id')
        .on('commands')
        .columns(['tenant_id', 'user_id', 'id'])
        .unique()
        .execute();
      await db.schema
        .createIndex('commands_pending')
        .on('commands')
        .columns(['state', 'created'])
        .execute();
      await db.schema
        .createIndex('commands_user_type')
        .on('commands')
        .columns(['user_id', 'type', 'created'])
        .execute();

      // Failed sign-ins per login text (whether or not an account has it, so that nothing is revealed).
      await db.schema
        .createTable('sign_in_throttles')
        .addColumn('login', 'text', (c) => c.primaryKey())
        .addColumn('failures', 'integer', (c) => c.notNull())
        .addColumn('last_failure', 'text', (c) => c.notNull())
        .addColumn('blocked_until', 'text')
        .execute();
      await db.schema
        .createIndex('sign_in_throttles_last_failure')
        .on('sign_in_throttles')
        .column('last_failure')
        .execute();
    },
  };
}
