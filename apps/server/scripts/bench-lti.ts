// Benchmark of the LTI platform's hot paths on a fresh temporary database: AGS score posts under load, full
// LTI 1.3 launches (resource-form + authorization endpoint) and token requests, one after another.
// Usage: npm run bench:lti   (SQLite in a temp directory)
//        DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:lti   (PostgreSQL: a temporary
//        database is created on that server with that user, and dropped at the end)
// Options: BENCH_LEARNERS (200), BENCH_SECONDS (10), BENCH_CONNECTIONS (10), BENCH_SEQUENTIAL (200).
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import { SignJWT } from 'jose';
import { AgsMediaType, AgsScope, resourceFormSchema } from '@portal/contracts';
import type { ListeningTestApp } from '../src/test/sign-in.ts';
import type { LtiToolRecord } from '../src/modules/lti/tools.repository.ts';
import type { ToolKeyPair } from '../src/modules/lti/testing/lti-fixtures.ts';

const LEARNERS = Number(process.env.BENCH_LEARNERS ?? 200);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const SEQUENTIAL = Number(process.env.BENCH_SEQUENTIAL ?? 200);
const WARM_UP = 20;
const TOOL_URL = 'https://bench-tool.example';
const REDIRECT_URI = `${TOOL_URL}/launch`;

// The test helpers read TEST_POSTGRES_URL when their module loads: point it at DATABASE_URL first.
const postgresUrl = process.env.DATABASE_URL;
if (postgresUrl) process.env.TEST_POSTGRES_URL = postgresUrl;
const { createListeningTestApp, signInAs } = await import('../src/test/sign-in.ts');
const { anEnrolment, aTenant, aUser } = await import('../src/test/course-builders.ts');
const { runCommand } = await import('../src/modules/catalog/catalog-commands.fixture.ts');
const { aToolKeyPair, anLti13Tool, anLtiCourse } =
  await import('../src/modules/lti/testing/lti-fixtures.ts');
const { subjectFor } = await import('../src/modules/lti/subjects.ts');

/** The part of autocannon 8 this script drives: one request rebuilt per call, and the latency tail. */
interface LoadRequest {
  method: 'POST';
  path: string;
  headers: Record<string, string>;
  body?: string;
  setupRequest(request: LoadRequest): LoadRequest;
}
interface LoadResult {
  requests: { average: number; total: number };
  latency: { p50: number; p97_5: number; p99: number; average: number };
  errors: number;
  timeouts: number;
  non2xx: number;
  statusCodeStats: Record<string, { count: number }>;
}
const load = autocannon as unknown as (options: {
  url: string;
  connections: number;
  duration: number;
  requests: LoadRequest[];
}) => Promise<LoadResult>;

interface Learner {
  userId: string;
  cookie: string;
  attemptId: string;
  activityWorkflowId: string;
  sub: string;
}

interface Bench {
  portal: ListeningTestApp;
  tool: LtiToolRecord;
  keys: ToolKeyPair;
  objectiveId: string;
  rootActivityId: string;
  learners: Learner[];
}

/** A learner enrolled in the course, with an attempt and the tool's activity started (real commands). */
async function aStartedLearner(bench: Omit<Bench, 'learners'>, tenantId: string): Promise<Learner> {
  const { portal, objectiveId, tool } = bench;
  const db = portal.ctx.db;
  const userId = await aUser(db, tenantId);
  const cookie = await signInAs(portal, userId);
  const { aggregateId } = await anEnrolment(db, { tenantId, userId, objectiveId })
    .selfEnrolled()
    .create();
  const attempt = await runCommand(portal, 'start-objective-workflows', cookie, {
    id: randomUUID(),
    objectiveWorkflowAggregateId: aggregateId,
  });
  const activity = await runCommand(portal, 'start-activity-workflows', cookie, {
    id: randomUUID(),
    objectiveWorkflowId: attempt.entityId,
    activityPartIds: [],
  });
  return {
    userId,
    cookie,
    attemptId: attempt.entityId!,
    activityWorkflowId: activity.entityId!,
    sub: await subjectFor(db, tool.id, userId),
  };
}

/** The app on a fresh database with one tenant, one tool (static key), one LTI course and its learners. */
async function setUp(): Promise<Bench> {
  const portal = await createListeningTestApp(postgresUrl ? 'postgres' : 'sqlite', {
    config: { rateLimitPerMinute: 1_000_000_000 },
  });
  const db = portal.ctx.db;
  const tenantId = await aTenant(db);
  const keys = await aToolKeyPair('bench-key');
  const tool = await anLti13Tool(portal.lti, tenantId, {
    name: 'Bench tool',
    toolUrl: TOOL_URL,
    publicJwk: keys.publicJwk,
    allowedScopes: Object.values(AgsScope),
  });
  const { objectiveId, rootActivityId } = await anLtiCourse(db, portal.lti, tenantId, tool);
  const base = { portal, tool, keys, objectiveId, rootActivityId };
  const learners: Learner[] = [];
  for (let i = 0; i < LEARNERS; i += 1) learners.push(await aStartedLearner(base, tenantId));
  return { ...base, learners };
}

