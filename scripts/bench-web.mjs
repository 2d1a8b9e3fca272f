#!/usr/bin/env node
// `npm run bench:web`: builds the web app, starts the portal as users do (scripts/start.mjs, fresh SQLite
// database with the demo tenant), signs in with Debian's Chromium and prints what a first visit costs:
// the JS/CSS fetched before the first course card and before course content are visible (bytes as
// transferred, and gzip), the time from clicking Start to the first activity's content, and the
// Lighthouse mobile score, LCP, TBT and CLS of My Courses and course details.
// Options: --no-build (use apps/web/dist as it is), --no-lighthouse, --verbose (list the files), --root DIR (bench another checkout
// of the repository, e.g. the commit before a change). Port: BENCH_WEB_PORT (default 3520) and the next two.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import lighthouse from 'lighthouse';
import { summariseAssets } from './web-assets.mjs';

const args = process.argv.slice(2);
const option = (name) => {
  const at = args.indexOf(name);
  return at === -1 ? undefined : args[at + 1];
};
const root = resolve(option('--root') ?? resolve(import.meta.dirname, '..'));
const port = Number(process.env.BENCH_WEB_PORT ?? 3520);
const baseUrl = `http://localhost:${port}`;
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const chromiumFlags = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const learner = { email: 'learner@example.com', password: 'Learner123!' };
const starter = { email: 'mae@example.com', password: 'Learner123!' };
const dist = join(root, 'apps/web/dist');

