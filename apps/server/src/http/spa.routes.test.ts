import { mkdtempSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, cspDirectives, type TestApp } from '../test/test-app.ts';

const CSS = 'body { margin: 0 }\n'.repeat(50);
const WORKSHEET = 'name,value\n'.repeat(200);
const CATALOGUE = 'export default {"close":"Fermer"}';

describe('the web app under /learn', () => {
  let testApp: TestApp;

  beforeAll(async () => {
    const dist = mkdtempSync(join(tmpdir(), 'portal-dist-'));
    mkdirSync(join(dist, 'assets'));
    mkdirSync(join(dist, 'demo'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Learner portal</title>');
    writeFileSync(join(dist, 'assets', 'app-abc123.js'), 'console.log(1)');
    writeFileSync(join(dist, 'assets', 'app-def456.css'), CSS);
    // The catalogues' versioned directory (apps/web/build/catalogue-names.ts).
    mkdirSync(join(dist, 'assets', 'l-v1', 'fr-FR'), { recursive: true });
    writeFileSync(join(dist, 'assets', 'l-v1', 'fr-FR', 'common.js'), CATALOGUE);
    // What the build's precompress step writes beside each text file.
    for (const file of [
      'index.html',
      'assets/app-abc123.js',
      'assets/app-def456.css',
      'assets/l-v1/fr-FR/common.js',
    ]) {
      const source = readFileSync(join(dist, file));
      writeFileSync(join(dist, `${file}.br`), brotliCompressSync(source));
      writeFileSync(join(dist, `${file}.gz`), gzipSync(source));
    }
    writeFileSync(join(dist, 'demo', 'syllabus.pdf'), '%PDF-1.4');
    writeFileSync(join(dist, 'demo', 'worksheet.csv'), WORKSHEET);
    testApp = await createTestApp('sqlite', { config: { webDist: dist }, startWorker: false });
  });
  afterAll(() => testApp.close());

  // PUBLIC_URL of the test config is http://localhost:3000.
  const get = (
    url: string,
    method: 'GET' | 'HEAD' = 'GET',
    host = 'localhost:3000',
    acceptEncoding?: string,
  ) =>
    testApp.app.inject({
      method,
      url,
      headers: { host, ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}) },
    });

  it('sends the precompressed copy the browser accepts, varying on Accept-Encoding', async () => {
    const original = 'console.log(1)';
    const br = await get('/learn/assets/app-abc123.js', 'GET', undefined, 'gzip, deflate, br');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['content-type']).toMatch(/^text\/javascript|^application\/javascript/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(original);

    const gz = await get('/learn/assets/app-def456.css', 'GET', undefined, 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers['content-type']).toMatch(/^text\/css/);
    expect(gunzipSync(gz.rawPayload).toString()).toBe(CSS);

    const plain = await get('/learn/assets/app-abc123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(original);
  });

  it('serves the catalogues from their versioned directory, compressed and immutable', async () => {
    const response = await get('/learn/assets/l-v1/fr-FR/common.js', 'GET', undefined, 'br');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(CATALOGUE);
    expect((await get('/learn/assets/l-v0/fr-FR/common.js')).statusCode).toBe(404);
  });

  it('sends a file without a precompressed copy as it is, with its size, also to a HEAD', async () => {
    for (const method of ['GET', 'HEAD'] as const) {
      const response = await get('/learn/demo/worksheet.csv', method, undefined, 'br, gzip');
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBeUndefined();
      expect(response.headers['content-length']).toBe(String(WORKSHEET.length));
    }
  });

  it('sends index.html compressed, revalidated, under the web app policy', async () => {
    const response = await get('/learn/courses', 'GET', undefined, 'br');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(response.rawPayload).toString()).toContain('Learner portal');
    const csp = cspDirectives(response.headers['content-security-policy']);
    expect(csp['script-src']).toBe("'self'");
    expect(csp['frame-ancestors']).toBe("'self'");
  });

  it('answers client routes with index.html, revalidated on every visit', async () => {
    for (const url of [
      '/learn',
      '/learn/courses',
      '/learn/courses/0b6b4a3e-4a6f-4e51-9a1c-1f1f1f1f1f1f/view/content',
    ]) {
      const response = await get(url);
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('Learner portal');
      expect(response.headers['cache-control']).toBe('no-cache');
    }
  });

  it('serves files with their type and size, hashed assets as immutable', async () => {
    const pdf = await get('/learn/demo/syllabus.pdf', 'HEAD');
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-length']).toBe('8');
    const asset = await get('/learn/assets/app-abc123.js');
    expect(asset.headers['cache-control']).toContain('immutable');
  });

  it('answers a missing file with 404 instead of the app page', async () => {
    expect((await get('/learn/assets/missing-1.js')).statusCode).toBe(404);
    expect((await get('/learn/demo/missing.pdf')).statusCode).toBe(404);
  });

  it('redirects a page asked for on another host name to PUBLIC_URL, before sign-in starts', async () => {
    for (const url of ['/learn/courses?keyword=x', '/', '/oidc/login?redirectUrl=%2Flearn']) {
      const response = await get(url, 'GET', '127.0.0.1:3000');
      expect(response.statusCode, url).toBe(308);
      expect(response.headers.location).toBe(`http://localhost:3000${url}`);
    }
    // APIs are not pages: they answer (here 401) on whatever host they are asked.
    const api = await get('/api/platform/v1/users/me', 'GET', '127.0.0.1:3000');
    expect(api.statusCode).toBe(401);
  });

  it('redirects the site root to /learn, keeping the query', async () => {
    const response = await get('/?keyword=data');
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/learn?keyword=data');
  });
});
