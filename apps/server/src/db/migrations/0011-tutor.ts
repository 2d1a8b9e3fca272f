// The tutor assistant's knowledge models (docs/decisions/0021): one per course, its passages (plain text cut
// from the course's text activities and About), a full-text index of them — an FTS5 table on SQLite, a
// tsvector column with a GIN index on PostgreSQL — and the learners' questions (history and daily limit).
import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../dialect.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations predate the typed schema
type AnyDb = Kysely<any>;

export function tutorMigration(dialect: DialectName) {
  return {
    async up(db: AnyDb): Promise<void> {
      await db.schema
        .createTable('tutor_knowledge_models')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
        .addColumn('objective_id', 'text', (c) => c.notNull().unique().references('objectives.id'))
        .addColumn('built', 'text', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('tutor_passages')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('knowledge_model_id', 'text', (c) =>
          c.notNull().references('tutor_knowledge_models.id'),
        )
        // null: the course's About; otherwise the text activity and its axis (part ids joined by "/").
        .addColumn('activity_id', 'text')
        .addColumn('axis', 'text')
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('text', 'text', (c) => c.notNull())
        .addColumn('ord', 'integer', (c) => c.notNull())
        .$call((builder) =>
          dialect === 'postgres' ? builder.addColumn('search', sql`tsvector`) : builder,
        )
        .execute();
      await db.schema
        .createIndex('tutor_passages_model')
        .on('tutor_passages')
        .columns(['knowledge_model_id', 'ord'])
        .execute();
      if (dialect === 'postgres') {
        await sql`CREATE INDEX tutor_passages_search ON tutor_passages USING GIN (search)`.execute(
          db,
        );
      } else {
        // The passage's words only; the rest is looked up in tutor_passages by passage_id.
        await sql`CREATE VIRTUAL TABLE tutor_passages_fts USING fts5(
          title, text, passage_id UNINDEXED, knowledge_model_id UNINDEXED,
          tokenize = 'unicode61 remove_diacritics 2'
        )`.execute(db);
      }

      await db.schema
        .createTable('tutor_questions')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
        .addColumn('knowledge_model_id', 'text', (c) =>
          c.notNull().references('tutor_knowledge_models.id'),
        )
        .addColumn('question', 'text', (c) => c.notNull())
        // JSON array of the passages answered (contracts' TutorPassage).
        .addColumn('passages', 'text', (c) => c.notNull())
        // 1 once the learner cleared their history: hidden, still counted for the daily limit.
        .addColumn('cleared', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('tutor_questions_user_created')
        .on('tutor_questions')
        .columns(['user_id', 'created'])
        .execute();
    },
  };
}
