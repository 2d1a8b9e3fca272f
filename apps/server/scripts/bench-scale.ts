// bench:scale — one server instance against two on one PostgreSQL, the same load (32 connections on the first
// page of My Courses), spread evenly over the instances' ports by the load generator; prints the ratio.
// Usage: DATABASE_URL=postgres://… npm run bench:scale   (BENCH_SECONDS 15, BENCH_CONNECTIONS 32, BENCH_PORT 3410)
import { encodeLoadOptions } from '@portal/contracts';
import {
  FIRST_PAGE,
  listUrl,
  openBench,
  runLoad,
  startServer,
  stopServer,
  type ServerProcess,
} from './bench-support.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const PORT = Number(process.env.BENCH_PORT ?? 3410);

async function main(): Promise<void> {
  const bench = await openBench();
  if (bench.config.database.kind !== 'postgres')
    throw new Error('bench:scale needs DATABASE_URL=postgres://… (instances share one database).');
  const query = encodeLoadOptions(FIRST_PAGE);
  const servers: ServerProcess[] = [];
  try {
    const rows: { instances: number; requestsPerSecond: number }[] = [];
    console.log(`${CONNECTIONS} connections, ${SECONDS} s per run, first page of My Courses`);
    console.log('| instances | requests/s | p50 ms | p99 ms | failed | per instance req/s |');
    console.log('|---|---|---|---|---|---|');
    for (const instances of [1, 2]) {
      while (servers.length < instances) servers.push(await startServer(PORT + servers.length));
      const urls = servers.map((server) => listUrl(server.port, query));
      await runLoad({ urls, connections: 8, seconds: 2, headers: bench.headers });
      const load = await runLoad({
        urls,
        connections: CONNECTIONS,
        seconds: SECONDS,
        headers: bench.headers,
      });
      rows.push({ instances, requestsPerSecond: load.requestsPerSecond });
      console.log(
        `| ${instances} | ${load.requestsPerSecond.toFixed(0)} | ${load.p50} | ${load.p99} | ${load.failed} | ` +
          `${load.perUrl.map((item) => item.requestsPerSecond.toFixed(0)).join(' + ')} |`,
      );
    }
    const ratio = rows[1]!.requestsPerSecond / rows[0]!.requestsPerSecond;
    console.log(`two instances ÷ one: ${ratio.toFixed(2)}×`);
  } finally {
    for (const server of servers) await stopServer(server);
    await bench.database.close();
  }
}

await main();
