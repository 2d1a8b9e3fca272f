import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The SPA lives under /learn; the dev server proxies the API and sign-in to the Fastify server.
export default defineConfig({
  base: '/learn/',
  plugins: [react()],
  build: {
    target: 'es2022',
    sourcemap: true,
    chunkSizeWarningLimit: 600,
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
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test-setup.ts'],
  },
});
