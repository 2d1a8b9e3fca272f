// Registrations waiting for the confirmation of their e-mail address (docs/decisions/0025, "Registration confirmed
// by e-mail"): a self-registration creates no account until the link mailed to the address is used, so the answer
// to a registration is the same whether or not the address has an account. Existing accounts are untouched.
import type { Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations predate the typed schema
type AnyDb = Kysely<any>;

export function registrationConfirmationMigration() {
  return {
    async up(db: AnyDb): Promise<void> {
      await db.schema
        .createTable('pending_registrations')
        // The SHA-256 (hex) of the token the confirmation link carries; the token itself is never stored.
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
        // Lower-cased; several rows for one address when it registered again (each with its own link).
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('first_name', 'text', (c) => c.notNull())
        .addColumn('last_name', 'text', (c) => c.notNull())
        .addColumn('password_hash', 'text', (c) => c.notNull())
        // Where the sign-in after the confirmation leads (the registration's redirect, same origin).
        .addColumn('redirect_url', 'text')
        .addColumn('created', 'text', (c) => c.notNull())
        .addColumn('expires', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('pending_registrations_tenant_email')
        .on('pending_registrations')
        .columns(['tenant_id', 'email'])
        .execute();
    },
  };
}
