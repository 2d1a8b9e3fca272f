// Load test of My Courses for the benchmark learner (run generate-large-tenant.ts first).
// Usage: DATABASE_URL=postgres://… or SQLITE_FILE=… npm run bench:courses   (BENCH_SECONDS, BENCH_CONNECTIONS optional)
import autocannon from 'autocannon';
import { encodeLoadOptions, type LoadOptions } from '@portal/contracts';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { createDatabase, migrateToLatest } from '../src/db/database.ts';
import { systemClock } from '../src/lib/clock.ts';
import { createSessionsService, sessionCookieName } from '../src/modules/auth/sessions.service.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);

const enrolledFilter = [
  [
    ['objectiveWorkflowAggregate.isSelfEnrolled', '=', true],
    'or',
    ['isMandatory', '=', true],
    'or',
    ['objectiveWorkflowAggregate.lastObjectiveWorkflow', '<>', null],
    'or',
    ['objectiveWorkflowAggregate.lastObjectiveRecord', '<>', null],
  ],
  'and',
  ['objective.activity.state', '<>', 4],
];
const search = (text: string) => [
  ['objective.code', 'contains', text],
  'or',
  ['objective.name', 'contains', text],
  'or',
  ['objective.description', 'contains', text],
];
const sort = [{ selector: 'objective.name', desc: false }];

const variants: { name: string; options: LoadOptions }[] = [
  {
    name: 'first page (take 24, total count)',
    options: { take: 24, requireTotalCount: true, filter: enrolledFilter, sort },
  },
  {
    name: 'search "python" (take 24, total count)',
    options: {
      take: 24,
      requireTotalCount: true,
      filter: [enrolledFilter, 'and', search('python')],
      sort,
    },
  },
  {
    name: 'deep page (skip 960, take 24, total count)',
    options: { skip: 960, take: 24, requireTotalCount: true, filter: enrolledFilter, sort },
  },
];

async function main(): Promise<void> {
  const config = { ...loadConfig(), logLevel: 'silent' };
  const database = createDatabase(config.database);
  await migrateToLatest(database);
  const bench = await database.db
    .selectFrom('users')
    .select(['id', 'tenantId'])
    .where('email', '=', 'bench@example.com')
    .orderBy('created', 'desc')
    .executeTakeFirst();
  if (!bench) throw new Error('No bench@example.com: run npm run bench:generate first.');

  const { app } = await buildApp(config, { database, startWorker: false });
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  const sessions = createSessionsService({ db: database.db, clock: systemClock, config });
  const { token } = await sessions.create({
    userId: bench.id,
    tenantId: bench.tenantId,
    provider: 'local',
    idToken: null,
  });
  const headers = {
    cookie: `${sessionCookieName(config)}=${token}`,
    'x-requested-with': 'XMLHttpRequest',
    accept: 'application/json',
  };

  console.log(
    `database: ${config.database.kind}; ${CONNECTIONS} connections, ${SECONDS} s per variant`,
  );
  console.log('| variant | requests/s | p50 ms | p99 ms | non-2xx |');
  console.log('|---|---|---|---|---|');
  try {
    for (const variant of variants) {
      const url = `${address}/api/lms/v1/objective-workflow-aggregates/query?${encodeLoadOptions(variant.options).toString()}`;
      const check = await fetch(url, { headers });
      const body = (await check.json()) as { data?: unknown[]; totalCount?: number };
      if (!check.ok)
        throw new Error(`${variant.name}: HTTP ${check.status} ${JSON.stringify(body)}`);
      const result = await autocannon({
        url,
        connections: CONNECTIONS,
        duration: SECONDS,
        headers,
      });
      console.log(
        `| ${variant.name} (${body.data?.length} rows of ${body.totalCount}) | ${result.requests.average.toFixed(0)} | ${result.latency.p50} | ${result.latency.p99} | ${result.non2xx + result.errors} |`,
      );
    }
  } finally {
    await app.close();
    await database.close();
  }
}

await main();
