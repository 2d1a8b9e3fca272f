// The LTI platform: tool registrations, the activities they deliver, resource links, pending launches,
// platform signing keys, AGS line items and results, access tokens, and replay stores.
import type { Kysely } from 'kysely';
import { dialectTypes, type DialectName } from '../dialect.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations predate the typed schema
type AnyDb = Kysely<any>;

export function ltiMigration(dialect: DialectName) {
  const t = dialectTypes(dialect);
  return {
    async up(db: AnyDb): Promise<void> {
      await db.schema
        .createTable('lti_tools')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
        .addColumn('name', 'text', (c) => c.notNull())
        // 1 LTI 1.1, 3 LTI 1.3 (the platform's LtiVersion codes)
        .addColumn('lti_version', 'integer', (c) => c.notNull())
        .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
        // LTI 1.3
        .addColumn('client_id', 'text', (c) => c.unique())
        .addColumn('deployment_ids', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('login_url', 'text')
        .addColumn('redirect_uris', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('jwks_url', 'text')
        .addColumn('public_jwk', 'text')
        .addColumn('allowed_scopes', 'text', (c) => c.notNull().defaultTo('[]'))
        // Both: the launch URL (LTI 1.1) or default target_link_uri (LTI 1.3)
        .addColumn('target_link_uri', 'text', (c) => c.notNull())
        // anonymous | name | email (which personal claims a launch carries)
        .addColumn('privacy_level', 'text', (c) => c.notNull().defaultTo('anonymous'))
        // LTI 1.1
        .addColumn('consumer_key', 'text', (c) => c.unique())
        .addColumn('secret_encrypted', 'text')
        .addColumn('created', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('lti_tools_tenant_name')
        .on('lti_tools')
        .columns(['tenant_id', 'name'])
        .execute();

      // An activity of type LTI 1.3 (1) or LTI 1.1 (4) is delivered by one tool.
      await db.schema
        .createTable('lti_activity_resources')
        .addColumn('activity_id', 'text', (c) => c.primaryKey().references('activities.id'))
        .addColumn('tool_id', 'text', (c) => c.notNull().references('lti_tools.id'))
        .addColumn('target_link_uri', 'text')
        .addColumn('custom', 'text', (c) => c.notNull().defaultTo('{}'))
        .addColumn('preferred_width', 'integer')
        .addColumn('preferred_height', 'integer')
        .execute();

      // One resource link per placement: the activity at an axis of a course.
      await db.schema
        .createTable('lti_resource_links')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('tenant_id', 'text', (c) => c.notNull())
        .addColumn('tool_id', 'text', (c) => c.notNull().references('lti_tools.id'))
        .addColumn('objective_id', 'text', (c) => c.notNull().references('objectives.id'))
        .addColumn('activity_id', 'text', (c) => c.notNull().references('activities.id'))
        .addColumn('axis', 'text', (c) => c.notNull())
        .addColumn('created', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('lti_resource_links_placement')
        .on('lti_resource_links')
        .columns(['objective_id', 'axis', 'activity_id'])
        .unique()
        .execute();

      await db.schema
        .createTable('lti_line_items')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('tool_id', 'text', (c) => c.notNull().references('lti_tools.id'))
        .addColumn('objective_id', 'text', (c) => c.notNull().references('objectives.id'))
        .addColumn('resource_link_id', 'text', (c) => c.references('lti_resource_links.id'))
        .addColumn('label', 'text', (c) => c.notNull())
        .addColumn('score_maximum', t.float, (c) => c.notNull())
        .addColumn('resource_id', 'text')
        .addColumn('tag', 'text')
        .addColumn('start_date_time', 'text')
        .addColumn('end_date_time', 'text')
        .addColumn('created', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('lti_line_items_tool_context')
        .on('lti_line_items')
        .columns(['tool_id', 'objective_id', 'created', 'id'])
        .execute();
      await db.schema
        .createIndex('lti_line_items_resource_link')
        .on('lti_line_items')
        .column('resource_link_id')
        .execute();

      await db.schema
        .createTable('lti_results')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('line_item_id', 'text', (c) => c.notNull().references('lti_line_items.id'))
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
        .addColumn('score_given', t.float)
        .addColumn('score_maximum', t.float)
        .addColumn('activity_progress', 'text', (c) => c.notNull())
        .addColumn('grading_progress', 'text', (c) => c.notNull())
        .addColumn('comment', 'text')
        // The tool's timestamp of the score (ISO); a score not newer than this is refused.
        .addColumn('timestamp', 'text', (c) => c.notNull())
        .addColumn('updated', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('lti_results_line_item_user')
        .on('lti_results')
        .columns(['line_item_id', 'user_id'])
        .unique()
        .execute();

      // Pending LTI 1.3 launches: the single-use lti_message_hint (stored as its SHA-256).
      await db.schema
        .createTable('lti_launches')
        .addColumn('hint_hash', 'text', (c) => c.primaryKey())
        .addColumn('tenant_id', 'text', (c) => c.notNull())
        .addColumn('tool_id', 'text', (c) => c.notNull().references('lti_tools.id'))
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
        .addColumn('resource_link_id', 'text', (c) =>
          c.notNull().references('lti_resource_links.id'),
        )
        .addColumn('objective_workflow_id', 'text', (c) => c.notNull())
        .addColumn('activity_workflow_id', 'text', (c) => c.notNull())
        .addColumn('login_hint', 'text', (c) => c.notNull())
        // SHA-256 of the browser's launch-binding cookie value (docs/decisions/0008)
        .addColumn('binding_hash', 'text', (c) => c.notNull())
        .addColumn('target_link_uri', 'text', (c) => c.notNull())
        .addColumn('document_target', 'text', (c) => c.notNull())
        .addColumn('return_url', 'text', (c) => c.notNull())
        .addColumn('locale', 'text')
        .addColumn('expires', 'text', (c) => c.notNull())
        .addColumn('used', 'text')
        .addColumn('created', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('lti_launches_expires')
        .on('lti_launches')
        .column('expires')
        .execute();

      // The per-tool pseudonymous subject of a user (the id_token's sub, AGS userId).
      await db.schema
        .createTable('lti_subjects')
        .addColumn('tool_id', 'text', (c) => c.notNull().references('lti_tools.id'))
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
        .addColumn('sub', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('lti_subjects_pk', ['tool_id', 'user_id'])
        .execute();
      await db.schema
        .createIndex('lti_subjects_tool_sub')
        .on('lti_subjects')
        .columns(['tool_id', 'sub'])
        .unique()
        .execute();

      // LTI 1.1 lis_result_sourcedid: a random id, looked up (never parsed).
      await db.schema
        .createTable('lti_outcome_sources')
        .addColumn('sourcedid', 'text', (c) => c.primaryKey())
        .addColumn('tool_id', 'text', (c) => c.notNull().references('lti_tools.id'))
        .addColumn('resource_link_id', 'text', (c) =>
          c.notNull().references('lti_resource_links.id'),
        )
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
        .addColumn('created', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('lti_outcome_sources_link_user')
        .on('lti_outcome_sources')
        .columns(['resource_link_id', 'user_id'])
        .unique()
        .execute();

      await db.schema
        .createTable('lti_access_tokens')
        .addColumn('token_hash', 'text', (c) => c.primaryKey())
        .addColumn('tool_id', 'text', (c) => c.notNull().references('lti_tools.id'))
        .addColumn('scopes', 'text', (c) => c.notNull())
        .addColumn('expires', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('lti_access_tokens_expires')
        .on('lti_access_tokens')
        .column('expires')
        .execute();

      // Replay store: client-assertion jti, LTI 1.1 OAuth nonces. Inserting a known key means a replay.
      await db.schema
        .createTable('lti_nonces')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('expires', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('lti_nonces_expires')
        .on('lti_nonces')
        .column('expires')
        .execute();

      // Platform signing keys: next, current, previous (published), retired (not published).
      await db.schema
        .createTable('lti_platform_keys')
        .addColumn('kid', 'text', (c) => c.primaryKey())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('public_jwk', 'text', (c) => c.notNull())
        .addColumn('private_jwk_encrypted', 'text', (c) => c.notNull())
        .addColumn('created', 'text', (c) => c.notNull())
        .addColumn('rotated', 'text')
        .execute();
    },
    async down(db: AnyDb): Promise<void> {
      for (const table of [
        'lti_platform_keys',
        'lti_nonces',
        'lti_access_tokens',
        'lti_outcome_sources',
        'lti_subjects',
        'lti_launches',
        'lti_results',
        'lti_line_items',
        'lti_resource_links',
        'lti_activity_resources',
        'lti_tools',
      ]) {
        await db.schema.dropTable(table).execute();
      }
    },
  };
}
