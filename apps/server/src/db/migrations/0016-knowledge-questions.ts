// Knowledge-model questions answered from e-mail (docs/decisions/0027): the question bank per course module, the
// learners' opt-ins, and one row per question mailed to a learner (its Leitner box, the answer recorded once).
// The mail outbox gains extra headers (List-Unsubscribe, RFC 8058).
import type { Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations predate the typed schema
type AnyDb = Kysely<any>;

export function knowledgeQuestionsMigration() {
  return {
    async up(db: AnyDb): Promise<void> {
      await db.schema
        .createTable('knowledge_questions')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
        .addColumn('objective_id', 'text', (c) => c.notNull().references('objectives.id'))
        // The module: its activity and its axis in the course (part ids from the root joined by "/").
        // No foreign key: the module may be removed from the course later ("module not found").
        .addColumn('activity_id', 'text', (c) => c.notNull())
        .addColumn('activity_path_id', 'text', (c) => c.notNull())
        // choice | text
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('prompt', 'text', (c) => c.notNull())
        // JSON [{id, text}] for choice questions, [] for text questions.
        .addColumn('choices', 'text', (c) => c.notNull())
        // JSON: the correct choice ids, or the accepted text answers (compared case- and space-insensitively).
        .addColumn('correct', 'text', (c) => c.notNull())
        .addColumn('explanation', 'text')
        .addColumn('locale', 'text', (c) => c.notNull())
        .addColumn('ord', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('knowledge_questions_objective')
        .on('knowledge_questions')
        .columns(['objective_id', 'ord'])
        .execute();

      await db.schema
        .createTable('knowledge_question_subscriptions')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
        .addColumn('objective_id', 'text', (c) => c.notNull().references('objectives.id'))
        .addColumn('opted_in', 'integer', (c) => c.notNull())
        .addColumn('unsubscribed_at', 'text')
        .addColumn('created', 'text', (c) => c.notNull())
        .addUniqueConstraint('knowledge_question_subscriptions_user_objective', [
          'user_id',
          'objective_id',
        ])
        .execute();
      await db.schema
        .createIndex('knowledge_question_subscriptions_opted_in')
        .on('knowledge_question_subscriptions')
        .columns(['opted_in', 'objective_id'])
        .execute();

      await db.schema
        .createTable('knowledge_question_deliveries')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
        .addColumn('question_id', 'text', (c) => c.notNull().references('knowledge_questions.id'))
        .addColumn('sent_at', 'text', (c) => c.notNull())
        // The Leitner box the question was in when mailed (1 = daily); the next box follows from the answer.
        .addColumn('box', 'integer', (c) => c.notNull())
        // Set with the answer: when the question is due again.
        .addColumn('due_next', 'text')
        .addColumn('answered_at', 'text')
        // The choice id or the typed text.
        .addColumn('answer', 'text')
        .addColumn('correct', 'integer')
        .execute();
      await db.schema
        .createIndex('knowledge_question_deliveries_user_question')
        .on('knowledge_question_deliveries')
        .columns(['user_id', 'question_id', 'sent_at'])
        .execute();

      await db.schema.alterTable('mail_outbox').addColumn('headers', 'text').execute();
    },
  };
}
