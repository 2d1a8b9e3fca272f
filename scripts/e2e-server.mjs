#!/usr/bin/env node
// Starts the real server for the end-to-end suite on a fresh SQLite database (demo tenant seeded).
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const dir = mkdtempSync(join(tmpdir(), 'portal-e2e-'));
const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
  cwd: root,
  stdio: 'inherit',
  env: {
    ...process.env,
    NODE_ENV: 'test',
    APP_ENVIRONMENT: 'test',
    SQLITE_FILE: join(dir, 'e2e.sqlite'),
    LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
    SESSION_SECRET: 'e2e-secret-e2e-secret-e2e-secret',
    RATE_LIMIT_PER_MINUTE: '100000',
    SIGN_IN_RATE_LIMIT_PER_MINUTE: '1000',
  },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
