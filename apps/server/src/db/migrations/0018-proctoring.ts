// Proctored activities (docs/decisions/0028): an activity names the proctoring tool that watches it, a tool
// registration says whether it may proctor, and each activity workflow's proctoring sessions (1EdTech LTI
// Proctoring Services: LtiStartProctoring, LtiStartAssessment, LtiEndAssessment) are kept here.
import type { Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations predate the typed schema
type AnyDb = Kysely<any>;

export function proctoringMigration() {
  return {
    async up(db: AnyDb): Promise<void> {
      await db.schema
        .alterTable('lti_tools')
        // 1: the tool may be named as an activity's proctoring tool (LTI Proctoring Services messages).
        .addColumn('proctoring', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .alterTable('activities')
        .addColumn('proctoring_tool_id', 'text', (c) => c.references('lti_tools.id'))
        .execute();

      await db.schema
        .createTable('proctoring_sessions')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
        .addColumn('objective_workflow_id', 'text', (c) =>
          c.notNull().references('objective_workflows.id'),
        )
        .addColumn('activity_workflow_id', 'text', (c) =>
          c.notNull().references('activity_workflows.id'),
        )
        .addColumn('activity_id', 'text', (c) => c.notNull().references('activities.id'))
        // The proctored activity's activityPathId (part ids joined by "/").
        .addColumn('axis', 'text', (c) => c.notNull())
        .addColumn('tool_id', 'text', (c) => c.notNull().references('lti_tools.id'))
        // The placement's resource link the proctoring messages name.
        .addColumn('resource_link_id', 'text', (c) => c.references('lti_resource_links.id'))
        // 1 created, 2 finished
        .addColumn('state', 'integer', (c) => c.notNull())
        // 1 for the first session of the activity workflow, then 2, 3…
        .addColumn('attempt_number', 'integer', (c) => c.notNull())
        // SHA-256 (hex) of the session_data sent in the LtiStartProctoring launch, and the value sealed
        // (secret box) for the LtiEndAssessment message; null until the launch is issued.
        .addColumn('session_data_hash', 'text')
        .addColumn('session_data_sealed', 'text')
        // SHA-256 (hex) of the single-use start token; the token itself is never stored.
        .addColumn('start_token_hash', 'text')
        .addColumn('start_token_expires', 'text')
        .addColumn('start_token_used', 'text')
        .addColumn('assessment_started', 'text')
        .addColumn('finished', 'text')
        .addColumn('created', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('proctoring_sessions_activity_workflow')
        .on('proctoring_sessions')
        .columns(['activity_workflow_id', 'attempt_number'])
        .unique()
        .execute();
      await db.schema
        .createIndex('proctoring_sessions_start_token')
        .on('proctoring_sessions')
        .column('start_token_hash')
        .unique()
        .execute();
      await db.schema
        .createIndex('proctoring_sessions_open')
        .on('proctoring_sessions')
        .columns(['objective_workflow_id', 'state'])
        .execute();

      // A pending launch may be a proctoring message instead of a resource link launch.
      await db.schema
        .alterTable('lti_launches')
        // null: LtiResourceLinkRequest; else LtiStartProctoring or LtiEndAssessment
        .addColumn('message_type', 'text')
        .execute();
      await db.schema
        .alterTable('lti_launches')
        .addColumn('proctoring_session_id', 'text', (c) => c.references('proctoring_sessions.id'))
        .execute();
    },
  };
}
