// Prometheus metrics, never public: served on a listener of their own (METRICS_PORT, bound to
// METRICS_HOST, 127.0.0.1 by default) and/or on the main listener behind a bearer token (METRICS_TOKEN).
// With neither configured, the portal exposes no metrics.
import { createServer, type Server } from 'node:http';
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import client from 'prom-client';
import type { AppConfig } from '../config.ts';
import { UnauthorizedError } from './errors.ts';

export interface Metrics {
  registry: client.Registry;
}

/** The registry with process metrics and the request-duration histogram, fed by an onResponse hook. */
export function registerMetrics(app: FastifyInstance, config: Pick<AppConfig, 'metrics'>): Metrics {
  const registry = new client.Registry();
  client.collectDefaultMetrics({ register: registry });
  const requestDuration = new client.Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request duration by route and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  app.addHook('onResponse', async (request, reply) => {
    requestDuration.observe(
      {
        method: request.method,
        route: request.routeOptions.url ?? 'unmatched',
        status: String(reply.statusCode),
      },
      reply.elapsedTime / 1000,
    );
  });

  const token = config.metrics.token;
  if (token) {
    const expected = Buffer.from(`Bearer ${token}`);
    app.get('/metrics', async (request, reply) => {
      const given = Buffer.from(request.headers.authorization ?? '');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
        reply.header('www-authenticate', 'Bearer realm="metrics"');
        throw new UnauthorizedError('A bearer token is required for metrics.');
      }
      reply.header('content-type', registry.contentType).header('cache-control', 'no-store');
      return registry.metrics();
    });
  }
  return { registry };
}

/** The metrics listener: GET /metrics only, on its own port. */
export async function startMetricsServer(
  metrics: Metrics,
  options: { host: string; port: number },
): Promise<Server> {
  const server = createServer((request, response) => {
    if (request.method !== 'GET' || request.url?.split('?')[0] !== '/metrics') {
      response.writeHead(404).end();
      return;
    }
    metrics.registry.metrics().then(
      (body) => response.writeHead(200, { 'content-type': metrics.registry.contentType }).end(body),
      () => response.writeHead(500).end(),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  return server;
}
