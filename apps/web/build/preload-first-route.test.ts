import { describe, expect, it } from 'vitest';
import { chunksToPreload, staticClosure } from './preload-first-route.ts';

const bundle = {
  'assets/index.js': { type: 'chunk', fileName: 'assets/index.js', isEntry: true, imports: [] },
  'assets/shared.js': {
    type: 'chunk',
    fileName: 'assets/shared.js',
    moduleIds: ['/app/src/app/guards.ts', '/app/src/lib/format.ts'],
    imports: ['assets/index.js', 'assets/api.js'],
  },
  'assets/api.js': { type: 'chunk', fileName: 'assets/api.js', moduleIds: ['/zod/index.js'] },
  'assets/courses-route.js': {
    type: 'chunk',
    fileName: 'assets/courses-route.js',
    moduleIds: ['/app/src/app/routes/courses-route.tsx'],
    imports: ['assets/shared.js'],
  },
  'assets/catalog-route.js': {
    type: 'chunk',
    fileName: 'assets/catalog-route.js',
    moduleIds: ['/app/src/app/routes/catalog-route.tsx'],
  },
  'assets/app.css': { type: 'asset', fileName: 'assets/app.css' },
} as const;

describe('the modulepreload of the first page', () => {
  it('lists the chunks of the first page and what they import, without the entry', () => {
    expect(chunksToPreload(bundle, ['src/app/routes/courses-route.tsx']).sort()).toEqual([
      'assets/api.js',
      'assets/courses-route.js',
      'assets/shared.js',
    ]);
  });

  it('fails the build when a module of the first page is in no chunk', () => {
    expect(() => chunksToPreload(bundle, ['src/app/routes/missing-route.tsx'])).toThrow(
      /missing-route/,
    );
  });
});

describe('the first page group', () => {
  it('holds every module the roots import statically, and none they import dynamically', () => {
    const graph: Record<string, string[]> = {
      entry: ['shell', 'react'],
      shell: ['menu', 'react'],
      menu: ['floating'],
      react: [],
      floating: [],
      catalog: ['drawer'],
    };
    expect([...staticClosure(['entry'], (id) => graph[id])].sort()).toEqual([
      'entry',
      'floating',
      'menu',
      'react',
      'shell',
    ]);
  });
});
