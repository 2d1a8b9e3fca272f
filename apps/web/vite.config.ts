import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { precompress } from './build/precompress.ts';

// The SPA lives under /learn; the dev server proxies the API and sign-in to the Fastify server.
export default defineConfig({
  base: '/learn/',
  plugins: [react(), precompress()],
  build: {
    target: 'es2022',
    sourcemap: true,
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      output: {
        codeSplitting: {
          includeDependenciesRecursively: false,
          // Keep zod, the contract schemas and the HTTP client together and out of the entry: the first
          // screen paints (loader, error pages) without them, and the loaders fetch them in parallel.
          groups: [
            {
              name: 'api',
              test: /node_modules[\\/]zod[\\/]|packages[\\/]contracts[\\/]src[\\/](?!locales\.ts)|src[\\/]lib[\\/]api-client\.ts/,
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
