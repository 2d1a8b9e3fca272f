// What every module receives from the composition root.
import type { Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from './config.ts';
import type { DialectName } from './db/dialect.ts';
import type { Database } from './db/schema.ts';
import type { Clock } from './lib/clock.ts';

export interface AppContext {
  config: AppConfig;
  db: Kysely<Database>;
  dialect: DialectName;
  clock: Clock;
  log: FastifyBaseLogger;
}