/** A signed client assertion of the tool for the token endpoint (fresh jti). */
async function anAssertion(bench: Bench): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ jti: randomUUID() })
    .setProtectedHeader({ alg: 'RS256', kid: bench.keys.kid })
    .setIssuer(bench.tool.clientId!)
    .setSubject(bench.tool.clientId!)
    .setAudience(bench.portal.lti.urls.token)
    .setIssuedAt(now)
    .setExpirationTime(now + 300)
    .sign(bench.keys.privateKey);
}

/** POSTs the assertion to the token endpoint; answers the access token (throws on any error). */
async function requestToken(bench: Bench, assertion: string): Promise<string> {
  const response = await fetch(bench.portal.lti.urls.token, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'client_credentials',
      client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer',
      client_assertion: assertion,
      scope: AgsScope.score,
    }),
  });
  const body = (await response.json()) as { access_token?: string };
  if (response.status !== 200 || !body.access_token)
    throw new Error(`token endpoint answered ${response.status}: ${JSON.stringify(body)}`);
  return body.access_token;
}

interface LaunchTimes {
  form: number;
  auth: number;
}

/** One launch as the learner's browser runs it, minus the hop through the tool's login URL. */
async function launch(bench: Bench, learner: Learner): Promise<LaunchTimes> {
  const { baseUrl, lti } = bench.portal;
  const started = performance.now();
  const formResponse = await fetch(
    `${baseUrl}/api/lms/v1/objective-workflows/${learner.attemptId}/resource-form/${learner.activityWorkflowId}`,
    {
      headers: {
        cookie: learner.cookie,
        'x-requested-with': 'XMLHttpRequest',
        accept: 'application/json',
      },
    },
  );
  if (formResponse.status !== 200)
    throw new Error(`resource-form answered ${formResponse.status}: ${await formResponse.text()}`);
  const { fields } = resourceFormSchema.parse(await formResponse.json());
  const binding = formResponse.headers
    .getSetCookie()
    .map((line) => /^lti_binding=([^;]+)/.exec(line)?.[1])
    .find((value) => value !== undefined);
  if (!binding) throw new Error('resource-form set no lti_binding cookie');
  const formDone = performance.now();
  const params = new URLSearchParams({
    scope: 'openid',
    response_type: 'id_token',
    response_mode: 'form_post',
    prompt: 'none',
    client_id: fields.client_id!,
    redirect_uri: REDIRECT_URI,
    login_hint: fields.login_hint!,
    lti_message_hint: fields.lti_message_hint!,
    nonce: randomUUID(),
    state: randomUUID(),
  });
  const auth = await fetch(`${lti.urls.authorization}?${params.toString()}`, {
    headers: { cookie: `${learner.cookie}; lti_binding=${binding}` },
  });
  const page = await auth.text();
  if (auth.status !== 200 || !page.includes('name="id_token"'))
    throw new Error(`auth endpoint answered ${auth.status}: ${page.slice(0, 500)}`);
  return { form: formDone - started, auth: performance.now() - formDone };
}

