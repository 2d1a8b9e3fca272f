// `npm run migrate -w apps/server`: applies pending migrations to the configured database.
import { loadConfig } from '../config.ts';
import { createDatabase, migrateToLatest } from './database.ts';

const config = loadConfig();
const database = createDatabase(config.database);
try {
  await migrateToLatest(database);
  console.warn(`Migrations applied (${config.database.kind}).`);
} finally {
  await database.close();
}
