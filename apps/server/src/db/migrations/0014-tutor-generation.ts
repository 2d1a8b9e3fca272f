// The generative tutor (docs/decisions/0024): the composed answer of a question, JSON (contracts'
// TutorGeneration: status, text, cited passage ids), null for retrieval answers.
import type { Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations predate the typed schema
type AnyDb = Kysely<any>;

export function tutorGenerationMigration() {
  return {
    async up(db: AnyDb): Promise<void> {
      await db.schema.alterTable('tutor_questions').addColumn('generation', 'text').execute();
    },
  };
}
