import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { defineConfig } from 'vitest/config';

const WEB_ROOT = 'apps/web';

/**
 * The web tests run without isolation: one jsdom and one module graph per worker instead of one per file,
 * about three times faster (test-setup.ts resets storage, URL and document for each file). A file that
 * replaces a module with vi.mock needs a module graph of its own, so those run isolated.
 */
const webTestFiles = ['src', 'build'].flatMap((dir) =>
  readdirSync(join(WEB_ROOT, dir), { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.test\.tsx?$/.test(file))
    .map((file) => `${dir}/${file.replaceAll('\\', '/')}`),
);
const mocksModules = (file: string) =>
  readFileSync(join(WEB_ROOT, file), 'utf8').includes('vi.mock(');
const webFilesMockingModules = webTestFiles.filter(mocksModules);
const webFilesSharingModules = webTestFiles.filter((file) => !mocksModules(file));

// One Vitest run over every workspace; each project keeps its own environment.
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'contracts', root: 'packages/contracts', include: ['src/**/*.test.ts'] } },
      { test: { name: 'domain', root: 'packages/domain', include: ['src/**/*.test.ts'] } },
      {
        test: {
          name: 'server',
          root: 'apps/server',
          include: ['src/**/*.test.ts'],
          testTimeout: 30000,
          hookTimeout: 60000,
          pool: 'forks',
        },
      },
      {
        test: {
          name: 'lti-tools',
          root: 'apps/lti-tools',
          include: ['src/**/*.test.ts'],
          testTimeout: 30000,
          hookTimeout: 60000,
          pool: 'forks',
        },
      },
      {
        extends: `${WEB_ROOT}/vite.config.ts`,
        root: WEB_ROOT,
        test: { name: 'web', isolate: false, exclude: webFilesMockingModules },
      },
      {
        extends: `${WEB_ROOT}/vite.config.ts`,
        root: WEB_ROOT,
        // Projects extending a config add to its lists: this one leaves out every other file.
        test: { name: 'web-isolated', exclude: webFilesSharingModules },
      },
      { test: { name: 'scripts', root: 'scripts', include: ['**/*.test.ts'] } },
    ],
  },
});
