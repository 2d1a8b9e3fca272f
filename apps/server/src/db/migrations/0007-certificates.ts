// Certificates: per-tenant templates, which template a course issues (and for how long it is valid), the
// issued certificate records (one per passed attempt), their rendered files and the tenants' signing keys.
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { dialectTypes, type DialectName } from '../dialect.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations predate the typed schema
type AnyDb = Kysely<any>;

export function certificatesMigration(dialect: DialectName) {
  const t = dialectTypes(dialect);
  const bytes = dialect === 'postgres' ? 'bytea' : 'blob';
  return {
    async up(db: AnyDb): Promise<void> {
      await db.schema
        .createTable('certificate_templates')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
        .addColumn('name', 'text', (c) => c.notNull())
        // internal: rendered by the portal; external: a link to another credential system
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('layout', 'text', (c) => c.notNull().defaultTo('classic'))
        .addColumn('primary_color', 'text', (c) => c.notNull().defaultTo('#1c3f6e'))
        .addColumn('accent_color', 'text', (c) => c.notNull().defaultTo('#b08d2e'))
        // An SVG document drawn in the top corner, or null
        .addColumn('logo_svg', 'text')
        .addColumn('signatory_name', 'text')
        .addColumn('signatory_title', 'text')
        // learner | course: whose language the certificate's own texts are written in
        .addColumn('text_language', 'text', (c) => c.notNull().defaultTo('learner'))
        // For external templates: the URL, with {certificateNumber} replaced per certificate
        .addColumn('external_url', 'text')
        .addColumn('created', 'text', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('objective_certificate_settings')
        .addColumn('objective_id', 'text', (c) => c.primaryKey().references('objectives.id'))
        .addColumn('certificate_template_id', 'text', (c) =>
          c.notNull().references('certificate_templates.id'),
        )
        // Null: the certificate never expires
        .addColumn('validity_days', 'integer')
        // The course's language, for templates whose texts follow the course (null: en-US)
        .addColumn('course_language', 'text')
        .execute();

      await db.schema
        .createTable('certificate_records')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
        .addColumn('certificate_number', 'text', (c) => c.notNull().unique())
        .addColumn('certificate_template_id', 'text', (c) =>
          c.notNull().references('certificate_templates.id'),
        )
        .addColumn('objective_id', 'text', (c) => c.notNull().references('objectives.id'))
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
        .addColumn('objective_record_id', 'text', (c) =>
          c.notNull().references('objective_records.id'),
        )
        // One certificate per attempt: replays and concurrent grading insert nothing more.
        .addColumn('objective_workflow_id', 'text', (c) =>
          c.notNull().unique().references('objective_workflows.id'),
        )
        .addColumn('normalized_passing_score', t.float)
        .addColumn('score', t.float)
        .addColumn('max_score', t.float)
        // What the certificate says, as it was when issued
        .addColumn('holder_name', 'text', (c) => c.notNull())
        .addColumn('objective_name', 'text', (c) => c.notNull())
        .addColumn('objective_code', 'text')
        .addColumn('issuer_name', 'text', (c) => c.notNull())
        .addColumn('language', 'text', (c) => c.notNull())
        .addColumn('created', 'text', (c) => c.notNull())
        .addColumn('expiration_date', 'text')
        .addColumn('revoked', 'text')
        .addColumn('revoked_reason', 'text')
        .addColumn('revoked_by', 'text')
        .execute();
      await db.schema
        .createIndex('certificate_records_user_created')
        .on('certificate_records')
        .columns(['tenant_id', 'user_id', 'created'])
        .execute();
      await db.schema
        .createIndex('certificate_records_objective_user')
        .on('certificate_records')
        .columns(['objective_id', 'user_id'])
        .execute();

      await db.schema
        .createTable('certificate_files')
        .addColumn('certificate_record_id', 'text', (c) =>
          c.notNull().references('certificate_records.id'),
        )
        // pdf | png
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('content', bytes, (c) => c.notNull())
        .addColumn('created', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('certificate_files_pk', ['certificate_record_id', 'kind'])
        .execute();

      // Each tenant's key for signing its certificates as verifiable credentials (private half sealed).
      await db.schema
        .createTable('certificate_signing_keys')
        .addColumn('tenant_id', 'text', (c) => c.primaryKey().references('tenants.id'))
        .addColumn('kid', 'text', (c) => c.notNull())
        .addColumn('public_jwk', 'text', (c) => c.notNull())
        .addColumn('private_jwk_encrypted', 'text', (c) => c.notNull())
        .addColumn('created', 'text', (c) => c.notNull())
        .execute();

      // Administrators of existing tenants may revoke certificates, as new tenants' administrators do.
      const administratorRoles = await db
        .selectFrom('roles')
        .select('id')
        .where('name', '=', 'Administrator')
        .execute();
      for (const role of administratorRoles as { id: string }[]) {
        await db
          .insertInto('role_permissions')
          .values({
            id: randomUUID(),
            role_id: role.id,
            name: 'Certificate.Revoke',
            scope_id: null,
          })
          .execute();
      }
    },
  };
}
