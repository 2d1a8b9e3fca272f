import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPRESSION_THRESHOLD, registerCompression } from './compression.ts';
import { clientHeaders, createTestApp, type TestApp } from '../test/test-app.ts';
import { testDialects } from '../test/test-databases.ts';
import { signInAs } from '../test/sign-in.ts';
import { aCourse, anEnrolment, aShowcase, aTenant, aUser } from '../test/course-builders.ts';

const large = {
  data: Array.from({ length: 60 }, (_, i) => ({ id: i, title: `Course number ${i}` })),
};
const small = { ok: true };

describe('compression of dynamic responses', () => {
  const app = Fastify();
  beforeAll(async () => {
    await registerCompression(app);
    app.get('/large', async () => large);
    app.get('/small', async () => small);
    await app.ready();
  });
  afterAll(() => app.close());

  const get = (url: string, acceptEncoding?: string) =>
    app.inject({
      method: 'GET',
      url,
      headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {},
    });

  it('sends JSON above the threshold as brotli when accepted, else gzip', async () => {
    expect(JSON.stringify(large).length).toBeGreaterThan(COMPRESSION_THRESHOLD);
    const br = await get('/large', 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(large);

    const gz = await get('/large', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(large);
  });

  it('leaves small responses, and clients that accept no compression, uncompressed', async () => {
    expect((await get('/small', 'br')).headers['content-encoding']).toBeUndefined();
    const plain = await get('/large');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json()).toEqual(large);
    // deflate and zstd are not offered: gzip and brotli cover every browser.
    expect((await get('/large', 'deflate')).headers['content-encoding']).toBeUndefined();
  });
});

describe.each(await testDialects())('compression of the portal APIs on %s', (dialect) => {
  let testApp: TestApp;
  let cookie: string;

  beforeAll(async () => {
    testApp = await createTestApp(dialect, { startWorker: false });
    const db = testApp.ctx.db;
    const tenant = await aTenant(db);
    const learner = await aUser(db, tenant);
    for (let i = 1; i <= 30; i++) {
      const showcase = await aShowcase(db, tenant, `Showcase with a long name ${i}`, i);
      const course = await aCourse(db, tenant).named(`Course ${i}`).inShowcases(showcase).create();
      await anEnrolment(db, { tenantId: tenant, userId: learner, objectiveId: course })
        .inCatalog()
        .create();
    }
    cookie = await signInAs(testApp, learner);
  });
  afterAll(() => testApp.close());

  it('compresses a JSON API answer and keeps its content', async () => {
    const url = '/api/lms/v1/users/me/catalog-showcases';
    const plain = await testApp.app.inject({ method: 'GET', url, headers: clientHeaders(cookie) });
    expect(plain.statusCode).toBe(200);
    expect(plain.rawPayload.length).toBeGreaterThan(COMPRESSION_THRESHOLD);
    const br = await testApp.app.inject({
      method: 'GET',
      url,
      headers: { ...clientHeaders(cookie), 'accept-encoding': 'br, gzip' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/^application\/json/);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
  });
});
