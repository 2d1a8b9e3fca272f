// The load generator of the benchmarks, run as its own process so it never shares a core's event loop with
// the server: autocannon against each given URL at once, the connections split evenly between them.
// Usage (by bench-support.ts): node --import tsx bench-load.ts '<json LoadRequest>'; prints one JSON LoadResult.
import autocannon from 'autocannon';

export interface LoadRequest {
  urls: string[];
  connections: number;
  seconds: number;
  headers: Record<string, string>;
}

export interface LoadResult {
  requestsPerSecond: number;
  /** Per URL, in the order given. */
  perUrl: { requestsPerSecond: number; p50: number; p99: number; failed: number }[];
  p50: number;
  p99: number;
  failed: number;
}

async function main(): Promise<void> {
  const request = JSON.parse(process.argv[2] ?? '{}') as LoadRequest;
  const share = Math.max(1, Math.floor(request.connections / request.urls.length));
  const results = await Promise.all(
    request.urls.map((url) =>
      autocannon({ url, connections: share, duration: request.seconds, headers: request.headers }),
    ),
  );
  const perUrl = results.map((result) => ({
    requestsPerSecond: result.requests.total / request.seconds,
    p50: result.latency.p50,
    p99: result.latency.p99,
    failed: result.non2xx + result.errors + result.timeouts,
  }));
  const output: LoadResult = {
    requestsPerSecond: perUrl.reduce((sum, item) => sum + item.requestsPerSecond, 0),
    perUrl,
    // With one URL these are autocannon's own percentiles; with several, the slowest instance's.
    p50: Math.max(...perUrl.map((item) => item.p50)),
    p99: Math.max(...perUrl.map((item) => item.p99)),
    failed: perUrl.reduce((sum, item) => sum + item.failed, 0),
  };
  process.stdout.write(JSON.stringify(output));
}

await main();
