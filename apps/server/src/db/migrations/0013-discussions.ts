// Discussion channels, direct messages and reactions (docs/decisions/0023): a channel of kind `direct`
// belongs to one learner of a course (talking with the course staff), so a course has at most one
// announcement and one discussion channel but one direct channel per learner; members react to messages.
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations predate the typed schema
type AnyDb = Kysely<any>;

export function discussionsMigration() {
  return {
    async up(db: AnyDb): Promise<void> {
      await db.schema
        .alterTable('channels')
        .addColumn('learner_id', 'text', (c) => c.references('users.id'))
        .execute();
      await db.schema.dropIndex('channels_objective_kind').execute();
      // Partial unique indexes (same syntax on SQLite and PostgreSQL) keep "created on first use" idempotent.
      await sql`create unique index channels_objective_kind on channels (objective_id, kind) where kind <> 'direct'`.execute(
        db,
      );
      await sql`create unique index channels_objective_learner on channels (objective_id, learner_id) where kind = 'direct'`.execute(
        db,
      );
      await db.schema.createIndex('channels_learner').on('channels').column('learner_id').execute();
      // Reactions: an allow-listed emoji per user and message; counts are computed when messages are read.
      await db.schema
        .createTable('channel_message_reactions')
        .addColumn('message_id', 'text', (c) => c.notNull().references('channel_messages.id'))
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
        .addColumn('emoji', 'text', (c) => c.notNull())
        .addColumn('created', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('channel_message_reactions_pk', ['message_id', 'user_id', 'emoji'])
        .execute();
    },
  };
}
