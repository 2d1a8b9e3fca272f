// `npm run seed -w apps/server`: migrates, then seeds the demo tenant when the database is empty.
import { loadConfig } from '../config.ts';
import { createDatabase, migrateToLatest } from '../db/database.ts';
import { systemClock } from '../lib/clock.ts';
import { seedDemoTenantIfEmpty } from './demo-seed.ts';

const config = loadConfig();
const database = createDatabase(config.database);
try {
  await migrateToLatest(database);
  await seedDemoTenantIfEmpty(database.db, systemClock, {
    builtInToolUrl: config.builtInLtiToolUrl,
  });
  console.warn('Demo tenant present.');
} finally {
  await database.close();
}
