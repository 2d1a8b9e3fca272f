// The durable outbox of e-mails (written in the transaction of the action that causes the mail, delivered over SMTP
// by a background worker with retries) and the password-reset tokens of the built-in provider (docs/decisions/0025).
import type { Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations predate the typed schema
type AnyDb = Kysely<any>;

export function mailMigration() {
  return {
    async up(db: AnyDb): Promise<void> {
      await db.schema
        .createTable('mail_outbox')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('tenant_id', 'text', (c) => c.references('tenants.id'))
        .addColumn('to_address', 'text', (c) => c.notNull())
        .addColumn('locale', 'text', (c) => c.notNull())
        // The template's name (mail-templates.ts), for the CLI and the logs.
        .addColumn('template', 'text', (c) => c.notNull())
        // Rendered when queued, so that a later change of texts does not change a mail already promised.
        .addColumn('subject', 'text', (c) => c.notNull())
        .addColumn('text_body', 'text', (c) => c.notNull())
        .addColumn('html_body', 'text', (c) => c.notNull())
        // pending | sent | failed (the SMTP server refused it for good with a 5xx reply)
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('next_attempt_at', 'text', (c) => c.notNull())
        .addColumn('last_error', 'text')
        .addColumn('claimed_by', 'text')
        .addColumn('claimed_at', 'text')
        .addColumn('created', 'text', (c) => c.notNull())
        .addColumn('sent_at', 'text')
        .execute();
      await db.schema
        .createIndex('mail_outbox_status_next_attempt')
        .on('mail_outbox')
        .columns(['status', 'next_attempt_at'])
        .execute();

      await db.schema
        .createTable('password_reset_tokens')
        // The SHA-256 (hex) of the token the link carries; the token itself is never stored.
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
        .addColumn('created', 'text', (c) => c.notNull())
        .addColumn('expires', 'text', (c) => c.notNull())
        .addColumn('used_at', 'text')
        .execute();
      await db.schema
        .createIndex('password_reset_tokens_user')
        .on('password_reset_tokens')
        .column('user_id')
        .execute();
    },
  };
}
