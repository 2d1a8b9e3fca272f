// The tool registry's admin API over HTTP: permission-checked, validated, tenant-scoped, secrets never returned.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LtiVersion, ltiToolSchema, type LtiTool } from '@portal/contracts';
import { clientHeaders, createTestApp, json, type TestApp } from '../../test/test-app.ts';
import { testDialects } from '../../test/test-databases.ts';
import { signInAs } from '../../test/sign-in.ts';
import { aTenant, aUser } from '../../test/course-builders.ts';
import { aToolKeyPair } from './testing/lti-fixtures.ts';

const lti13 = async (clientId?: string) => ({
  ltiVersion: LtiVersion.lti13,
  name: 'Chemistry lab',
  ...(clientId ? { clientId } : {}),
  loginUrl: 'https://lab.example/login',
  redirectUris: ['https://lab.example/launch'],
  targetLinkUri: 'https://lab.example/launch',
  publicJwk: (await aToolKeyPair()).publicJwk,
  allowedScopes: ['https://purl.imsglobal.org/spec/lti-ags/scope/score'],
  privacyLevel: 'name',
});

describe.each(await testDialects())('LTI tool registry admin API on %s', (dialect) => {
  let testApp: TestApp;
  let admin: string;
  let learner: string;
  let otherAdmin: string;

  beforeAll(async () => {
    testApp = await createTestApp(dialect);
    const { db } = testApp.ctx;
    const tenantId = await aTenant(db);
    const otherTenant = await aTenant(db);
    admin = await signInAs(testApp, await aUser(db, tenantId, ['Administrator']));
    learner = await signInAs(testApp, await aUser(db, tenantId, ['Learner']));
    otherAdmin = await signInAs(testApp, await aUser(db, otherTenant, ['Administrator']));
  });
  afterAll(() => testApp.close());

  const post = (cookie: string, payload: unknown) =>
    testApp.app.inject({
      method: 'POST',
      url: '/api/platform/v1/lti-tools',
      headers: clientHeaders(cookie),
      payload: payload as object,
    });

  it('registers an LTI 1.3 tool, issues client and deployment ids and tells what the tool needs', async () => {
    const response = await post(admin, await lti13());
    expect(response.statusCode).toBe(201);
    const tool = ltiToolSchema.parse(json(response));
    expect(tool.clientId).toMatch(/^[\w-]{16,}$/);
    expect(tool.deploymentIds).toHaveLength(1);
    expect(tool.platform).toEqual({
      issuer: 'http://localhost:3000',
      authorizationEndpoint: 'http://localhost:3000/api/lti/v1/auth',
      tokenEndpoint: 'http://localhost:3000/api/lti/v1/token',
      jwksUrl: 'http://localhost:3000/api/lti/v1/.well-known/jwks.json',
    });
    const read = await testApp.app.inject({
      url: `/api/platform/v1/lti-tools/${tool.id}`,
      headers: clientHeaders(admin),
    });
    expect(json<LtiTool>(read).name).toBe('Chemistry lab');
  });

  it('registers an LTI 1.1 tool, keeps the secret sealed at rest and never returns it', async () => {
    const secret = 'a-very-secret-shared-secret';
    const response = await post(admin, {
      ltiVersion: LtiVersion.lti11,
      name: 'Legacy quiz',
      targetLinkUri: 'https://legacy.example/launch',
      consumerKey: 'legacy-key-1',
      secret,
    });
    expect(response.statusCode).toBe(201);
    expect(response.body).not.toContain(secret);
    const row = await testApp.ctx.db
      .selectFrom('ltiTools')
      .select('secretEncrypted')
      .where('consumerKey', '=', 'legacy-key-1')
      .executeTakeFirstOrThrow();
    expect(row.secretEncrypted).not.toContain(secret);
    const tool = await testApp.lti.tools.findByConsumerKey('legacy-key-1');
    expect(testApp.lti.tools.secretOf(tool!)).toBe(secret);
    const list = await testApp.app.inject({
      url: '/api/platform/v1/lti-tools',
      headers: clientHeaders(admin),
    });
    expect(list.body).not.toContain(secret);
  });

  it('refuses a duplicate client id with 409 and changes nothing', async () => {
    expect((await post(admin, await lti13('fixed-client-id-1'))).statusCode).toBe(201);
    const again = await post(admin, await lti13('fixed-client-id-1'));
    expect(again.statusCode).toBe(409);
    const rows = await testApp.ctx.db
      .selectFrom('ltiTools')
      .select('id')
      .where('clientId', '=', 'fixed-client-id-1')
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('refuses bad input with per-field errors', async () => {
    const unknownField = await post(admin, { ...(await lti13()), extra: 1 });
    expect(unknownField.statusCode).toBe(400);
    const badUrl = await post(admin, { ...(await lti13()), loginUrl: 'javascript:alert(1)' });
    expect(badUrl.statusCode).toBe(400);
    const noKey = await post(admin, { ...(await lti13()), publicJwk: undefined });
    expect(noKey.statusCode).toBe(400);
    const malformed = await testApp.app.inject({
      method: 'POST',
      url: '/api/platform/v1/lti-tools',
      headers: clientHeaders(admin),
      payload: '{"ltiVersion":',
    });
    expect(malformed.statusCode).toBe(400);
  });

  it('is for tool managers only, and per tenant', async () => {
    expect((await post(learner, await lti13())).statusCode).toBe(403);
    const anonymous = await testApp.app.inject({
      url: '/api/platform/v1/lti-tools',
      headers: clientHeaders(),
    });
    expect(anonymous.statusCode).toBe(401);
    const ours = json<LtiTool[]>(
      await testApp.app.inject({
        url: '/api/platform/v1/lti-tools',
        headers: clientHeaders(admin),
      }),
    );
    const theirs = await testApp.app.inject({
      url: `/api/platform/v1/lti-tools/${ours[0]!.id}`,
      headers: clientHeaders(otherAdmin),
    });
    expect(theirs.statusCode).toBe(404);
    const theirList = json<LtiTool[]>(
      await testApp.app.inject({
        url: '/api/platform/v1/lti-tools',
        headers: clientHeaders(otherAdmin),
      }),
    );
    expect(theirList).toEqual([]);
  });

  it('registers a proctoring tool and turns proctoring on and off, for managers of its tenant only', async () => {
    const registered = ltiToolSchema.parse(
      json(await post(admin, { ...(await lti13()), proctoring: true })),
    );
    expect(registered.proctoring).toBe(true);
    const plain = ltiToolSchema.parse(json(await post(admin, await lti13())));
    expect(plain.proctoring).toBe(false);
    const put = (cookie: string, id: string, payload: unknown) =>
      testApp.app.inject({
        method: 'PUT',
        url: `/api/platform/v1/lti-tools/${id}/proctoring`,
        headers: clientHeaders(cookie),
        payload: payload as object,
      });
    const on = await put(admin, plain.id, { proctoring: true });
    expect(on.statusCode).toBe(200);
    expect(ltiToolSchema.parse(json(on)).proctoring).toBe(true);
    expect((await put(learner, plain.id, { proctoring: false })).statusCode).toBe(403);
    expect((await put(otherAdmin, plain.id, { proctoring: false })).statusCode).toBe(404);
    expect((await put(admin, plain.id, { proctoring: 'yes' })).statusCode).toBe(400);
    // Without the client's CSRF marker the change is refused.
    const forged = await testApp.app.inject({
      method: 'PUT',
      url: `/api/platform/v1/lti-tools/${plain.id}/proctoring`,
      headers: { cookie: admin, 'content-type': 'application/json' },
      payload: { proctoring: false },
    });
    expect(forged.statusCode).toBe(403);
    const legacy = ltiToolSchema.parse(
      json(
        await post(admin, {
          ltiVersion: LtiVersion.lti11,
          name: 'Legacy proctor',
          targetLinkUri: 'https://legacy-proctor.example/launch',
          consumerKey: 'legacy-proctor-key',
          secret: 'legacy-proctor-shared-secret',
        }),
      ),
    );
    expect((await put(admin, legacy.id, { proctoring: true })).statusCode).toBe(404);
    const off = await put(admin, plain.id, { proctoring: false });
    expect(ltiToolSchema.parse(json(off)).proctoring).toBe(false);
  });

  it('rotates the platform keys: the old current key stays published as previous', async () => {
    const before = await testApp.lti.keys.jwks();
    const current = (await testApp.lti.keys.signingKey()).kid;
    const rotated = await testApp.app.inject({
      method: 'POST',
      url: '/api/platform/v1/lti-keys/rotate',
      headers: clientHeaders(admin),
      payload: {},
    });
    expect(rotated.statusCode).toBe(200);
    const after = await testApp.lti.keys.jwks();
    const kids = after.keys.map((k) => k.kid);
    expect(kids).toContain(current);
    expect((await testApp.lti.keys.signingKey()).kid).toBe(before.keys[1]!.kid);
    expect(after.keys.every((k) => k.alg === 'RS256' && k.use === 'sig' && !('d' in k))).toBe(true);
    expect(after.keys).toHaveLength(3);
    const published = await testApp.app.inject({ url: '/api/lti/v1/.well-known/jwks.json' });
    expect(json<{ keys: { kid: string }[] }>(published).keys.map((k) => k.kid)).toEqual(kids);
    const forbidden = await testApp.app.inject({
      method: 'POST',
      url: '/api/platform/v1/lti-keys/rotate',
      headers: clientHeaders(learner),
      payload: {},
    });
    expect(forbidden.statusCode).toBe(403);
  });
});
