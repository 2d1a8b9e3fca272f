// Course announcement channels (docs/decisions/0022): channels, their messages, an append-only event log
// whose sequence numbers are the live stream's event ids (Last-Event-ID catch-up), per-user read markers,
// and the Announcement.Post permission for the Instructor and Administrator roles of existing tenants.
import type { Kysely } from 'kysely';
import type { DialectName } from '../dialect.ts';
import { newId } from '../../lib/ids.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations predate the typed schema
type AnyDb = Kysely<any>;

export function announcementsMigration(dialect: DialectName) {
  return {
    async up(db: AnyDb): Promise<void> {
      await db.schema
        .createTable('channels')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
        // 'announcement' only for now; discussion channels and direct messages come later.
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('objective_id', 'text', (c) => c.references('objectives.id'))
        .addColumn('created', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('channels_objective_kind')
        .on('channels')
        .columns(['objective_id', 'kind'])
        .unique()
        .execute();

      await db.schema
        .createTable('channel_messages')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
        .addColumn('channel_id', 'text', (c) => c.notNull().references('channels.id'))
        .addColumn('author_id', 'text', (c) => c.notNull().references('users.id'))
        // Plain text (normalised on the server); clients render it as text, never as HTML.
        .addColumn('body', 'text', (c) => c.notNull())
        .addColumn('created', 'text', (c) => c.notNull())
        .addColumn('edited', 'text')
        // A deleted message keeps its row (so read markers and the event log stay valid) with an empty body.
        .addColumn('deleted', 'text')
        .execute();
      await db.schema
        .createIndex('channel_messages_channel_created')
        .on('channel_messages')
        .columns(['channel_id', 'created', 'id'])
        .execute();
      // The per-user posting rate limit counts an author's recent messages.
      await db.schema
        .createIndex('channel_messages_author_created')
        .on('channel_messages')
        .columns(['author_id', 'created'])
        .execute();

      let events = db.schema.createTable('channel_events');
      events =
        dialect === 'postgres'
          ? events.addColumn('seq', 'bigserial', (c) => c.primaryKey())
          : events.addColumn('seq', 'integer', (c) => c.primaryKey().autoIncrement());
      await events
        .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
        .addColumn('channel_id', 'text', (c) => c.notNull().references('channels.id'))
        .addColumn('message_id', 'text', (c) => c.notNull().references('channel_messages.id'))
        // 'created' | 'edited' | 'deleted'
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('created', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('channel_events_channel_seq')
        .on('channel_events')
        .columns(['channel_id', 'seq'])
        .execute();

      await db.schema
        .createTable('channel_read_markers')
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
        .addColumn('channel_id', 'text', (c) => c.notNull().references('channels.id'))
        .addColumn('last_read_created', 'text', (c) => c.notNull())
        .addColumn('last_read_message_id', 'text', (c) => c.notNull())
        .addColumn('updated', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('channel_read_markers_pk', ['user_id', 'channel_id'])
        .execute();

      const roles = await db
        .selectFrom('roles')
        .select('id')
        .where('name', 'in', ['Instructor', 'Administrator'])
        .execute();
      if (roles.length > 0) {
        await db
          .insertInto('role_permissions')
          .values(
            roles.map((role: { id: string }) => ({
              id: newId(),
              role_id: role.id,
              name: 'Announcement.Post',
              scope_id: null,
            })),
          )
          .execute();
      }
    },
  };
}
