#!/usr/bin/env node
// Prints the JavaScript a first visit downloads (entry + modulepreloads in index.html), raw and gzip,
// and the largest lazily loaded chunks. Run after `npm run build`.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

const dist = resolve(import.meta.dirname, '../apps/web/dist');
const html = readFileSync(join(dist, 'index.html'), 'utf8');
const initial = [...html.matchAll(/(?:src|href)="\/learn\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]);
const sizeOf = (file) => {
  const bytes = readFileSync(join(dist, file));
  return { file, raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
};
const kb = (n) => `${(n / 1024).toFixed(1)} KiB`;

const initialSizes = initial.map(sizeOf);
const total = initialSizes.reduce((sum, s) => ({ raw: sum.raw + s.raw, gzip: sum.gzip + s.gzip }), {
  raw: 0,
  gzip: 0,
});
console.log(
  `Initial JavaScript (${initialSizes.length} files): ${kb(total.raw)} raw, ${kb(total.gzip)} gzip`,
);
for (const s of initialSizes) console.log(`  ${s.file}  ${kb(s.raw)}  (${kb(s.gzip)} gzip)`);

const lazy = readdirSync(join(dist, 'assets'))
  .filter((f) => f.endsWith('.js') && !initial.includes(`assets/${f}`))
  .map((f) => sizeOf(`assets/${f}`))
  .sort((a, b) => b.gzip - a.gzip);
const lazyTotal = lazy.reduce((sum, s) => sum + s.gzip, 0);
console.log(`Lazy chunks: ${lazy.length} files, ${kb(lazyTotal)} gzip in all; largest:`);
for (const s of lazy.slice(0, 5)) console.log(`  ${s.file}  ${kb(s.gzip)} gzip`);
console.log(
  `CSS: ${readdirSync(join(dist, 'assets'))
    .filter((f) => f.endsWith('.css'))
    .map((f) => `${f} ${kb(statSync(join(dist, 'assets', f)).size)}`)
    .join(', ')}`,
);
