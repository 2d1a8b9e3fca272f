// Product feedback sent from the shell's feedback widget (one row per product_feedback event), the
// Feedback.Export permission for the administrators of existing tenants (docs/decisions/0016), and the
// learners' secret calendar feed addresses (docs/decisions/0017).
import type { Kysely } from 'kysely';
import { newId } from '../../lib/ids.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations predate the typed schema
type AnyDb = Kysely<any>;

export function feedbackCalendarMigration() {
  return {
    async up(db: AnyDb): Promise<void> {
      await db.schema
        .createTable('product_feedback')
        // The id of the analytics event that carried it.
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
        .addColumn('grade', 'integer', (c) => c.notNull())
        // JSON array of struggle codes (contracts' feedbackStruggles)
        .addColumn('details', 'text', (c) => c.notNull())
        .addColumn('comment', 'text', (c) => c.notNull())
        .addColumn('locale', 'text', (c) => c.notNull())
        .addColumn('os', 'text', (c) => c.notNull())
        .addColumn('browser', 'text', (c) => c.notNull())
        .addColumn('app_version', 'text', (c) => c.notNull())
        .addColumn('is_mobile', 'integer', (c) => c.notNull())
        .addColumn('created', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('product_feedback_tenant_created')
        .on('product_feedback')
        .columns(['tenant_id', 'created'])
        .execute();

      await db.schema
        .createTable('calendar_feeds')
        // One feed per learner: regenerating replaces the token, so the old address stops working.
        .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id'))
        .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
        // SHA-256 of the secret token (hex); the token itself is only in the learner's address.
        .addColumn('token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('created', 'text', (c) => c.notNull())
        .execute();

      const administratorRoles = await db
        .selectFrom('roles')
        .select('id')
        .where('name', '=', 'Administrator')
        .execute();
      if (administratorRoles.length > 0) {
        await db
          .insertInto('role_permissions')
          .values(
            administratorRoles.map((role: { id: string }) => ({
              id: newId(),
              role_id: role.id,
              name: 'Feedback.Export',
              scope_id: null,
            })),
          )
          .execute();
      }
    },
  };
}