const sleep = (ms) => new Promise((done) => setTimeout(done, ms));
async function waitFor(url, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await sleep(250);
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

if (!args.includes('--no-build')) {
  const build = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const dataDir = mkdtempSync(join(tmpdir(), 'bench-web-'));
const server = spawn(process.execPath, ['scripts/start.mjs'], {
  cwd: root,
  stdio: ['ignore', 'ignore', 'inherit'],
  env: {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    PUBLIC_URL: baseUrl,
    LTI_TOOLS_URL: `http://localhost:${port + 1}`,
    SQLITE_FILE: join(dataDir, 'portal.sqlite'),
    SESSION_SECRET: 'bench-web-secret-bench-web-secret',
    LOG_LEVEL: 'warn',
    RATE_LIMIT_PER_MINUTE: '100000',
    SIGN_IN_RATE_LIMIT_PER_MINUTE: '1000',
  },
});
let chrome;
const stop = () => {
  server.kill('SIGTERM');
  chrome?.kill('SIGTERM');
};
process.on('SIGINT', () => {
  stop();
  process.exit(130);
});

/** The gzip size of a fetched asset: its .gz copy from the build, else the body gzipped here. */
function gzipSizeOf(url, body) {
  const path = new URL(url).pathname.replace(/^\/learn\//, '');
  const gz = join(dist, `${path}.gz`);
  if (existsSync(gz)) return readFileSync(gz).length;
  return gzipSync(body, { level: 9 }).length;
}

/** Records the JS and CSS a page fetches until `visible` resolves. */
async function assetsUntil(page, action, visible) {
  const fetched = [];
  const onResponse = async (response) => {
    const type = response.request().resourceType();
    if (type !== 'script' && type !== 'stylesheet') return;
    fetched.push(
      (async () => {
        const body = await response.body().catch(() => Buffer.alloc(0));
        const sizes = await response.request().sizes();
        return {
          url: response.url(),
          type,
          transferred: sizes.responseBodySize,
          encoding: (await response.allHeaders())['content-encoding'] ?? 'identity',
          gzip: gzipSizeOf(response.url(), body),
        };
      })(),
    );
  };
  page.on('response', onResponse);
  const started = Date.now();
  await action();
  await visible();
  const elapsed = Date.now() - started;
  page.off('response', onResponse);
  const all = await Promise.all(fetched);
  if (args.includes('--verbose')) {
    for (const asset of all) console.log(`  ${asset.url}  ${asset.gzip} B gzip`);
  }
  return { assets: summariseAssets(all), elapsed };
}

async function signIn(context, account) {
  const page = await context.newPage();
  await page.goto(`${baseUrl}/learn/courses`);
  await page.getByLabel(/e-?mail/i).fill(account.email);
  await page.getByLabel(/^password$/i).fill(account.password);
  await page.getByRole('button', { name: /^sign in$/i }).click();
  await page.getByRole('main').getByRole('article').first().waitFor({ timeout: 60_000 });
  await page.close();
  return context.cookies();
}

async function objectiveId(context, name) {
  const filter = JSON.stringify(['objective.name', '=', name]);
  const response = await context.request.get(
    `${baseUrl}/api/lms/v1/objective-workflow-aggregates/query?filter=${encodeURIComponent(filter)}`,
    { headers: { 'x-requested-with': 'XMLHttpRequest' } },
  );
  const { data } = await response.json();
  return data[0].objective.id;
}

const kb = (bytes) => `${(bytes / 1000).toFixed(1)} kB`;
const line = (label, { assets, elapsed }) =>
  console.log(
    `${label}: ${assets.count} JS/CSS files, ${kb(assets.transferred)} transferred, ` +
      `${kb(assets.gzip)} gzip (JS ${kb(assets.jsGzip)}, CSS ${kb(assets.cssGzip)}); ${elapsed} ms`,
  );

async function launchChromeForLighthouse(debugPort) {
  const profile = mkdtempSync(join(tmpdir(), 'bench-web-chrome-'));
  chrome = spawn(
    chromiumPath,
    [
      '--headless=new',
      `--remote-debugging-port=${debugPort}`,
      `--user-data-dir=${profile}`,
      ...chromiumFlags,
      'about:blank',
    ],
    { stdio: 'ignore' },
  );
  await waitFor(`http://127.0.0.1:${debugPort}/json/version`, 30_000);
  return profile;
}

async function lighthouseOf(url, debugPort, cookieHeader) {
  const result = await lighthouse(url, {
    port: debugPort,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance'],
    extraHeaders: { Cookie: cookieHeader },
  });
  const { lhr } = result;
  const audit = (id) => lhr.audits[id]?.numericValue ?? NaN;
  return {
    score: Math.round((lhr.categories.performance.score ?? 0) * 100),
    lcp: audit('largest-contentful-paint'),
    tbt: audit('total-blocking-time'),
    cls: audit('cumulative-layout-shift'),
  };
}

try {
  await waitFor(`${baseUrl}/readyz`);
  console.log(`bench:web on ${baseUrl} (${root})`);
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumFlags });
  const signedIn = await browser.newContext({ locale: 'en-US', timezoneId: 'UTC' });
  const cookies = await signIn(signedIn, learner);
  const courseId = await objectiveId(signedIn, 'Introduction to Machine Learning');
  const detailsId = await objectiveId(signedIn, 'Responsible AI');

  // A fresh context per measure: an empty cache, only the session cookie carried over.
  const fresh = async () => {
    const context = await browser.newContext({ locale: 'en-US', timezoneId: 'UTC' });
    await context.addCookies(cookies);
    return { context, page: await context.newPage() };
  };

  {
    const { context, page } = await fresh();
    line(
      'My Courses, before the first course card is visible',
      await assetsUntil(
        page,
        () => page.goto(`${baseUrl}/learn/courses`),
        () => page.getByRole('main').getByRole('article').first().waitFor(),
      ),
    );
    await context.close();
  }
  {
    const { context, page } = await fresh();
    line(
      'Course content, before the activity is visible',
      await assetsUntil(
        page,
        () => page.goto(`${baseUrl}/learn/courses/${courseId}/view/content`),
        () => page.getByRole('main').getByRole('heading', { level: 2 }).first().waitFor(),
      ),
    );
    await context.close();
  }

  let lighthouseFigures = [];
  if (!args.includes('--no-lighthouse')) {
    const debugPort = port + 2;
    const profile = await launchChromeForLighthouse(debugPort);
    const cookieHeader = cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    for (const [label, url] of [
      ['My Courses', `${baseUrl}/learn/courses`],
      ['Course details', `${baseUrl}/learn/courses/${detailsId}/view/details`],
    ]) {
      lighthouseFigures.push([label, await lighthouseOf(url, debugPort, cookieHeader)]);
    }
    const exited = new Promise((done) => chrome.once('exit', done));
    chrome.kill('SIGTERM');
    await exited;
    chrome = undefined;
    rmSync(profile, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
  }

  // Start: the course details of a course not started yet, click Start, first activity's content visible.
  {
    const context = await browser.newContext({ locale: 'en-US', timezoneId: 'UTC' });
    await signIn(context, starter);
    const id = await objectiveId(context, 'Data Literacy Essentials');
    const page = await context.newPage();
    await page.goto(`${baseUrl}/learn/courses/${id}/view/details`);
    const start = page
      .getByRole('group', { name: 'Course actions' })
      .getByRole('button', { name: 'Start' });
    await start.waitFor();
    const started = Date.now();
    await start.click();
    await page.getByRole('heading', { name: 'What data is', level: 2 }).waitFor();
    console.log(`Start clicked → first activity's content visible: ${Date.now() - started} ms`);
    await context.close();
  }

  for (const [label, f] of lighthouseFigures) {
    console.log(
      `Lighthouse mobile, ${label}: score ${f.score}, LCP ${(f.lcp / 1000).toFixed(1)} s, ` +
        `TBT ${Math.round(f.tbt)} ms, CLS ${f.cls.toFixed(3)}`,
    );
  }
  await browser.close();
} finally {
  stop();
  rmSync(dataDir, { recursive: true, force: true });
}
