import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { precompress } from './build/precompress.ts';
import { deepImports } from './build/deep-imports.ts';
import { firstRouteGroup, preloadFirstRoute } from './build/preload-first-route.ts';
import { catalogueChunkFileNames, cataloguesVersion } from './build/catalogue-names.ts';
import { version as viteVersion } from 'vite';

// The signed-in landing page: /learn opens My Courses inside the shell.
const firstRoute = [
  'src/app/shell/shell-route.tsx',
  'src/app/guards.ts',
  'src/app/routes/courses-route.tsx',
];
const firstRouteChunk = firstRouteGroup(firstRoute);
const catalogues = cataloguesVersion(`${import.meta.dirname}/src/i18n/locales`, viteVersion);

// The SPA lives under /learn; the dev server proxies the API and sign-in to the Fastify server.
export default defineConfig({
  base: '/learn/',
  plugins: [
    react(),
    deepImports(
      {
        '@mantine/core': 'esm/index.mjs',
        '@mantine/notifications': 'esm/index.mjs',
        '@tabler/icons-react': 'dist/esm/tabler-icons-react.mjs',
      },
      import.meta.dirname,
    ),
    firstRouteChunk.plugin,
    preloadFirstRoute(firstRoute),
    precompress(),
  ],
  build: {
    target: 'es2022',
    sourcemap: true,
    // For the first-load budget (scripts/bundle-size.mjs --budget).
    manifest: true,
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      treeshake: {
        // Building a schema has no effect besides the schema: the first page keeps the contracts' constants
        // and types without zod.
        manualPureFunctions: ['z'],
      },
      output: {
        chunkFileNames: catalogueChunkFileNames(catalogues),
        codeSplitting: {
          includeDependenciesRecursively: false,
          // A first visit fetches a handful of large files instead of a chain of dozens of small ones
          // (docs/decisions/0014-first-load-and-serving.md): the framework, Mantine, the API layer, and
          // the code the pages share, each one group.
          groups: [
            {
              // The locale list: the entry needs it before anything else, without zod.
              name: 'locales',
              test: /packages[\\/]contracts[\\/]src[\\/]locales\.ts$/,
              priority: 40,
            },
            {
              // zod and the contract schemas: My Courses paints without them (the production build checks
              // no responses; the codes and the locale list are schema-free modules). Nothing here imports
              // the app's code, so no chunk circle runs a module too early.
              name: 'api',
              test: /node_modules[\\/]zod[\\/]|packages[\\/]contracts[\\/]src[\\/](?!locales\.ts|codes\.ts)/,
              priority: 30,
            },
            {
              name: 'framework',
              test: /node_modules[\\/](?:react|react-dom|scheduler|react-router|@tanstack|i18next|react-i18next|html-parse-stringify|void-elements|use-sync-external-store|cookie|set-cookie-parser)[\\/]/,
              priority: 20,
            },
            {
              // What My Courses runs before it paints (the entry, the shell, the page and the Mantine
              // components they use), in one file; nothing in it imports a later page's code.
              name: 'first',
              test: firstRouteChunk.test,
              priority: 18,
            },
            {
              // Mantine, the icons and every other library the pages use (Mantine's own dependencies,
              // react-transition-group…), except those only lazily loaded parts need.
              name: 'ui',
              test: /node_modules[\\/](?!zod[\\/]|pdfjs-dist[\\/]|dompurify[\\/])/,
              priority: 15,
            },
            {
              name: 'shared',
              // Code only: the catalogues (JSON) stay one file per locale and namespace, loaded on demand.
              // The sanitiser (DOMPurify), the gallery and the PDF viewer stay with the pages that show them.
              test: /(?:apps[\\/]web[\\/]src[\\/](?:lib[\\/](?!rich-html)|components[\\/](?!image-gallery|pdf-viewer)|i18n|app[\\/](?!routes))|packages[\\/]domain[\\/]).*\.tsx?$/,
              priority: 10,
              // With its own imports, so it never imports back from the entry (a circle between chunks
              // can run a module before one it needs).
              includeDependenciesRecursively: true,
            },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': 'http://localhost:3000',
      '/oidc': 'http://localhost:3000',
      '/oidc-op': 'http://localhost:3000',
      '/config-ui': 'http://localhost:3000',
    },
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts'],
    setupFiles: ['./src/test-setup.ts'],
    // jsdom interaction tests with user-event take seconds when the 2-core machine is busy.
    testTimeout: 15000,
  },
});
