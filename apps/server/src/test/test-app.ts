// Builds the real app on a fresh database for HTTP-level tests through app.inject.
import type { LightMyRequestResponse } from 'fastify';
import { buildApp, type BuildAppOptions, type BuiltApp } from '../app.ts';
import { loadConfig, type AppConfig } from '../config.ts';
import type { DialectName } from '../db/dialect.ts';
import { createTestDatabase, type TestDatabase } from './test-databases.ts';

export interface TestApp extends BuiltApp {
  testDatabase: TestDatabase;
  close(): Promise<void>;
}

export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  const base = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'http://localhost:3000',
    SESSION_SECRET: 'test-secret-test-secret-test-secret',
    WEB_DIST: '/nonexistent-web-dist',
  });
  return { ...base, ...overrides };
}

export async function createTestApp(
  dialect: DialectName,
  options: BuildAppOptions & { config?: Partial<AppConfig> } = {},
): Promise<TestApp> {
  const testDatabase = await createTestDatabase(dialect);
  const built = await buildApp(testConfig(options.config), { ...options, database: testDatabase });
  await built.app.ready();
  return {
    ...built,
    testDatabase,
    async close() {
      await built.app.close();
      await testDatabase.dispose();
    },
  };
}

/** Headers the web client sends on every API call (spec §7). */
export function clientHeaders(cookie?: string): Record<string, string> {
  return {
    'content-type': 'application/json',
    'x-requested-with': 'XMLHttpRequest',
    ...(cookie ? { cookie } : {}),
  };
}

/** A Content-Security-Policy header as `{directive: "value …"}`. */
export function cspDirectives(header: unknown): Record<string, string> {
  const directives: Record<string, string> = {};
  for (const part of String(header ?? '').split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) directives[name] = values.join(' ');
  }
  return directives;
}

export function json<T = unknown>(response: LightMyRequestResponse): T {
  return response.json() as T;
}
