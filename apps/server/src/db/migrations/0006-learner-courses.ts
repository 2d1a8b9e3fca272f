// The learner-list read model (docs/decisions/0013): the learner_courses table, its covering indexes, and a
// back-fill from the enrolments that exist.
import { CamelCasePlugin, type Kysely } from 'kysely';
import type { Database } from '../schema.ts';
import { refreshLearnerCourses } from '../../modules/courses/learner-courses.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations predate the typed schema
type AnyDb = Kysely<any>;

/** Every list sorts inside one learner's listed rows, then by the aggregate id as the tie-breaker. */
const SORT_KEYS = {
  name: 'objective_name',
  code: 'objective_code',
  created: 'created',
  due: 'due_date',
  availability: 'availability_date',
  started: 'workflow_started',
} as const;

export function learnerCoursesMigration() {
  return {
    async up(db: AnyDb): Promise<void> {
      await db.schema
        .createTable('learner_courses')
        .addColumn('id', 'text', (c) =>
          c.primaryKey().references('objective_workflow_aggregates.id').onDelete('cascade'),
        )
        .addColumn('tenant_id', 'text', (c) => c.notNull())
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('objective_id', 'text', (c) => c.notNull())
        .addColumn('objective_access_id', 'text', (c) => c.notNull())
        .addColumn('listed', 'integer', (c) => c.notNull())
        .addColumn('enrolled', 'integer', (c) => c.notNull())
        .addColumn('term_id', 'text')
        .addColumn('is_mandatory', 'integer', (c) => c.notNull())
        .addColumn('show_in_catalog', 'integer', (c) => c.notNull())
        .addColumn('created', 'text', (c) => c.notNull())
        .addColumn('due_date', 'text')
        .addColumn('availability_date', 'text')
        .addColumn('objective_name', 'text', (c) => c.notNull())
        .addColumn('objective_code', 'text')
        .addColumn('objective_description', 'text')
        .addColumn('activity_state', 'integer', (c) => c.notNull())
        .addColumn('activity_type', 'integer', (c) => c.notNull())
        .addColumn('is_self_enrolled', 'integer', (c) => c.notNull())
        .addColumn('last_objective_workflow_id', 'text')
        .addColumn('workflow_state', 'integer')
        .addColumn('workflow_started', 'text')
        .addColumn('last_objective_record_id', 'text')
        .addColumn('record_finished', 'text')
        .execute();
      for (const [name, column] of Object.entries(SORT_KEYS)) {
        await db.schema
          .createIndex(`learner_courses_by_${name}`)
          .on('learner_courses')
          .columns(['tenant_id', 'user_id', 'listed', column, 'id'])
          .execute();
      }
      // The total of the client's enrolled filter is counted from this index alone (no table rows).
      await db.schema
        .createIndex('learner_courses_counts')
        .on('learner_courses')
        .columns([
          'tenant_id',
          'user_id',
          'listed',
          'activity_state',
          'is_self_enrolled',
          'is_mandatory',
          'last_objective_workflow_id',
          'last_objective_record_id',
          'term_id',
        ])
        .execute();
      // Refreshing every learner of one course (a renamed or archived course).
      await db.schema
        .createIndex('learner_courses_objective')
        .on('learner_courses')
        .column('objective_id')
        .execute();
      // The back-fill is the writers' own refresh over every enrolment, so both fill rows the same way.
      await refreshLearnerCourses(db.withPlugin(new CamelCasePlugin()) as Kysely<Database>, 'all');
    },
  };
}
