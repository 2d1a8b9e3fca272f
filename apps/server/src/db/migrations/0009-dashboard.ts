// The learner dashboard (docs/decisions/0019): when a learner last opened each enrolled course (recent courses),
// and the tenant's promo banners with their audience (all learners, or the members of some units).
import type { Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations predate the typed schema
type AnyDb = Kysely<any>;

export function dashboardMigration() {
  return {
    async up(db: AnyDb): Promise<void> {
      // On the enrolment aggregate, the source of learner_courses: a rebuild of the read model keeps it.
      await db.schema
        .alterTable('objective_workflow_aggregates')
        .addColumn('last_opened', 'text')
        .execute();

      await db.schema
        .createTable('promo_banners')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
        // Authored content in one language, shown direction-isolated.
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('text', 'text', (c) => c.notNull())
        .addColumn('image_url', 'text')
        .addColumn('image_alt', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('link_url', 'text')
        .addColumn('link_label', 'text')
        .addColumn('starts_at', 'text', (c) => c.notNull())
        // Null: shown until removed.
        .addColumn('ends_at', 'text')
        .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('promo_banners_tenant_order')
        .on('promo_banners')
        .columns(['tenant_id', 'sort_order'])
        .execute();

      // A banner without rows here is for every learner of the tenant; with rows, for the units' members.
      await db.schema
        .createTable('promo_banner_units')
        .addColumn('banner_id', 'text', (c) =>
          c.notNull().references('promo_banners.id').onDelete('cascade'),
        )
        .addColumn('unit_id', 'text', (c) => c.notNull().references('units.id').onDelete('cascade'))
        .addPrimaryKeyConstraint('promo_banner_units_pk', ['banner_id', 'unit_id'])
        .execute();
    },
  };
}
