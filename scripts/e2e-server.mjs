#!/usr/bin/env node
// Starts the real server for the end-to-end suite on a fresh SQLite database (demo tenant seeded), with the
// local OpenAI-compatible stand-in (apps/server/src/test/test-llm.ts) as the tutor's generative endpoint.
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { tsImport } from 'tsx/esm/api';
import { startLtiTools } from './lti-tools-process.mjs';

const root = resolve(import.meta.dirname, '..');
const dir = mkdtempSync(join(tmpdir(), 'portal-e2e-'));
const portalUrl = process.env.PUBLIC_URL ?? `http://localhost:${process.env.PORT ?? 3123}`;
const toolUrl = `http://localhost:${process.env.E2E_TOOL_PORT ?? 3124}`;
const { startTestLlm } = await tsImport('../apps/server/src/test/test-llm.ts', import.meta.url);
const llm = await startTestLlm({ key: 'e2e-llm-key' });
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
    LTI_TOOLS_URL: toolUrl,
    TUTOR_LLM_URL: llm.url,
    TUTOR_LLM_KEY: 'e2e-llm-key',
    TUTOR_LLM_MODEL: 'e2e-stand-in',
  },
});
const tools = startLtiTools({
  root,
  portalUrl,
  toolUrl,
  keyFile: join(dir, 'lti-tools-key.json'),
  env: { ...process.env, LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn' },
});
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => [server, tools].forEach((child) => child.kill(signal)));
}
server.on('exit', (code) => {
  tools.kill('SIGTERM');
  void llm.close().finally(() => process.exit(code ?? 0));
});
tools.on('exit', (code) => {
  server.kill('SIGTERM');
  process.exit(code ?? 1);
});
