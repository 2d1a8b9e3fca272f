import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';

describe('the web app under /learn', () => {
  let testApp: TestApp;

  beforeAll(async () => {
    const dist = mkdtempSync(join(tmpdir(), 'portal-dist-'));
    mkdirSync(join(dist, 'assets'));
    mkdirSync(join(dist, 'demo'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Learner portal</title>');
    writeFileSync(join(dist, 'assets', 'app-abc123.js'), 'console.log(1)');
    writeFileSync(join(dist, 'demo', 'syllabus.pdf'), '%PDF-1.4');
    testApp = await createTestApp('sqlite', { config: { webDist: dist }, startWorker: false });
  });
  afterAll(() => testApp.close());

  // PUBLIC_URL of the test config is http://localhost:3000.
  const get = (url: string, method: 'GET' | 'HEAD' = 'GET', host = 'localhost:3000') =>
    testApp.app.inject({ method, url, headers: { host } });

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
