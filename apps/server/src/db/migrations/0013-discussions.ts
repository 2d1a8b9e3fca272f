// Discussion channels and direct messages (docs/decisions/0023): a channel of kind `direct` belongs to one
// learner of a course (talking with the course staff), so a course has at most one announcement and one
// discussion channel but one direct channel per learner.
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
    },
  };
}
