// CSRF protection by what a route is, over real HTTP on every dialect: encoded paths reach the same route
// and the same protection, cross-site marks are refused, JSON APIs take JSON only, and a refused request
// changes nothing.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientHeaders, createTestApp, type TestApp } from '../test/test-app.ts';
import { testDialects } from '../test/test-databases.ts';
import { signInAs } from '../test/sign-in.ts';
import { aCourse, anEnrolment, aTenant, aUser } from '../test/course-builders.ts';

const ORIGIN = 'http://localhost:3000';

describe.each(await testDialects())('CSRF protection on %s', (dialect) => {
  let testApp: TestApp;
  let cookie: string;
  let userId: string;
  let accessId: string;
  let aggregateId: string;

  beforeAll(async () => {
    testApp = await createTestApp(dialect);
    const db = testApp.ctx.db;
    const tenantId = await aTenant(db);
    userId = await aUser(db, tenantId);
    cookie = await signInAs(testApp, userId);
    const objectiveId = await aCourse(db, tenantId).create();
    const written = await anEnrolment(db, { tenantId, userId, objectiveId }).inCatalog().create();
    accessId = written.accessId;
    aggregateId = written.aggregateId;
  });

  afterAll(async () => {
    await testApp.close();
  });

  const isSelfEnrolled = async () =>
    (
      await testApp.ctx.db
        .selectFrom('objectiveWorkflowAggregates')
        .select('isSelfEnrolled')
        .where('id', '=', aggregateId)
        .executeTakeFirstOrThrow()
    ).isSelfEnrolled;
  const storedCommands = () => testApp.ctx.db.selectFrom('commands').select('id').execute();

  const formPost = (url: string, headers: Record<string, string> = {}) =>
    testApp.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie, ...headers },
      payload: new URLSearchParams({ objectiveAccessId: accessId, id: randomUUID() }).toString(),
    });

  it('refuses a plain HTML form post to a command, however the path is encoded', async () => {
    for (const url of [
      '/api/lms/v1/create-self-enrollments',
      '/%61pi/lms/v1/create-self-enrollments',
      '/api/lms/v1/create-self-%65nrollments',
      '/API/lms/v1/create-self-enrollments',
      '/api//lms/v1/create-self-enrollments',
    ]) {
      const response = await formPost(url);
      expect([403, 404], url).toContain(response.statusCode);
    }
    expect(await storedCommands()).toEqual([]);
    expect(await isSelfEnrolled()).toBe(0);
  });

  it('protects every command collection and the time-zone route, encoded or not', async () => {
    const commandTypes = testApp.commands.definitions.map((d) => d.type);
    expect(commandTypes.length).toBeGreaterThan(3);
    for (const type of commandTypes) {
      for (const url of [`/api/lms/v1/${type}`, `/%61pi/lms/v1/${type}`]) {
        expect((await formPost(url)).statusCode, url).toBe(403);
      }
    }
    for (const url of [
      `/api/platform/v1/users/${userId}/timezone`,
      `/%61pi/platform/v1/users/${userId}/timezone`,
    ]) {
      const response = await testApp.app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/x-www-form-urlencoded', cookie },
        payload: 'timezone=Europe%2FBerlin',
      });
      expect(response.statusCode, url).toBe(403);
    }
    expect(await storedCommands()).toEqual([]);
    const user = await testApp.ctx.db
      .selectFrom('users')
      .select('timezone')
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    expect(user.timezone).toBeNull();
  });

  it('refuses form-encoded and text bodies on JSON APIs even with the marker header', async () => {
    for (const contentType of [
      'application/x-www-form-urlencoded',
      'text/plain',
      'multipart/form-data; boundary=x',
    ]) {
      const response = await testApp.app.inject({
        method: 'POST',
        url: '/api/lms/v1/create-self-enrollments',
        headers: { ...clientHeaders(cookie), 'content-type': contentType },
        payload: `objectiveAccessId=${accessId}`,
      });
      expect(response.statusCode, contentType).toBe(415);
      expect(response.json()).toMatchObject({ code: 'unsupported_media_type' });
    }
    expect(await storedCommands()).toEqual([]);
  });

  it('refuses requests the browser marks as coming from another site or origin', async () => {
    for (const headers of [
      { 'sec-fetch-site': 'cross-site' },
      // Another port of the same host is the same site, but not the same origin.
      { 'sec-fetch-site': 'same-site', origin: 'http://localhost:4000' },
      { origin: 'http://localhost:4000' },
      { origin: 'null' },
    ]) {
      const response = await testApp.app.inject({
        method: 'POST',
        url: '/api/lms/v1/create-self-enrollments',
        headers: { ...clientHeaders(cookie), ...headers },
        payload: { id: randomUUID(), objectiveAccessId: accessId },
      });
      expect(response.statusCode, JSON.stringify(headers)).toBe(403);
      expect(response.json()).toMatchObject({ code: 'cross_site_request' });
    }
    expect(await storedCommands()).toEqual([]);
    expect(await isSelfEnrolled()).toBe(0);
  });

  it('accepts the web client’s own request: JSON, the marker, same origin', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/lms/v1/create-self-enrollments',
      headers: {
        ...clientHeaders(cookie),
        origin: ORIGIN,
        'sec-fetch-site': 'same-origin',
        prefer: 'respond-sync',
      },
      payload: { id: randomUUID(), objectiveAccessId: accessId },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ completed: { state: 1 } });
    expect(await isSelfEnrolled()).toBe(1);
  });

  it('leaves the LTI protocol endpoints to their own proofs (a tool posts cross-site)', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/lti/v1/token',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin: 'https://tool.example',
        'sec-fetch-site': 'cross-site',
      },
      payload: 'grant_type=client_credentials',
    });
    // Refused by the token endpoint itself (no client assertion), not by the CSRF guard.
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: 'invalid_request' });
  });
});
