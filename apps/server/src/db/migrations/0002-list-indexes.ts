// Indexes for the tenant-scoped course lists. The enrolment list itself starts from the learner's accesses
// (objective_accesses_user_term of 0001) and joins by primary and unique keys; EXPLAIN in docs/benchmarks.md.
import type { Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations predate the typed schema
type AnyDb = Kysely<any>;

export function listIndexesMigration() {
  return {
    async up(db: AnyDb): Promise<void> {
      // grading-scales/query: the caller's tenant, ordered by name.
      await db.schema
        .createIndex('grading_scales_tenant_name')
        .on('grading_scales')
        .columns(['tenant_id', 'name'])
        .execute();
      // Showcase and term pickers of a tenant, in their display order.
      await db.schema
        .createIndex('showcases_tenant_order')
        .on('showcases')
        .columns(['tenant_id', 'order'])
        .execute();
      await db.schema
        .createIndex('terms_tenant_name')
        .on('terms')
        .columns(['tenant_id', 'name'])
        .execute();
    },
    async down(db: AnyDb): Promise<void> {
      for (const name of [
        'grading_scales_tenant_name',
        'showcases_tenant_order',
        'terms_tenant_name',
        'showcase_objectives_showcase',
      ]) {
        await db.schema.dropIndex(name).execute();
      }
    },
  };
}
