// Process entry: config, database, demo seed, listen, graceful shutdown.
import { loadConfig } from './config.ts';
import { buildApp } from './app.ts';
import { createDatabase, migrateToLatest } from './db/database.ts';
import { seedDemoTenantIfEmpty } from './seed/demo-seed.ts';
import { systemClock } from './lib/clock.ts';
import { startMetricsServer } from './http/metrics.ts';

const config = loadConfig();
const database = createDatabase(config.database);
await migrateToLatest(database);
if (config.seedDemo) {
  await seedDemoTenantIfEmpty(database.db, systemClock, {
    builtInToolUrl: config.builtInLtiToolUrl,
  });
}

const { app, metrics } = await buildApp(config, { database });
const metricsServer =
  config.metrics.port === undefined
    ? undefined
    : await startMetricsServer(metrics, { host: config.metrics.host, port: config.metrics.port });

let closing = false;
async function shutdown(signal: string): Promise<void> {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down: draining requests and running commands');
  const timer = setTimeout(() => {
    app.log.error('shutdown timed out');
    process.exit(1);
  }, 15000);
  timer.unref();
  await app.close();
  metricsServer?.close();
  await database.close();
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

await app.listen({ host: config.host, port: config.port });
app.log.info(`Learner portal: ${config.publicUrl}/learn`);
