// The open catalog: objectives that anonymous visitors of a tenant's domain may browse and join.
import type { Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations predate the typed schema
type AnyDb = Kysely<any>;

export function openCatalogMigration() {
  return {
    async up(db: AnyDb): Promise<void> {
      await db.schema
        .alterTable('objectives')
        .addColumn('show_in_open_catalog', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      // public/open-catalog/objectives/query: one tenant's public objectives, ordered by name.
      await db.schema
        .createIndex('objectives_tenant_open_catalog_name')
        .on('objectives')
        .columns(['tenant_id', 'show_in_open_catalog', 'name'])
        .execute();
    },
    async down(db: AnyDb): Promise<void> {
      await db.schema.dropIndex('objectives_tenant_open_catalog_name').execute();
      await db.schema.alterTable('objectives').dropColumn('show_in_open_catalog').execute();
    },
  };
}
