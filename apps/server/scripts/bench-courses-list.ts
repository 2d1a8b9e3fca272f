// bench:courses — My Courses under load for the benchmark learner (run bench:generate first): the server as a
// child process started as `npm start` starts it, the load generator (autocannon) in another process, 1 and 32
// connections, and the raw SQL time of the same request measured in this process in the same run.
// Usage: DATABASE_URL=postgres://… or SQLITE_FILE=… npm run bench:courses
//   BENCH_SECONDS (10), BENCH_CONNECTIONS ("1,32"), BENCH_PORT (3400), BENCH_CPU_PROF=dir (server CPU profile)
import { encodeLoadOptions, type LoadOptions } from '@portal/contracts';
import {
  enrolledFilter,
  FIRST_PAGE,
  listUrl,
  measureSql,
  ms,
  openBench,
  runLoad,
  startServer,
  stopServer,
} from './bench-support.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = (process.env.BENCH_CONNECTIONS ?? '1,32').split(',').map(Number);
const PORT = Number(process.env.BENCH_PORT ?? 3400);

const search = (text: string) => [
  ['objective.code', 'contains', text],
  'or',
  ['objective.name', 'contains', text],
  'or',
  ['objective.description', 'contains', text],
];

const variants: { name: string; options: LoadOptions }[] = [
  { name: 'first page', options: FIRST_PAGE },
  {
    name: 'search "python"',
    options: { ...FIRST_PAGE, filter: [enrolledFilter, 'and', search('python')] },
  },
  { name: 'deep page, skip 960', options: { ...FIRST_PAGE, skip: 960 } },
];

async function main(): Promise<void> {
  const bench = await openBench();
  const server = await startServer(PORT);
  try {
    console.log(
      `database: ${bench.config.database.kind}; server pid ${server.child.pid} on port ${PORT}; ` +
        `${SECONDS} s per run; load generator in its own process`,
    );
    console.log(
      '| variant | connections | requests/s | p50 ms | p99 ms | failed | SQL p50 ms | SQL p99 ms |',
    );
    console.log('|---|---|---|---|---|---|---|---|');
    for (const variant of variants) {
      const query = encodeLoadOptions(variant.options);
      const url = listUrl(PORT, query);
      const check = await fetch(url, { headers: bench.headers });
      const body = (await check.json()) as { data?: unknown[]; totalCount?: number };
      if (!check.ok)
        throw new Error(`${variant.name}: HTTP ${check.status} ${JSON.stringify(body)}`);
      // Warm both sides (statement caches, JIT) before measuring.
      await runLoad({ urls: [url], connections: 8, seconds: 2, headers: bench.headers });
      const sql = await measureSql(bench, query);
      for (const connections of CONNECTIONS) {
        const load = await runLoad({
          urls: [url],
          connections,
          seconds: SECONDS,
          headers: bench.headers,
        });
        console.log(
          `| ${variant.name} (${body.data?.length} of ${body.totalCount}) | ${connections} | ` +
            `${load.requestsPerSecond.toFixed(0)} | ${load.p50} | ${load.p99} | ${load.failed} | ` +
            `${ms(sql.p50)} | ${ms(sql.p99)} |`,
        );
      }
    }
  } finally {
    await stopServer(server);
    await bench.database.close();
  }
}

await main();
