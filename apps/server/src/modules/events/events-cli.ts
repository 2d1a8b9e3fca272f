// `npm run events -w apps/server -- export --from <ISO> --to <ISO> [--out file.ndjson] [--tenant-domain d]`:
// a tenant's analytics events as NDJSON, the same lines as the admin API's export, with progress on stderr.
// `npm run events -w apps/server -- outbox`: the xAPI outbox's pending, retrying, delivered and rejected counts.
import { createWriteStream, type WriteStream } from 'node:fs';
import { once } from 'node:events';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { loadConfig } from '../../config.ts';
import { createDatabase, migrateToLatest } from '../../db/database.ts';
import { findCliTenant } from '../../lib/cli-tenant.ts';
import { createXapiOutboxRepository } from '../xapi/xapi-outbox.repository.ts';
import { createEventsRepository } from './events.repository.ts';
import { createEventsExport, exportRangeSchema } from './events-export.ts';

const USAGE = `Usage:
  events export --from <ISO time> --to <ISO time> [--out <file.ndjson>] [--tenant-domain <domain>]
  events outbox`;

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: {
    'tenant-domain': { type: 'string' },
    from: { type: 'string' },
    to: { type: 'string' },
    out: { type: 'string' },
  },
});

function fail(message: string): never {
  console.error(`${message}\n\n${USAGE}`);
  process.exit(1);
}

/** The progress line, rewritten in place with "\r": a bar, the count and the share. */
function progressLine(done: number, total: number): string {
  const width = 30;
  const share = total === 0 ? 1 : done / total;
  const filled = Math.round(share * width);
  return `\r[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${done}/${total} events (${Math.floor(share * 100)}%)`;
}

async function write(out: WriteStream | NodeJS.WriteStream, text: string): Promise<void> {
  if (!out.write(text)) await once(out, 'drain');
}

const command = positionals[0];
if (command !== 'export' && command !== 'outbox') fail('Unknown command.');

let range: z.output<typeof exportRangeSchema> | undefined;
if (command === 'export') {
  const parsed = exportRangeSchema.safeParse({ from: values.from, to: values.to });
  if (!parsed.success) {
    fail(
      `--from and --to are required ISO 8601 times such as 2030-03-01T00:00:00Z, from before to, at most a year apart.\n${z.prettifyError(parsed.error)}`,
    );
  }
  range = parsed.data;
}

const config = loadConfig();
const database = createDatabase(config.database);
try {
  await migrateToLatest(database);
  if (command === 'outbox') {
    const summary = await createXapiOutboxRepository(database.db, database.dialect).summary();
    const lines = [
      `LRS: ${config.xapi ? config.xapi.endpoint : 'not configured (XAPI_ENDPOINT)'}`,
      `pending:   ${summary.pending} (of which retrying after a failure: ${summary.retrying})`,
      `delivered: ${summary.delivered}`,
      `rejected:  ${summary.rejected}`,
      ...(summary.oldestPending ? [`oldest pending since ${summary.oldestPending}`] : []),
      ...(summary.recentRejections.length > 0
        ? [
            'latest rejected statements:',
            ...summary.recentRejections.map(
              (row) => `  ${row.id} (event ${row.eventId}, ${row.created}): ${row.lastError ?? ''}`,
            ),
          ]
        : []),
    ];
    process.stdout.write(`${lines.join('\n')}\n`);
  } else if (range) {
    const tenant = await findCliTenant(database.db, values['tenant-domain']);
    if (!tenant) fail('No such tenant (start the server or run the seed first).');
    const eventsExport = createEventsExport({
      eventsRepository: createEventsRepository(database.db, database.dialect),
    });
    const total = await eventsExport.count(tenant.id, range);
    const out = values.out ? createWriteStream(values.out) : process.stdout;
    let done = 0;
    for await (const chunk of eventsExport.lines(tenant.id, range)) {
      await write(out, chunk);
      done += chunk.split('\n').length - 1;
      process.stderr.write(progressLine(done, Math.max(total, done)));
    }
    process.stderr.write(`${progressLine(done, Math.max(total, done))}\n`);
    if (out !== process.stdout) {
      (out as WriteStream).end();
      await once(out, 'finish');
      process.stderr.write(`Wrote ${done} events of ${tenant.name} to ${values.out}.\n`);
    }
  }
} finally {
  await database.close();
}
