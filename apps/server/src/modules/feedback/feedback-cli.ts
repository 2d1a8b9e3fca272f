// `npm run feedback -w apps/server -- export [--tenant-domain d] [--from iso] [--to iso] [--output file.csv]`:
// a tenant's product feedback as CSV, the same text as the admin API's export.
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { loadConfig } from '../../config.ts';
import { createDatabase, migrateToLatest } from '../../db/database.ts';
import { createFeedbackRepository } from './feedback.repository.ts';
import { createFeedbackService } from './feedback.service.ts';
import { findCliTenant } from '../../lib/cli-tenant.ts';

const USAGE = `Usage:
  feedback export [--tenant-domain <domain>] [--from <ISO time>] [--to <ISO time>] [--output <file.csv>]`;

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: {
    'tenant-domain': { type: 'string' },
    from: { type: 'string' },
    to: { type: 'string' },
    output: { type: 'string' },
  },
});

function fail(message: string): never {
  console.error(`${message}\n\n${USAGE}`);
  process.exit(1);
}

if (positionals[0] !== 'export') fail('Unknown command.');
const isoTime = z.iso.datetime({ offset: true });
for (const option of ['from', 'to'] as const) {
  const value = values[option];
  if (value !== undefined && !isoTime.safeParse(value).success)
    fail(`--${option} must be an ISO 8601 time such as 2030-03-01T00:00:00Z.`);
}

const config = loadConfig();
const database = createDatabase(config.database);
try {
  await migrateToLatest(database);
  const tenant = await findCliTenant(database.db, values['tenant-domain']);
  if (!tenant) fail('No such tenant (start the server or run the seed first).');
  const service = createFeedbackService({
    feedbackRepository: createFeedbackRepository(database.db),
  });
  const csv = await service.exportCsv(tenant.id, {
    from: values.from ? new Date(values.from).toISOString() : undefined,
    to: values.to ? new Date(values.to).toISOString() : undefined,
  });
  if (values.output) {
    writeFileSync(values.output, csv);
    const records = csv.split('\r\n').length - 2;
    process.stderr.write(`Wrote ${records} feedback records to ${values.output}.\n`);
  } else {
    process.stdout.write(csv);
  }
} finally {
  await database.close();
}
