#!/usr/bin/env node
// Starts the real server for the end-to-end suite on a fresh SQLite database (demo tenant seeded), with the
// local OpenAI-compatible stand-in (apps/server/src/test/test-llm.ts) as the tutor's generative endpoint.
import { spawn } from 'node:child_process';
import { appendFileSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { tsImport } from 'tsx/esm/api';
import { SMTPServer } from 'smtp-server';
import { startLtiTools } from './lti-tools-process.mjs';

const root = resolve(import.meta.dirname, '..');
const dir = mkdtempSync(join(tmpdir(), 'portal-e2e-'));
const portalUrl = process.env.PUBLIC_URL ?? `http://localhost:${process.env.PORT ?? 3123}`;
const toolUrl = `http://localhost:${process.env.E2E_TOOL_PORT ?? 3124}`;
const { startTestLlm } = await tsImport('../apps/server/src/test/test-llm.ts', import.meta.url);
const llm = await startTestLlm({ key: 'e2e-llm-key' });

// A real SMTP server for the portal's mails (password reset): every message it receives is appended as one JSON
// line ({ to, raw }) to E2E_MAIL_FILE, by default <tmp>/portal-e2e-mail-<PORT>.jsonl, which the specs read.
const mailFile =
  process.env.E2E_MAIL_FILE ?? join(tmpdir(), `portal-e2e-mail-${process.env.PORT ?? 3123}.jsonl`);
writeFileSync(mailFile, '');
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, session, callback) {
    const chunks = [];
    stream.on('data', (chunk) => chunks.push(chunk));
    stream.on('end', () => {
      const to = session.envelope.rcptTo.map((rcpt) => rcpt.address);
      appendFileSync(
        mailFile,
        `${JSON.stringify({ to, raw: Buffer.concat(chunks).toString('utf8') })}\n`,
      );
      callback();
    });
  },
});
await new Promise((resolvePromise) => smtp.listen(0, '127.0.0.1', resolvePromise));
const smtpUrl = `smtp://127.0.0.1:${smtp.server.address().port}`;
// Where the database is, for specs that run the server's CLIs against it (knowledge questions' send-due).
const sqliteFile = join(dir, 'e2e.sqlite');
writeFileSync(
  process.env.E2E_DB_POINTER ?? join(tmpdir(), `portal-e2e-db-${process.env.PORT ?? 3123}.txt`),
  sqliteFile,
);
const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
  cwd: root,
  stdio: 'inherit',
  env: {
    ...process.env,
    NODE_ENV: 'test',
    APP_ENVIRONMENT: 'test',
    SQLITE_FILE: sqliteFile,
    LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
    SESSION_SECRET: 'e2e-secret-e2e-secret-e2e-secret',
    RATE_LIMIT_PER_MINUTE: '100000',
    SIGN_IN_RATE_LIMIT_PER_MINUTE: '1000',
    LTI_TOOLS_URL: toolUrl,
    TUTOR_LLM_URL: llm.url,
    TUTOR_LLM_KEY: 'e2e-llm-key',
    TUTOR_LLM_MODEL: 'e2e-stand-in',
    SMTP_URL: smtpUrl,
    MAIL_FROM: 'Learner portal <no-reply@portal.test>',
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
  process.on(signal, () => {
    [server, tools].forEach((child) => child.kill(signal));
    smtp.close();
  });
}
server.on('exit', (code) => {
  tools.kill('SIGTERM');
  void llm.close().finally(() => process.exit(code ?? 0));
});
tools.on('exit', (code) => {
  server.kill('SIGTERM');
  process.exit(code ?? 1);
});
