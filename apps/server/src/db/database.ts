// Database factory: Kysely over better-sqlite3 (default) or pg, with the migrations applied on demand.
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import {
  CamelCasePlugin,
  Kysely,
  Migrator,
  PostgresDialect,
  SqliteDialect,
  type KyselyConfig,
  type Migration,
  type MigrationProvider,
} from 'kysely';
import type { AppConfig } from '../config.ts';
import type { DialectName } from './dialect.ts';
import type { Database } from './schema.ts';
import { nameStatementsOf, withStatementCache } from './prepared-statements.ts';
import { initialMigration } from './migrations/0001-initial.ts';
import { listIndexesMigration } from './migrations/0002-list-indexes.ts';
import { openCatalogMigration } from './migrations/0003-open-catalog.ts';
import { ltiMigration } from './migrations/0004-lti.ts';
import { securityMigration } from './migrations/0005-security.ts';
import { learnerCoursesMigration } from './migrations/0006-learner-courses.ts';
import { certificatesMigration } from './migrations/0007-certificates.ts';

import { feedbackCalendarMigration } from './migrations/0008-feedback-calendar.ts';
import { dashboardMigration } from './migrations/0009-dashboard.ts';
import { analyticsXapiMigration } from './migrations/0010-analytics-xapi.ts';
import { mailMigration } from './migrations/0015-mail.ts';
import { knowledgeQuestionsMigration } from './migrations/0016-knowledge-questions.ts';
import { registrationConfirmationMigration } from './migrations/0017-registration-confirmation.ts';
import { proctoringMigration } from './migrations/0018-proctoring.ts';
import { tutorMigration } from './migrations/0011-tutor.ts';
import { announcementsMigration } from './migrations/0012-announcements.ts';
import { discussionsMigration } from './migrations/0013-discussions.ts';
import { tutorGenerationMigration } from './migrations/0014-tutor-generation.ts';

/** Connections per process when DATABASE_POOL_SIZE is not set (README, configuration). */
export const DEFAULT_POOL_SIZE = 8;

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: DialectName;
  /** PostgreSQL's connection string: the announcements hub opens its own LISTEN connection with it. */
  url?: string;
  close(): Promise<void>;
}

/** `log` is for measurements (the benchmarks time each statement); the server passes none. */
export function createDatabase(
  database: AppConfig['database'],
  options: { log?: KyselyConfig['log'] } = {},
): DatabaseHandle {
  if (database.kind === 'postgres') {
    // Keep numeric results as numbers: COUNT(*) is int8 and would otherwise arrive as a string.
    pg.types.setTypeParser(20, (value) => Number.parseInt(value, 10));
    const pool = new pg.Pool({
      connectionString: database.url,
      max: database.poolSize ?? DEFAULT_POOL_SIZE,
      // A list reads tens of rows: a parallel worker costs more to start than it saves.
      options: '-c max_parallel_workers_per_gather=0',
    });
    nameStatementsOf(pool);
    const db = new Kysely<Database>({
      dialect: new PostgresDialect({ pool }),
      plugins: [new CamelCasePlugin()],
      log: options.log,
    });
    return { db, dialect: 'postgres', url: database.url, close: () => db.destroy() };
  }
  if (database.file !== ':memory:') mkdirSync(dirname(database.file), { recursive: true });
  const sqlite = new SQLite(database.file);
  // WAL + synchronous=FULL: an acknowledged write survives a crash or power loss.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  // A larger page cache and memory-mapped reads keep list queries off the read() path.
  sqlite.pragma('cache_size = -65536');
  sqlite.pragma('mmap_size = 268435456');
  // SQLite's built-in lower() folds ASCII only; list search must be case-insensitive in every locale, as on PostgreSQL.
  sqlite.function('lower', { deterministic: true }, (value: unknown) =>
    typeof value === 'string' ? value.toLowerCase() : value,
  );
  const db = new Kysely<Database>({
    dialect: new SqliteDialect({ database: withStatementCache(sqlite) }),
    plugins: [new CamelCasePlugin()],
    log: options.log,
  });
  return { db, dialect: 'sqlite', close: () => db.destroy() };
}

export function migrationsFor(dialect: DialectName): Record<string, Migration> {
  return {
    '0001-initial': initialMigration(dialect),
    '0002-list-indexes': listIndexesMigration(),
    '0003-open-catalog': openCatalogMigration(),
    '0004-lti': ltiMigration(dialect),
    '0005-security': securityMigration(),
    '0006-learner-courses': learnerCoursesMigration(),
    '0007-certificates': certificatesMigration(dialect),
    '0008-feedback-calendar': feedbackCalendarMigration(),
    '0009-dashboard': dashboardMigration(),
    '0010-analytics-xapi': analyticsXapiMigration(),
    '0011-tutor': tutorMigration(dialect),
    '0012-announcements': announcementsMigration(dialect),
    '0013-discussions': discussionsMigration(),
    '0014-tutor-generation': tutorGenerationMigration(),
    '0015-mail': mailMigration(),
    '0016-knowledge-questions': knowledgeQuestionsMigration(),
    '0017-registration-confirmation': registrationConfirmationMigration(),
    '0018-proctoring': proctoringMigration(),
  };
}

export async function migrateToLatest(handle: DatabaseHandle): Promise<void> {
  const provider: MigrationProvider = {
    getMigrations: async () => migrationsFor(handle.dialect),
  };
  // The migrator works on the raw schema, so it gets a Kysely without the camel-case plugin.
  const raw = handle.db.withoutPlugins();
  const migrator = new Migrator({ db: raw, provider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}
