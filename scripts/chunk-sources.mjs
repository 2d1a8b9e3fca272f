#!/usr/bin/env node
// Which sources a built chunk's bytes come from, by its source map: raw bytes (before gzip) per package, or per
// file of one package. Run after `npm run build`.
// Usage: node scripts/chunk-sources.mjs apps/web/dist/assets/<chunk>.js [package to split by file] [rows]
import { readFileSync } from 'node:fs';
import { TraceMap, decodedMappings } from '@jridgewell/trace-mapping';

const [file, byFileOf, rows = '25'] = process.argv.slice(2);
if (!file) {
  console.error('usage: node scripts/chunk-sources.mjs <chunk.js> [package] [rows]');
  process.exit(2);
}
const code = readFileSync(file, 'utf8').split('\n');
const map = new TraceMap(readFileSync(`${file}.map`, 'utf8'));
const sizes = new Map();
decodedMappings(map).forEach((segments, line) => {
  const length = code[line]?.length ?? 0;
  segments.forEach((segment, index) => {
    const end = index + 1 < segments.length ? segments[index + 1][0] : length;
    const source = segment.length > 1 ? map.sources[segment[1]] : '(generated)';
    const match = source.match(/node_modules\/((?:@[^/]+\/)?[^/]+)(\/.*)?/);
    const key = match
      ? match[1] === byFileOf
        ? `${match[1]}${match[2]}`
        : match[1]
      : source
          .replace(/^(\.\.\/)+/, '')
          .split('/')
          .slice(0, 4)
          .join('/');
    sizes.set(key, (sizes.get(key) ?? 0) + (end - segment[0]));
  });
});
for (const [key, bytes] of [...sizes].sort((a, b) => b[1] - a[1]).slice(0, Number(rows))) {
  console.log(`${(bytes / 1000).toFixed(1).padStart(7)} kB  ${key}`);
}
