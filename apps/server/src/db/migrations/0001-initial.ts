// The initial model, designed for the whole spec: identity, catalogue, learning records, protocol tables.
import type { Kysely } from 'kysely';
import { dialectTypes, type DialectName } from '../dialect.ts';

// Migrations work on the untyped builder: the schema type describes the latest state only.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations predate the typed schema
type AnyDb = Kysely<any>;

export function initialMigration(dialect: DialectName) {
  const t = dialectTypes(dialect);
  return {
    async up(db: AnyDb): Promise<void> {
      await db.schema
        .createTable('tenants')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('domain', 'text', (c) => c.notNull().unique())
        .addColumn('created', 'text', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('users')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('username', 'text', (c) => c.notNull())
        .addColumn('first_name', 'text', (c) => c.notNull())
        .addColumn('middle_name', 'text')
        .addColumn('last_name', 'text', (c) => c.notNull())
        .addColumn('timezone', 'text')
        .addColumn('external_id', 'text')
        .addColumn('department_name', 'text')
        .addColumn('status', 'text', (c) => c.notNull().defaultTo('Active'))
        .addColumn('password_hash', 'text')
        .addColumn('locale', 'text')
        .addColumn('created', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('users_tenant_email')
        .on('users')
        .columns(['tenant_id', 'email'])
        .unique()
        .execute();
      await db.schema
        .createIndex('users_tenant_username')
        .on('users')
        .columns(['tenant_id', 'username'])
        .unique()
        .execute();

      await db.schema
        .createTable('user_identities')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('provider', 'text', (c) => c.notNull())
        .addColumn('subject', 'text', (c) => c.notNull())
        .addColumn('created', 'text', (c) => c.notNull())
        .addUniqueConstraint('user_identities_provider_subject', ['provider', 'subject'])
        .execute();
      await db.schema
        .createIndex('user_identities_user')
        .on('user_identities')
        .column('user_id')
        .execute();

      await db.schema
        .createTable('roles')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addUniqueConstraint('roles_tenant_name', ['tenant_id', 'name'])
        .execute();
      await db.schema
        .createTable('role_permissions')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('role_id', 'text', (c) => c.notNull().references('roles.id').onDelete('cascade'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('scope_id', 'text')
        .execute();
      await db.schema
        .createIndex('role_permissions_role')
        .on('role_permissions')
        .column('role_id')
        .execute();
      await db.schema
        .createTable('user_roles')
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('role_id', 'text', (c) => c.notNull().references('roles.id').onDelete('cascade'))
        .addPrimaryKeyConstraint('user_roles_pk', ['user_id', 'role_id'])
        .execute();

      await db.schema
        .createTable('licensed_features')
        .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
        .addColumn('feature', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('licensed_features_pk', ['tenant_id', 'feature'])
        .execute();

      await db.schema
        .createTable('units')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
        .addColumn('parent_id', 'text', (c) => c.references('units.id'))
        .addColumn('name', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('unit_memberships')
        .addColumn('unit_id', 'text', (c) => c.notNull().references('units.id').onDelete('cascade'))
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('is_primary', 'integer', (c) => c.notNull().defaultTo(0))
        .addPrimaryKeyConstraint('unit_memberships_pk', ['unit_id', 'user_id'])
        .execute();
      await db.schema
        .createIndex('unit_memberships_user')
        .on('unit_memberships')
        .column('user_id')
        .execute();

      await db.schema
        .createTable('settings')
        .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
        .addColumn('key', 'text', (c) => c.notNull())
        .addColumn('value', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('settings_pk', ['tenant_id', 'key'])
        .execute();

      await db.schema
        .createTable('terms')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('start_date', 'text')
        .addColumn('end_date', 'text')
        .execute();

      await db.schema
        .createTable('showcases')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('code', 'text', (c) => c.notNull())
        .addColumn('description', 'text')
        .addColumn('order', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();

      await db.schema
        .createTable('grading_scales')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('description', 'text')
        .addColumn('max_score', t.float, (c) => c.notNull())
        .addColumn('normalized_passing_score', t.float, (c) => c.notNull())
        .addColumn('passing_grade_id', 'text')
        .execute();
      await db.schema
        .createTable('grades')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('grading_scale_id', 'text', (c) =>
          c.notNull().references('grading_scales.id').onDelete('cascade'),
        )
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('color', 'text', (c) => c.notNull())
        .addColumn('normalized_min_score', t.float, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('grades_scale').on('grades').column('grading_scale_id').execute();

      await db.schema
        .createTable('activities')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
        .addColumn('type', 'integer', (c) => c.notNull())
        .addColumn('state', 'integer', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('code', 'text')
        .addColumn('description', 'text')
        .addColumn('content', 'text')
        .addColumn('image_url', 'text')
        .addColumn('support_review', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('support_mobile_view', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('duration', 'integer')
        .addColumn('proctored', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('presentation_mode', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('display_mode', 'integer', (c) => c.notNull().defaultTo(2))
        .addColumn('max_score', t.float, (c) => c.notNull().defaultTo(1))
        .addColumn('normalized_passing_score', t.float)
        .addColumn('created', 'text', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('activity_parts')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('parent_activity_id', 'text', (c) =>
          c.notNull().references('activities.id').onDelete('cascade'),
        )
        .addColumn('child_activity_id', 'text', (c) => c.notNull().references('activities.id'))
        .addColumn('order', 'integer', (c) => c.notNull())
        .addColumn('optional', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('score_weight', t.float, (c) => c.notNull().defaultTo(1))
        .addColumn('gate', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('start_from', 'text')
        .addColumn('start_until', 'text')
        .addColumn('accessible_until', 'text')
        .addColumn('grace_period_until', 'text')
        .addColumn('due', 'text')
        .addColumn('results_disclosure_from', 'text')
        .addColumn('reveal_results_from', 'text')
        .addColumn('results_disclosure_policy', 'integer')
        .addColumn('review_policy', 'integer')
        .addColumn('results_disclosure_above', t.float)
        .execute();
      await db.schema
        .createIndex('activity_parts_parent_order')
        .on('activity_parts')
        .columns(['parent_activity_id', 'order'])
        .execute();

      await db.schema
        .createTable('objectives')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
        .addColumn('activity_id', 'text', (c) => c.notNull().references('activities.id'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('code', 'text')
        .addColumn('description', 'text')
        .addColumn('about', 'text')
        .addColumn('image_url', 'text')
        .addColumn('grading_scale_id', 'text', (c) => c.references('grading_scales.id'))
        .addColumn('announcement_channel_id', 'text')
        .addColumn('status', 'integer', (c) => c.notNull().defaultTo(2))
        .addColumn('created', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('objectives_tenant_name')
        .on('objectives')
        .columns(['tenant_id', 'name'])
        .execute();

      await db.schema
        .createTable('showcase_objectives')
        .addColumn('showcase_id', 'text', (c) =>
          c.notNull().references('showcases.id').onDelete('cascade'),
        )
        .addColumn('objective_id', 'text', (c) =>
          c.notNull().references('objectives.id').onDelete('cascade'),
        )
        .addPrimaryKeyConstraint('showcase_objectives_pk', ['showcase_id', 'objective_id'])
        .execute();
      await db.schema
        .createIndex('showcase_objectives_objective')
        .on('showcase_objectives')
        .columns(['objective_id', 'showcase_id'])
        .execute();

      await db.schema
        .createTable('objective_accesses')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
        .addColumn('objective_id', 'text', (c) => c.notNull().references('objectives.id'))
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
        .addColumn('term_id', 'text', (c) => c.references('terms.id'))
        .addColumn('is_mandatory', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('show_in_catalog', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('retake', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('availability_date', 'text')
        .addColumn('availability_end_date', 'text')
        .addColumn('due_date', 'text')
        .addColumn('grade_reveal_policy', 'integer', (c) => c.notNull().defaultTo(2))
        .addColumn('grade_reveal_date', 'text')
        .addColumn('created', 'text', (c) => c.notNull())
        .addUniqueConstraint('objective_accesses_user_objective', ['user_id', 'objective_id'])
        .execute();

      await db.schema
        .createTable('objective_workflow_aggregates')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
        .addColumn('objective_access_id', 'text', (c) =>
          c.notNull().unique().references('objective_accesses.id').onDelete('cascade'),
        )
        .addColumn('objective_id', 'text', (c) => c.notNull().references('objectives.id'))
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
        .addColumn('is_self_enrolled', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('last_objective_workflow_id', 'text')
        .addColumn('last_objective_record_id', 'text')
        .addColumn('created', 'text', (c) => c.notNull())
        .addUniqueConstraint('objective_workflow_aggregates_user_objective', [
          'user_id',
          'objective_id',
        ])
        .execute();

      await db.schema
        .createTable('objective_workflows')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
        .addColumn('objective_workflow_aggregate_id', 'text', (c) =>
          c.notNull().references('objective_workflow_aggregates.id'),
        )
        .addColumn('objective_id', 'text', (c) => c.notNull().references('objectives.id'))
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
        .addColumn('state', 'integer', (c) => c.notNull())
        .addColumn('progress', t.float, (c) => c.notNull().defaultTo(0))
        .addColumn('score', t.float)
        .addColumn('created', 'text', (c) => c.notNull())
        .addColumn('started', 'text')
        .addColumn('submitted', 'text')
        .addColumn('graded', 'text')
        .addColumn('grade_approved', 'text')
        .addColumn('finished', 'text')
        .addColumn('objective_record_id', 'text')
        .addColumn('protect_results', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .createIndex('objective_workflows_aggregate')
        .on('objective_workflows')
        .columns(['objective_workflow_aggregate_id', 'created'])
        .execute();

      await db.schema
        .createTable('objective_records')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
        .addColumn('objective_workflow_aggregate_id', 'text', (c) =>
          c.notNull().references('objective_workflow_aggregates.id'),
        )
        .addColumn('objective_id', 'text', (c) => c.notNull().references('objectives.id'))
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
        .addColumn('objective_workflow_id', 'text', (c) => c.references('objective_workflows.id'))
        .addColumn('score', t.float)
        .addColumn('max_score', t.float)
        .addColumn('normalized_score', t.float)
        .addColumn('grade_id', 'text', (c) => c.references('grades.id'))
        .addColumn('passed', 'integer')
        .addColumn('progress', t.float, (c) => c.notNull().defaultTo(0))
        .addColumn('protect_results', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created', 'text', (c) => c.notNull())
        .addColumn('started', 'text')
        .addColumn('submitted', 'text')
        .addColumn('finished', 'text')
        .execute();
      await db.schema
        .createIndex('objective_records_aggregate')
        .on('objective_records')
        .columns(['objective_workflow_aggregate_id', 'created'])
        .execute();
      await db.schema
        .createIndex('objective_records_user_objective')
        .on('objective_records')
        .columns(['user_id', 'objective_id'])
        .execute();

      await db.schema
        .createTable('activity_workflows')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
        .addColumn('objective_workflow_id', 'text', (c) =>
          c.notNull().references('objective_workflows.id'),
        )
        .addColumn('activity_id', 'text', (c) => c.notNull().references('activities.id'))
        .addColumn('axis', 'text', (c) => c.notNull())
        .addColumn('parent_activity_workflow_id', 'text')
        .addColumn('state', 'integer', (c) => c.notNull())
        .addColumn('progress', t.float, (c) => c.notNull().defaultTo(0))
        .addColumn('score', t.float)
        .addColumn('max_score', t.float)
        .addColumn('created', 'text', (c) => c.notNull())
        .addColumn('started', 'text')
        .addColumn('submitted', 'text')
        .addColumn('finished', 'text')
        .addColumn('activity_record_id', 'text')
        .addColumn('last_proctoring_session_id', 'text')
        .execute();
      await db.schema
        .createIndex('activity_workflows_objective_workflow_axis')
        .on('activity_workflows')
        .columns(['objective_workflow_id', 'axis'])
        .execute();

      await db.schema
        .createTable('activity_records')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
        .addColumn('activity_workflow_id', 'text', (c) =>
          c.notNull().references('activity_workflows.id'),
        )
        .addColumn('activity_id', 'text', (c) => c.notNull().references('activities.id'))
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
        .addColumn('score', t.float)
        .addColumn('max_score', t.float)
        .addColumn('normalized_score', t.float)
        .addColumn('progress', t.float, (c) => c.notNull().defaultTo(0))
        .addColumn('passed', 'integer')
        .addColumn('grade_id', 'text')
        .addColumn('created', 'text', (c) => c.notNull())
        .addColumn('started', 'text')
        .addColumn('finished', 'text')
        .execute();
      await db.schema
        .createIndex('activity_records_workflow')
        .on('activity_records')
        .column('activity_workflow_id')
        .execute();

      await db.schema
        .createTable('sessions')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('tenant_id', 'text', (c) => c.notNull())
        .addColumn('provider', 'text', (c) => c.notNull())
        .addColumn('id_token', 'text')
        .addColumn('created', 'text', (c) => c.notNull())
        .addColumn('last_seen', 'text', (c) => c.notNull())
        .addColumn('expires', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('sessions_user').on('sessions').column('user_id').execute();
      await db.schema.createIndex('sessions_expires').on('sessions').column('expires').execute();

      await db.schema
        .createTable('commands')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('tenant_id', 'text', (c) => c.notNull())
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('payload', 'text', (c) => c.notNull())
        .addColumn('entity_id', 'text')
        .addColumn('created', 'text', (c) => c.notNull())
        .addColumn('state', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('errors', 'text')
        .addColumn('result_url', 'text')
        .addColumn('completed', 'text')
        .addColumn('claimed_by', 'text')
        .addColumn('claimed_at', 'text')
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .createIndex('commands_pending')
        .on('commands')
        .columns(['state', 'created'])
        .execute();
      await db.schema
        .createIndex('commands_user_type')
        .on('commands')
        .columns(['user_id', 'type', 'created'])
        .execute();

      await db.schema
        .createTable('analytics_events')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('tenant_id', 'text')
        .addColumn('user_id', 'text')
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('payload', 'text', (c) => c.notNull())
        .addColumn('created', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('analytics_events_name_created')
        .on('analytics_events')
        .columns(['name', 'created'])
        .execute();

      await db.schema
        .createTable('oidc_payloads')
        .addColumn('id', 'text', (c) => c.notNull())
        .addColumn('model', 'text', (c) => c.notNull())
        .addColumn('payload', 'text', (c) => c.notNull())
        .addColumn('grant_id', 'text')
        .addColumn('user_code', 'text')
        .addColumn('uid', 'text')
        .addColumn('expires_at', 'text')
        .addColumn('consumed_at', 'text')
        .addPrimaryKeyConstraint('oidc_payloads_pk', ['model', 'id'])
        .execute();
      await db.schema
        .createIndex('oidc_payloads_grant')
        .on('oidc_payloads')
        .column('grant_id')
        .execute();
      await db.schema.createIndex('oidc_payloads_uid').on('oidc_payloads').column('uid').execute();

      await db.schema
        .createTable('oidc_transactions')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('provider', 'text', (c) => c.notNull())
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('nonce', 'text', (c) => c.notNull())
        .addColumn('code_verifier', 'text', (c) => c.notNull())
        .addColumn('redirect_url', 'text', (c) => c.notNull())
        .addColumn('created', 'text', (c) => c.notNull())
        .addColumn('expires', 'text', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('key_values')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('value', 'text', (c) => c.notNull())
        .execute();

      // The enrolled and catalog lists start from the learner's accesses.
      await db.schema
        .createIndex('objective_accesses_user_term')
        .on('objective_accesses')
        .columns(['user_id', 'term_id'])
        .execute();
    },
    async down(): Promise<void> {
      throw new Error('The initial migration cannot be reverted');
    },
  };
}
