// The first-load budget: which files a first visit of My Courses fetches, and when the build fails.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import {
  FIRST_LOAD_BUDGET_BYTES,
  FIRST_LOAD_GOAL_BYTES,
  FIRST_ROUTE_NAMESPACES,
  checkBudget,
  firstLoadFiles,
  gzipSizeInDist,
} from './web-assets.mjs';

const html = `<!doctype html><head>
  <link rel="icon" type="image/svg+xml" href="/learn/favicon.svg" />
  <script type="module" crossorigin src="/learn/assets/index-1.js"></script>
  <link rel="modulepreload" crossorigin href="/learn/assets/framework-2.js">
  <link rel="stylesheet" crossorigin href="/learn/assets/mantine-3.css">
  <link rel="modulepreload" crossorigin href="/learn/assets/courses-route-4.js">
</head>`;

const manifest: Record<string, { file: string; imports?: string[]; css?: string[] }> =
  Object.fromEntries(
    FIRST_ROUTE_NAMESPACES.map((namespace) => [
      `src/i18n/locales/en-US/${namespace}.json`,
      { file: `assets/${namespace}-x.js` },
    ]),
  );

describe('the first-load budget', () => {
  it('counts the entry, its preloads and stylesheets, and the first page’s catalogues', () => {
    const files = firstLoadFiles(html, manifest);
    expect(files).toEqual(
      expect.arrayContaining([
        'assets/index-1.js',
        'assets/framework-2.js',
        'assets/mantine-3.css',
        'assets/courses-route-4.js',
        'assets/courses-x.js',
        'assets/courseList-x.js',
      ]),
    );
    expect(files).not.toContain('favicon.svg');
    expect(files).toHaveLength(4 + FIRST_ROUTE_NAMESPACES.length);
  });

  it('fails when a catalogue the first page needs is missing from the build', () => {
    const { 'src/i18n/locales/en-US/courses.json': _dropped, ...withoutCourses } = manifest;
    expect(() => firstLoadFiles(html, withoutCourses)).toThrow(/courses\.json/);
  });

  it('is over only when the gzip total exceeds the budget', () => {
    expect(checkBudget([{ file: 'a', gzip: 100 }], 100)).toEqual({
      total: 100,
      count: 1,
      over: false,
    });
    expect(
      checkBudget(
        [
          { file: 'a', gzip: 60 },
          { file: 'b', gzip: 41 },
        ],
        100,
      ).over,
    ).toBe(true);
    expect(FIRST_LOAD_BUDGET_BYTES).toBeGreaterThanOrEqual(FIRST_LOAD_GOAL_BYTES);
  });

  it('measures a file by its precompressed .gz copy, else by gzipping it', () => {
    const dist = mkdtempSync(join(tmpdir(), 'budget-'));
    mkdirSync(join(dist, 'assets'));
    const text = 'const x = 1;\n'.repeat(100);
    writeFileSync(join(dist, 'assets', 'a.js'), text);
    writeFileSync(join(dist, 'assets', 'a.js.gz'), Buffer.alloc(7));
    writeFileSync(join(dist, 'assets', 'b.js'), text);
    expect(gzipSizeInDist(dist, 'assets/a.js')).toBe(7);
    expect(gzipSizeInDist(dist, 'assets/b.js')).toBe(gzipSync(text, { level: 9 }).length);
  });
});