/** Nearest-rank percentile of the sample, in ms. */
function percentile(sample: number[], p: number): number {
  const sorted = [...sample].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

const ms = (value: number) => value.toFixed(1);

function sequentialRow(name: string, sample: number[]): string {
  const mean = sample.reduce((a, b) => a + b, 0) / sample.length;
  return `| ${name} | ${sample.length} | ${ms(percentile(sample, 50))} | ${ms(percentile(sample, 95))} | ${ms(percentile(sample, 99))} | ${ms(mean)} |`;
}

/** The placement's line item (created by the first launch). */
async function lineItemId(bench: Bench): Promise<string> {
  const { id } = await bench.portal.ctx.db
    .selectFrom('ltiLineItems')
    .select('id')
    .where('objectiveId', '=', bench.objectiveId)
    .executeTakeFirstOrThrow();
  return id;
}

/** Every scored learner's activity record carries their last score (throws otherwise). */
async function checkScoresApplied(bench: Bench, itemId: string, posted: number): Promise<void> {
  const rows = await bench.portal.ctx.db
    .selectFrom('ltiResults as r')
    .leftJoin('activityRecords as a', (join) =>
      join.onRef('a.userId', '=', 'r.userId').on('a.activityId', '=', bench.rootActivityId),
    )
    .select(['r.scoreGiven', 'a.score'])
    .where('r.lineItemId', '=', itemId)
    .execute();
  const differing = rows.filter(
    (row) => row.score === null || Math.abs(row.score - (row.scoreGiven ?? Number.NaN)) > 1e-9,
  );
  const expected = Math.min(posted, bench.learners.length);
  if (rows.length !== expected || differing.length > 0)
    throw new Error(
      `${rows.length} results (expected ${expected}), ${differing.length} not in the activity record`,
    );
  console.log(`check: ${rows.length} learners' last scores are in their activity records`);
}

/**
 * AGS score posts at CONNECTIONS for SECONDS: learners in rotation, each post 1 ms later than the previous
 * one (so a learner's scores only go forward), "InProgress"/"FullyGraded" so that every post updates the
 * learner's activity workflow and attempt record without finishing the attempt.
 */
async function benchScores(bench: Bench): Promise<void> {
  const token = await requestToken(bench, await anAssertion(bench));
  const itemId = await lineItemId(bench);
  const url = new URL(`${bench.portal.lti.urls.lineItem(bench.objectiveId, itemId)}/scores`);
  const base = Date.now() - 60 * 60 * 1000;
  let sent = 0;
  const body = () => {
    const learner = bench.learners[sent % bench.learners.length]!;
    sent += 1;
    return JSON.stringify({
      userId: learner.sub,
      scoreGiven: sent % 11,
      scoreMaximum: 10,
      activityProgress: 'InProgress',
      gradingProgress: 'FullyGraded',
      timestamp: new Date(base + sent).toISOString(),
    });
  };
  const result = await load({
    url: url.origin,
    connections: CONNECTIONS,
    duration: SECONDS,
    requests: [
      {
        method: 'POST',
        path: url.pathname,
        headers: { authorization: `Bearer ${token}`, 'content-type': AgsMediaType.score },
        setupRequest: (request) => ({ ...request, body: body() }),
      },
    ],
  });
  const codes = Object.entries(result.statusCodeStats)
    .map(([code, { count }]) => `${code}: ${count}`)
    .join(', ');
  console.log(
    `\nAGS score posts (${CONNECTIONS} connections, ${SECONDS} s, ${bench.learners.length} learners in rotation)`,
  );
  console.log(
    '| requests/s | total | p50 ms | p97.5 ms | p99 ms | non-2xx | errors | status codes |',
  );
  console.log('|---|---|---|---|---|---|---|---|');
  console.log(
    `| ${result.requests.average.toFixed(0)} | ${result.requests.total} | ${result.latency.p50} | ${result.latency.p97_5} | ${result.latency.p99} | ${result.non2xx} | ${result.errors + result.timeouts} | ${codes} |`,
  );
  await checkScoresApplied(bench, itemId, result.requests.total);
}

/** SEQUENTIAL launches (after WARM_UP untimed ones), learners in rotation. */
async function benchLaunches(bench: Bench): Promise<{ form: number[]; auth: number[] }> {
  const form: number[] = [];
  const auth: number[] = [];
  for (let i = 0; i < WARM_UP + SEQUENTIAL; i += 1) {
    const times = await launch(bench, bench.learners[i % bench.learners.length]!);
    if (i < WARM_UP) continue;
    form.push(times.form);
    auth.push(times.auth);
  }
  return { form, auth };
}

/** SEQUENTIAL token requests (after WARM_UP untimed ones), each with an assertion signed beforehand. */
async function benchTokens(bench: Bench): Promise<number[]> {
  const assertions: string[] = [];
  for (let i = 0; i < WARM_UP + SEQUENTIAL; i += 1) assertions.push(await anAssertion(bench));
  const times: number[] = [];
  for (const [i, assertion] of assertions.entries()) {
    const started = performance.now();
    await requestToken(bench, assertion);
    if (i >= WARM_UP) times.push(performance.now() - started);
  }
  return times;
}

/** RS256 signature of an id_token-sized payload with the platform key, in process (no HTTP, no database). */
async function benchSigning(bench: Bench): Promise<number[]> {
  const { kid, key } = await bench.portal.lti.keys.signingKey();
  const claims = { nonce: randomUUID(), filler: 'x'.repeat(1500) };
  const times: number[] = [];
  for (let i = 0; i < WARM_UP + SEQUENTIAL; i += 1) {
    const started = performance.now();
    await new SignJWT(claims).setProtectedHeader({ alg: 'RS256', kid }).sign(key);
    if (i >= WARM_UP) times.push(performance.now() - started);
  }
  return times;
}

async function main(): Promise<void> {
  const setupStarted = performance.now();
  const bench = await setUp();
  const dialect = bench.portal.ctx.dialect;
  console.log(
    `database: ${postgresUrl ? 'postgres (temporary database)' : 'sqlite (temporary file)'} (${dialect}); ` +
      `${bench.learners.length} learners set up in ${((performance.now() - setupStarted) / 1000).toFixed(1)} s`,
  );
  try {
    const launches = await benchLaunches(bench);
    await benchScores(bench);
    const tokens = await benchTokens(bench);
    const signing = await benchSigning(bench);
    console.log(`\nSequential requests (after ${WARM_UP} untimed warm-up requests)`);
    console.log('| step | n | p50 ms | p95 ms | p99 ms | mean ms |');
    console.log('|---|---|---|---|---|---|');
    const total = launches.form.map((value, i) => value + launches.auth[i]!);
    console.log(sequentialRow('launch: GET resource-form (session)', launches.form));
    console.log(sequentialRow('launch: GET /api/lti/v1/auth (binding cookie)', launches.auth));
    console.log(sequentialRow('launch: both', total));
    console.log(sequentialRow('token: POST /api/lti/v1/token (fresh assertion)', tokens));
    console.log(sequentialRow('RS256 id_token signature, in process', signing));
  } finally {
    await bench.portal.close();
  }
}

await main();
