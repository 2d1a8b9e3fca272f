// Compresses dynamic responses (the JSON APIs, server-rendered pages) with brotli or gzip above a size
// threshold. Built web assets are not compressed here: the build writes .br/.gz beside them and
// spa.routes.ts serves those precompressed files.
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import { WEB_BASE } from './spa.routes.ts';

/** Below this many bytes the headers and the compressor's setup cost more than they save. */
export const COMPRESSION_THRESHOLD = 1024;

export async function registerCompression(app: FastifyInstance): Promise<void> {
  // The web app's files are sent as built: precompressed where it pays, and as they are otherwise, so that
  // a HEAD keeps its Content-Length (the course page shows attachment sizes from it). Added before the
  // plugin's own onRoute hook, which reads the flag.
  app.addHook('onRoute', (route) => {
    if (route.url === WEB_BASE || route.url.startsWith(`${WEB_BASE}/`)) route.compress = false;
  });
  // Registered before any route: the plugin attaches its hook to each route as it is declared.
  await app.register(fastifyCompress, {
    global: true,
    threshold: COMPRESSION_THRESHOLD,
    encodings: ['br', 'gzip'],
    // Request bodies are small JSON; inflating client-sent archives is only a way to be attacked.
    globalDecompression: false,
  });
}
