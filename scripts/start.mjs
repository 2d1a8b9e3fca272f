#!/usr/bin/env node
// `npm start`: builds the web app when it is missing or stale, then runs the server (which applies
// migrations and seeds the demo tenant on an empty database) and the built-in LTI tools beside it.
import { spawnSync, spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { startLtiTools } from './lti-tools-process.mjs';

const root = resolve(import.meta.dirname, '..');
const dist = join(root, 'apps/web/dist/index.html');

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

const sources = [
  'apps/web/src',
  'apps/web/index.html',
  'packages/contracts/src',
  'packages/domain/src',
].map((p) => join(root, p));
const sourceTime = Math.max(
  ...sources.map((p) => (statSync(p).isDirectory() ? newestMtime(p) : statSync(p).mtimeMs)),
);
if (!existsSync(dist) || statSync(dist).mtimeMs < sourceTime) {
  console.log('Building the web app…');
  const build = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const port = process.env.PORT ?? '3000';
const portalUrl = process.env.PUBLIC_URL ?? `http://localhost:${port}`;
const toolUrl = process.env.LTI_TOOLS_URL ?? 'http://localhost:3001';
const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, LTI_TOOLS_URL: toolUrl },
});
const tools =
  process.env.LTI_TOOLS_DISABLED === 'true' ? null : startLtiTools({ root, portalUrl, toolUrl });
const children = [server, tools].filter(Boolean);
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => children.forEach((child) => child.kill(signal)));
}
// Either process ending ends both: the portal without its tools (or the reverse) is not what was started.
for (const child of children) {
  child.on('exit', (code, signal) => {
    children.forEach((other) => other !== child && other.kill('SIGTERM'));
    process.exit(code ?? (signal ? 1 : 0));
  });
}
