// Shared parts of bench:courses and bench:scale: the server started as `npm start` starts it (a child process
// on its own port), the load generator in another process, a session of the benchmark learner, and the
// raw SQL time of the list query measured in the benchmark's own process.
import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';
import { loadConfig, type AppConfig } from '../src/config.ts';
import { createDatabase, type DatabaseHandle } from '../src/db/database.ts';
import { systemClock } from '../src/lib/clock.ts';
import { createSessionsService, sessionCookieName } from '../src/modules/auth/sessions.service.ts';
import { createCoursesRepository } from '../src/modules/courses/courses.repository.ts';
import { createCoursesService } from '../src/modules/courses/courses.service.ts';
import type { Principal } from '../src/http/principal.ts';
import type { LoadRequest, LoadResult } from './bench-load.ts';
import type { LoadOptions } from '@portal/contracts';

const ROOT = resolve(import.meta.dirname, '../../..');
const LIST_PATH = '/api/lms/v1/objective-workflow-aggregates/query';
export const BENCH_EMAIL = 'bench@example.com';

export interface ServerProcess {
  port: number;
  child: ChildProcess;
}

/**
 * Starts `apps/server/src/main.ts` as `npm start` does (node with tsx, migrations on start), on 127.0.0.1 and
 * `port`, without the demo seed; waits until /healthz answers. BENCH_CPU_PROF=dir writes a CPU profile there.
 */
export async function startServer(port: number, env: Record<string, string> = {}) {
  const profile = process.env.BENCH_CPU_PROF;
  const args = [
    ...(profile ? ['--cpu-prof', `--cpu-prof-dir=${profile}`] : []),
    '--import',
    'tsx',
    'apps/server/src/main.ts',
  ];
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      ...env,
    },
  });
  const deadline = Date.now() + 15 * 60_000;
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`The server on port ${port} exited (${child.exitCode}).`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) return { port, child };
    } catch {
      // Not listening yet (the first start migrates the benchmark database).
    }
    if (Date.now() > deadline) throw new Error(`The server on port ${port} did not start.`);
    await new Promise((done) => setTimeout(done, 250));
  }
}

export async function stopServer(server: ServerProcess): Promise<void> {
  if (server.child.exitCode !== null) return;
  const exited = new Promise((done) => server.child.once('exit', done));
  server.child.kill('SIGTERM');
  await exited;
}

/** Runs the load generator in its own process and answers its figures. */
export function runLoad(request: LoadRequest): Promise<LoadResult> {
  return new Promise((done, fail) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', resolve(import.meta.dirname, 'bench-load.ts'), JSON.stringify(request)],
      { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', (code) =>
      code === 0 ? done(JSON.parse(output) as LoadResult) : fail(new Error(`load exited ${code}`)),
    );
  });
}

export interface BenchContext {
  config: AppConfig;
  database: DatabaseHandle;
  principal: Principal;
  headers: Record<string, string>;
  /** Durations (ms) of the statements run since the last `takeStatementTimes()`. */
  takeStatementTimes(): number[];
}

/** Opens the benchmark database (with statement timing) and signs the benchmark learner in. */
export async function openBench(): Promise<BenchContext> {
  const config = loadConfig();
  let times: number[] = [];
  const database = createDatabase(config.database, {
    log: (event) => {
      if (event.level === 'query') times.push(event.queryDurationMillis);
    },
  });
  const bench = await database.db
    .selectFrom('users')
    .select(['id', 'tenantId'])
    .where('email', '=', BENCH_EMAIL)
    .orderBy('created', 'desc')
    .executeTakeFirst();
  if (!bench) throw new Error(`No ${BENCH_EMAIL}: run npm run bench:generate first.`);
  const sessions = createSessionsService({ db: database.db, clock: systemClock, config });
  const { token, sessionId } = await sessions.create({
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
  return {
    config,
    database,
    principal: { userId: bench.id, tenantId: bench.tenantId, sessionId } satisfies Principal,
    headers,
    takeStatementTimes() {
      const taken = times;
      times = [];
      return taken;
    },
  };
}

export const listUrl = (port: number, query: URLSearchParams) =>
  `http://127.0.0.1:${port}${LIST_PATH}?${query.toString()}`;

/**
 * The raw SQL time of one list request: the service's statements (page of ids, total, the page's rows, their
 * showcases) run `runs` times in this process, each request's statement durations summed.
 */
export async function measureSql(bench: BenchContext, query: URLSearchParams, runs = 300) {
  const service = createCoursesService({
    coursesRepository: createCoursesRepository(bench.database.db),
    clock: systemClock,
  });
  const parameters = Object.fromEntries(query.entries());
  const perRequest: number[] = [];
  for (let i = 0; i < runs + 20; i += 1) {
    bench.takeStatementTimes();
    await service.listEnrollmentAggregates(bench.principal, parameters);
    const total = bench.takeStatementTimes().reduce((sum, ms) => sum + ms, 0);
    if (i >= 20) perRequest.push(total);
  }
  perRequest.sort((a, b) => a - b);
  const at = (q: number) =>
    perRequest[Math.min(perRequest.length - 1, Math.floor(q * perRequest.length))]!;
  return { p50: at(0.5), p99: at(0.99) };
}

export const ms = (value: number) => (value < 10 ? value.toFixed(2) : value.toFixed(1));

/** The web client's "enrolled" filter of My Courses. */
export const enrolledFilter = [
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
const sort = [{ selector: 'objective.name', desc: false }];

export const FIRST_PAGE: LoadOptions = {
  take: 24,
  requireTotalCount: true,
  filter: enrolledFilter,
  sort,
};
