#!/usr/bin/env node
// Prints the JavaScript and CSS a first visit of My Courses downloads (index.html's entry, modulepreloads and
// stylesheets, and the page's catalogues), raw and gzip, and the largest lazily loaded chunks. Run after
// `npm run build`. With --budget it exits 1 when that first load is over the budget (web-assets.mjs).
import { readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import {
  FIRST_LOAD_BUDGET_BYTES,
  FIRST_LOAD_GOAL_BYTES,
  checkBudget,
  firstLoadFiles,
  gzipSizeInDist,
} from './web-assets.mjs';

const dist = resolve(import.meta.dirname, '../apps/web/dist');
const html = readFileSync(join(dist, 'index.html'), 'utf8');
const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8'));
const initial = firstLoadFiles(html, manifest);
const sizeOf = (file) => ({
  file,
  raw: readFileSync(join(dist, file)).length,
  gzip: gzipSizeInDist(dist, file),
});
const kb = (n) => `${(n / 1000).toFixed(1)} kB`;

const initialSizes = initial.map(sizeOf).sort((a, b) => b.gzip - a.gzip);
const raw = initialSizes.reduce((sum, s) => sum + s.raw, 0);
const budget = checkBudget(initialSizes);
console.log(
  `First load of My Courses, JS+CSS (${budget.count} files): ${kb(raw)} raw, ${kb(budget.total)} gzip`,
);
for (const s of initialSizes) console.log(`  ${s.file}  ${kb(s.raw)}  (${kb(s.gzip)} gzip)`);

// Recursive: the catalogues live in a versioned subdirectory (apps/web/build/catalogue-names.ts).
const lazy = readdirSync(join(dist, 'assets'), { recursive: true, encoding: 'utf8' })
  .map((f) => f.replaceAll('\\', '/'))
  .filter((f) => /\.(?:js|css)$/.test(f) && !initial.includes(`assets/${f}`))
  .map((f) => sizeOf(`assets/${f}`))
  .sort((a, b) => b.gzip - a.gzip);
const lazyTotal = lazy.reduce((sum, s) => sum + s.gzip, 0);
console.log(`Lazy files: ${lazy.length}, ${kb(lazyTotal)} gzip in all; largest:`);
for (const s of lazy.slice(0, 5)) console.log(`  ${s.file}  ${kb(s.gzip)} gzip`);

if (process.argv.includes('--budget')) {
  console.log(
    `Budget: ${kb(FIRST_LOAD_BUDGET_BYTES)} gzip (goal ${kb(FIRST_LOAD_GOAL_BYTES)}); ` +
      `first load ${kb(budget.total)}: ${budget.over ? 'OVER' : 'within'}`,
  );
  if (budget.over) process.exit(1);
}
