// Benchmark of certificates on a fresh temporary SQLite database with the demo tenant: the first (rendering)
// and later (stored) requests of the PDF and PNG, and the public lookup of a known versus an unknown number
// (interleaved, so both see the same machine), through the real app (app.inject).
// Usage: npm run bench:certificates   Options: BENCH_LOOKUPS (1000).
import { performance } from 'node:perf_hooks';
import { fixedClock } from '../src/lib/clock.ts';
import { seedDemoTenantIfEmpty } from '../src/seed/demo-seed.ts';
import { signInAs } from '../src/test/sign-in.ts';
import { clientHeaders, createTestApp } from '../src/test/test-app.ts';

const LOOKUPS = Number(process.env.BENCH_LOOKUPS ?? 1000);
const API = '/api/lms/v1';

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
};
const ms = (value: number) => `${value.toFixed(2)} ms`;

const clock = fixedClock(new Date());
const testApp = await createTestApp('sqlite', {
  clock,
  startWorker: false,
  config: { rateLimitPerMinute: 1_000_000 },
});
try {
  const seeded = (await seedDemoTenantIfEmpty(testApp.ctx.db, clock))!;
  const cookie = await signInAs(testApp, seeded.userIds.learner);
  const get = (url: string, withCookie = false) =>
    testApp.app.inject({
      method: 'GET',
      url: `${API}/${url}`,
      headers: clientHeaders(withCookie ? cookie : undefined),
    });
  const list = (await get('certificate-records/query', true)).json<{
    data: { id: string; certificateNumber: string; certificatePdfUrl: string | null }[];
  }>();
  const certificate = list.data.find((c) => c.certificatePdfUrl !== null)!;

  console.log('Certificate files (Ada Lovelace, Responsible AI):');
  for (const kind of ['pdf', 'png'] as const) {
    const times: number[] = [];
    let size = 0;
    for (let i = 0; i < 3; i += 1) {
      const start = performance.now();
      const response = await get(`certificate-records/${certificate.id}/${kind}`, true);
      times.push(performance.now() - start);
      size = response.rawPayload.length;
    }
    console.log(
      `  ${kind}: first request (renders and stores) ${ms(times[0]!)}, then ${ms(times[1]!)} and ${ms(times[2]!)}; ${(size / 1024).toFixed(1)} KiB`,
    );
  }

  const known: number[] = [];
  const unknown: number[] = [];
  for (let i = 0; i < 50; i += 1)
    await get(`public/certificate-records/${certificate.certificateNumber}`);
  for (let i = 0; i < LOOKUPS; i += 1) {
    for (const [number, into] of [
      [certificate.certificateNumber, known],
      [`ZZZZ-ZZZZ-ZZZZ-${String(i % 10_000).padStart(4, '0')}`, unknown],
    ] as const) {
      const start = performance.now();
      await get(`public/certificate-records/${number}`);
      into.push(performance.now() - start);
    }
  }
  console.log(`Public lookup, ${LOOKUPS} each, interleaved (app.inject, SQLite):`);
  for (const [name, values] of [
    ['known number  ', known],
    ['unknown number', unknown],
  ] as const) {
    console.log(
      `  ${name}: median ${ms(percentile(values, 50))}, p95 ${ms(percentile(values, 95))}, p99 ${ms(percentile(values, 99))}`,
    );
  }
} finally {
  await testApp.close();
}
