// `npm run announcements -w apps/server -- post --course <id or code> --text <text> [--as <e-mail>] [--tenant-domain d]`:
// posts a course announcement from a shell, through the same rules as the API (the author must hold
// Announcement.Post for the course; length and rate limits). Without --as, the tenant's first administrator
// posts. Browsers of the course's members see it live (PostgreSQL: NOTIFY; SQLite: the server polls).
import { parseArgs } from 'node:util';
import { Permission } from '@portal/contracts';
import { loadConfig } from '../../config.ts';
import { createDatabase, migrateToLatest } from '../../db/database.ts';
import { DomainError } from '../../http/errors.ts';
import { systemClock } from '../../lib/clock.ts';
import { findCliActor, findCliCourse, findCliTenant } from '../../lib/cli-tenant.ts';
import { createAnnouncementsRepository } from './announcements.repository.ts';
import { createAnnouncementsService } from './announcements.service.ts';
import { createAnnouncementsHub } from './announcements-hub.ts';
import pino from 'pino';

const USAGE = `Usage:
  announcements post --course <course id or code> --text <text> [--as <e-mail>] [--tenant-domain <domain>]`;

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: {
    course: { type: 'string' },
    text: { type: 'string' },
    as: { type: 'string' },
    'tenant-domain': { type: 'string' },
  },
});

function fail(message: string): never {
  console.error(`${message}\n\n${USAGE}`);
  process.exit(1);
}

if (positionals[0] !== 'post') fail('Unknown command.');
if (!values.course) fail('post needs --course.');
if (values.text === undefined) fail('post needs --text.');

const config = loadConfig();
const database = createDatabase(config.database);
const hub = createAnnouncementsHub({
  db: database.db,
  postgresUrl: database.url,
  log: pino({ level: 'warn' }),
});
try {
  await migrateToLatest(database);
  const { db } = database;
  const tenant = await findCliTenant(db, values['tenant-domain']);
  if (!tenant) fail('No such tenant (start the server or run the seed first).');
  const course = await findCliCourse(db, tenant.id, values.course!);
  if (!course) fail(`No course ${values.course} in this tenant.`);
  const author = await findCliActor(db, tenant.id, Permission.announcementPost, values.as);
  if (!author)
    fail(values.as ? `${values.as} may not post announcements.` : 'No administrator to post as.');
  const service = createAnnouncementsService({
    db,
    repository: createAnnouncementsRepository(db),
    clock: systemClock,
    hub,
  });
  try {
    const posted = await service.post(
      { tenantId: tenant.id, userId: author.id },
      course.id,
      values.text,
    );
    process.stdout.write(`${JSON.stringify(posted)}\n`);
    process.stderr.write(`Posted to ${course.name} as ${author.email}.\n`);
  } catch (error) {
    if (error instanceof DomainError) fail(error.message);
    throw error;
  }
} finally {
  await hub.close();
  await database.close();
}
