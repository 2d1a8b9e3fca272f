// `npm run tutor -w apps/server -- reindex [--tenant-domain d] [--course id]`: rebuilds the tutor's knowledge
// models from the courses' current content (one course, or every course of the tenant).
import { parseArgs } from 'node:util';
import { idSchema } from '@portal/contracts';
import { loadConfig } from '../../config.ts';
import { createDatabase, migrateToLatest } from '../../db/database.ts';
import { findCliTenant } from '../../lib/cli-tenant.ts';
import { createTutorRepository, portalPdfReader } from './tutor.repository.ts';

const USAGE = `Usage:
  tutor reindex [--tenant-domain <domain>] [--course <course id>]`;

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: {
    'tenant-domain': { type: 'string' },
    course: { type: 'string' },
  },
});

function fail(message: string): never {
  console.error(`${message}\n\n${USAGE}`);
  process.exit(1);
}

if (positionals[0] !== 'reindex') fail('Unknown command.');
if (values.course !== undefined && !idSchema.safeParse(values.course).success)
  fail('--course must be a course (objective) id.');

const config = loadConfig();
const database = createDatabase(config.database);
try {
  await migrateToLatest(database);
  const tenant = await findCliTenant(database.db, values['tenant-domain']);
  if (!tenant) fail('No such tenant (start the server or run the seed first).');
  const repository = createTutorRepository(
    database.db,
    database.dialect,
    portalPdfReader(config.webDist),
  );
  const courses = values.course
    ? [values.course.toLowerCase()]
    : await repository.objectiveIds(tenant.id);
  for (const courseId of courses) {
    const result = await repository.rebuild(tenant.id, courseId, new Date().toISOString());
    if (!result) fail(`No course ${courseId} in ${tenant.name}.`);
    process.stdout.write(
      `${courseId}: knowledge model ${result.knowledgeModelId}, ${result.passages} passages\n`,
    );
  }
} finally {
  await database.close();
}
