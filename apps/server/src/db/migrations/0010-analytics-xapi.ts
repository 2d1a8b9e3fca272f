// Data-lake sessions on the stored analytics events, the durable outbox of xAPI statements for a Learning Record
// Store, and the Analytics.Export permission for the administrators of existing tenants (docs/decisions/0020).
import type { Kysely } from 'kysely';
import { newId } from '../../lib/ids.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations predate the typed schema
type AnyDb = Kysely<any>;

export function analyticsXapiMigration() {
  return {
    async up(db: AnyDb): Promise<void> {
      // Who the session belongs to ("user:{id}" or "device:{id}"); null when nothing tells senders apart.
      await db.schema.alterTable('analytics_events').addColumn('session_key', 'text').execute();
      // The data-lake session: a new one after lms.datalake.sessionDuration minutes without an event.
      await db.schema.alterTable('analytics_events').addColumn('session_id', 'text').execute();
      await db.schema
        .createIndex('analytics_events_session_key_created')
        .on('analytics_events')
        .columns(['session_key', 'created'])
        .execute();
      // The export pages through a tenant's events in (created, id) order.
      await db.schema
        .createIndex('analytics_events_tenant_created')
        .on('analytics_events')
        .columns(['tenant_id', 'created', 'id'])
        .execute();

      await db.schema
        .createTable('xapi_outbox')
        // The statement's id, derived from the event's id, so that a re-delivery is the same statement.
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('event_id', 'text', (c) => c.notNull())
        // The xAPI 1.0.3 statement as JSON text.
        .addColumn('statement', 'text', (c) => c.notNull())
        // pending | delivered | rejected (refused by the LRS with a 4xx other than 408/429; kept for a look)
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('next_attempt_at', 'text', (c) => c.notNull())
        .addColumn('last_error', 'text')
        .addColumn('claimed_by', 'text')
        .addColumn('claimed_at', 'text')
        .addColumn('created', 'text', (c) => c.notNull())
        .addColumn('delivered_at', 'text')
        .execute();
      await db.schema
        .createIndex('xapi_outbox_state_next_attempt')
        .on('xapi_outbox')
        .columns(['state', 'next_attempt_at'])
        .execute();

      // Administrator roles that do not hold it yet (once, however often a tenant was set up).
      const administratorRoles = await db
        .selectFrom('roles')
        .select('id')
        .where('name', '=', 'Administrator')
        .where((eb) =>
          eb.not(
            eb.exists(
              eb
                .selectFrom('role_permissions')
                .select('role_permissions.id')
                .whereRef('role_permissions.role_id', '=', 'roles.id')
                .where('role_permissions.name', '=', 'Analytics.Export'),
            ),
          ),
        )
        .execute();
      if (administratorRoles.length > 0) {
        await db
          .insertInto('role_permissions')
          .values(
            administratorRoles.map((role: { id: string }) => ({
              id: newId(),
              role_id: role.id,
              name: 'Analytics.Export',
              scope_id: null,
            })),
          )
          .execute();
      }
    },
  };
}
