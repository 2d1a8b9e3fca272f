// The LTI services' token endpoint over real HTTP on every dialect: the client-assertion rejection matrix
// (signature, algorithm, client, iss/sub, audience, expiry, issue time, jti), scope intersection, success,
// and a tool whose keys come from its JWKS URL served on 127.0.0.1.
import { createHash, randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SignJWT, type CryptoKey, type JWTPayload } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AgsScope } from '@portal/contracts';
import { fixedClock } from '../../lib/clock.ts';
import { aTenant } from '../../test/course-builders.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { testDialects } from '../../test/test-databases.ts';
import { aToolKeyPair, anLti13Tool, type ToolKeyPair } from './testing/lti-fixtures.ts';
import type { LtiToolRecord } from './tools.repository.ts';

const NOW = '2026-03-15T12:00:00.000Z';
const NOW_SECONDS = Date.parse(NOW) / 1000;
const JWT_BEARER = 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer';
const NRPS = 'https://purl.imsglobal.org/spec/lti-nrps/scope/contextmembership.readonly';

describe.each(await testDialects())('LTI token endpoint on %s', (dialect) => {
  const clock = fixedClock(NOW);
  let testApp: TestApp;
  let tenantId: string;
  let keys: ToolKeyPair;
  let tool: LtiToolRecord;
  let tokenUrl: string;

  beforeAll(async () => {
    testApp = await createTestApp(dialect, { clock, config: { rateLimitPerMinute: 1000 } });
    tenantId = await aTenant(testApp.ctx.db);
    keys = await aToolKeyPair();
    tool = await anLti13Tool(testApp.lti, tenantId, { publicJwk: keys.publicJwk });
    tokenUrl = testApp.lti.urls.token;
  });

  afterAll(async () => {
    await testApp.close();
  });

  interface AssertionOptions {
    key?: CryptoKey | Uint8Array;
    alg?: string;
    kid?: string;
    claims?: JWTPayload;
    omit?: string[];
  }

  /** A client assertion as ltijs and pylti1p3 build it, with overrides. */
  function assertion(client: LtiToolRecord, options: AssertionOptions = {}): Promise<string> {
    const claims: JWTPayload = {
      iss: client.clientId!,
      sub: client.clientId!,
      aud: tokenUrl,
      iat: NOW_SECONDS - 5,
      exp: NOW_SECONDS + 60,
      jti: randomUUID(),
      ...options.claims,
    };
    for (const name of options.omit ?? []) delete claims[name];
    return new SignJWT(claims)
      .setProtectedHeader({ alg: options.alg ?? 'RS256', kid: options.kid ?? keys.kid, typ: 'JWT' })
      .sign(options.key ?? keys.privateKey);
  }

  function requestToken(fields: Record<string, string>) {
    return testApp.app.inject({
      method: 'POST',
      url: '/api/lti/v1/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(fields).toString(),
    });
  }

  const form = (clientAssertion: string, scope = `${AgsScope.score} ${AgsScope.lineItem}`) => ({
    grant_type: 'client_credentials',
    client_assertion_type: JWT_BEARER,
    client_assertion: clientAssertion,
    scope,
  });

  async function expectRefused(
    fields: Record<string, string>,
    status: number,
    error: string,
    description?: RegExp,
  ) {
    const response = await requestToken(fields);
    expect(response.statusCode).toBe(status);
    expect(response.headers['cache-control']).toBe('no-store');
    const body = response.json();
    expect(body.error).toBe(error);
    expect(typeof body.error_description).toBe('string');
    if (description) expect(body.error_description).toMatch(description);
    expect(body.access_token).toBeUndefined();
  }

  describe('success', () => {
    it('issues an opaque bearer token for the granted scopes, stored only as its hash', async () => {
      const response = await requestToken(form(await assertion(tool)));
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-store');
      const body = response.json();
      expect(body).toEqual({
        access_token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
        token_type: 'Bearer',
        expires_in: 3600,
        scope: `${AgsScope.score} ${AgsScope.lineItem}`,
      });
      const rows = await testApp.ctx.db
        .selectFrom('ltiAccessTokens')
        .selectAll()
        .where('toolId', '=', tool.id)
        .execute();
      const hash = createHash('sha256').update(body.access_token).digest('hex');
      const row = rows.find((r) => r.tokenHash === hash);
      expect(row).toMatchObject({
        scopes: `${AgsScope.score} ${AgsScope.lineItem}`,
        expires: '2026-03-15T13:00:00.000Z',
      });
      expect(rows.some((r) => r.tokenHash === body.access_token)).toBe(false);
    });

    it('accepts the issuer as audience, and an audience array that contains the token URL', async () => {
      const asIssuer = await requestToken(
        form(await assertion(tool, { claims: { aud: testApp.lti.urls.issuer } })),
      );
      expect(asIssuer.statusCode).toBe(200);
      const asArray = await requestToken(
        form(await assertion(tool, { claims: { aud: ['https://other.example', tokenUrl] } })),
      );
      expect(asArray.statusCode).toBe(200);
    });

    it('accepts an assertion issued a little in the future (clock skew up to 30 s)', async () => {
      const response = await requestToken(
        form(await assertion(tool, { claims: { iat: NOW_SECONDS + 20 } })),
      );
      expect(response.statusCode).toBe(200);
    });
  });

  describe('scopes', () => {
    it('grants only the requested scopes the tool is allowed', async () => {
      const response = await requestToken(
        form(await assertion(tool), `${AgsScope.lineItem} ${NRPS} ${AgsScope.resultReadOnly}`),
      );
      expect(response.statusCode).toBe(200);
      expect(response.json().scope).toBe(`${AgsScope.lineItem} ${AgsScope.resultReadOnly}`);
    });

    it('answers invalid_scope when nothing requested is allowed', async () => {
      await expectRefused(form(await assertion(tool), NRPS), 400, 'invalid_scope');
      await expectRefused(
        form(await assertion(tool), AgsScope.lineItemReadOnly),
        400,
        'invalid_scope',
      );
      await expectRefused(form(await assertion(tool), ''), 400, 'invalid_scope');
    });
  });

  describe('the rejection matrix', () => {
    it('refuses a signature made with another key', async () => {
      const other = await aToolKeyPair('tool-key-1');
      await expectRefused(
        form(await assertion(tool, { key: other.privateKey })),
        401,
        'invalid_client',
        /signature/,
      );
    });

    it('refuses HS256 signed with a shared secret and unsigned (alg none) assertions', async () => {
      const secret = new TextEncoder().encode('a-shared-secret-that-is-long-enough-for-hs256');
      await expectRefused(
        form(await assertion(tool, { key: secret, alg: 'HS256' })),
        401,
        'invalid_client',
      );
      const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
      const unsigned = `${encode({ alg: 'none', typ: 'JWT' })}.${encode({
        iss: tool.clientId,
        sub: tool.clientId,
        aud: tokenUrl,
        iat: NOW_SECONDS,
        exp: NOW_SECONDS + 60,
        jti: randomUUID(),
      })}.`;
      await expectRefused(form(unsigned), 401, 'invalid_client');
    });

    it('refuses an unknown client, a disabled one, and iss different from sub', async () => {
      await expectRefused(
        form(await assertion(tool, { claims: { iss: 'unknown-client', sub: 'unknown-client' } })),
        401,
        'invalid_client',
        /Unknown client/,
      );
      await expectRefused(
        form(await assertion(tool, { claims: { sub: 'someone-else' } })),
        401,
        'invalid_client',
        /sub/,
      );
      const disabled = await anLti13Tool(testApp.lti, tenantId, { publicJwk: keys.publicJwk });
      await testApp.ctx.db
        .updateTable('ltiTools')
        .set({ enabled: 0 })
        .where('id', '=', disabled.id)
        .execute();
      await expectRefused(form(await assertion(disabled)), 401, 'invalid_client');
    });

    it('refuses a wrong audience', async () => {
      await expectRefused(
        form(await assertion(tool, { claims: { aud: 'https://other-platform.example/token' } })),
        401,
        'invalid_client',
        /aud/,
      );
    });

    it('refuses an expired assertion and one without exp', async () => {
      await expectRefused(
        form(await assertion(tool, { claims: { iat: NOW_SECONDS - 120, exp: NOW_SECONDS - 60 } })),
        401,
        'invalid_client',
        /expired/,
      );
      await expectRefused(form(await assertion(tool, { omit: ['exp'] })), 401, 'invalid_client');
    });

    it('refuses an assertion issued too long ago or too far in the future', async () => {
      await expectRefused(
        form(await assertion(tool, { claims: { iat: NOW_SECONDS - 6 * 60 } })),
        401,
        'invalid_client',
        /too long ago/,
      );
      await expectRefused(
        form(await assertion(tool, { claims: { iat: NOW_SECONDS + 60, exp: NOW_SECONDS + 120 } })),
        401,
        'invalid_client',
        /future/,
      );
      await expectRefused(form(await assertion(tool, { omit: ['iat'] })), 401, 'invalid_client');
    });

    it('refuses a replayed jti and a missing jti', async () => {
      const once = await assertion(tool);
      expect((await requestToken(form(once))).statusCode).toBe(200);
      await expectRefused(form(once), 401, 'invalid_client', /already used/);
      await expectRefused(form(await assertion(tool, { omit: ['jti'] })), 401, 'invalid_client');
    });

    it('keeps jti per tool: the same jti from two tools is not a replay', async () => {
      const otherKeys = await aToolKeyPair('other-kid');
      const other = await anLti13Tool(testApp.lti, tenantId, { publicJwk: otherKeys.publicJwk });
      const jti = randomUUID();
      expect(
        (await requestToken(form(await assertion(tool, { claims: { jti } })))).statusCode,
      ).toBe(200);
      const fromOther = await assertion(other, {
        key: otherKeys.privateKey,
        kid: otherKeys.kid,
        claims: { jti },
      });
      expect((await requestToken(form(fromOther))).statusCode).toBe(200);
    });

    it('refuses a wrong or missing grant type and a wrong assertion type', async () => {
      const valid = await assertion(tool);
      await expectRefused(
        { ...form(valid), grant_type: 'authorization_code' },
        400,
        'unsupported_grant_type',
      );
      const { grant_type: _omitted, ...withoutGrant } = form(valid);
      await expectRefused(withoutGrant, 400, 'invalid_request');
      await expectRefused(
        {
          ...form(valid),
          client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:saml2-bearer',
        },
        400,
        'invalid_request',
      );
      const { client_assertion: _none, ...withoutAssertion } = form(valid);
      await expectRefused(withoutAssertion, 400, 'invalid_request');
      await expectRefused(form('not-a-jwt'), 401, 'invalid_client');
      // None of the refusals above consumed the assertion's jti.
      expect((await requestToken(form(valid))).statusCode).toBe(200);
    });
  });

  describe('a tool with a JWKS URL', () => {
    let server: Server;
    let jwksKeys: ToolKeyPair;
    let jwksTool: LtiToolRecord;
    let fetches = 0;

    beforeAll(async () => {
      jwksKeys = await aToolKeyPair('jwks-key');
      server = createServer((request, response) => {
        fetches += 1;
        if (request.url !== '/jwks.json') {
          response.writeHead(404).end();
          return;
        }
        response
          .writeHead(200, { 'content-type': 'application/json' })
          .end(JSON.stringify({ keys: [jwksKeys.publicJwk] }));
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const { port } = server.address() as AddressInfo;
      jwksTool = await anLti13Tool(testApp.lti, tenantId, {
        jwksUrl: `http://127.0.0.1:${port}/jwks.json`,
      });
    });

    afterAll(async () => {
      await new Promise((resolve) => server.close(resolve));
    });

    it('verifies with the fetched key set and keeps it cached', async () => {
      const sign = (claims: JWTPayload = {}) =>
        assertion(jwksTool, { key: jwksKeys.privateKey, kid: jwksKeys.kid, claims });
      const first = await requestToken(form(await sign()));
      expect(first.statusCode).toBe(200);
      const second = await requestToken(form(await sign()));
      expect(second.statusCode).toBe(200);
      expect(fetches).toBe(1);
    });

    it('refuses an assertion signed by a key that is not in the set', async () => {
      await expectRefused(
        form(await assertion(jwksTool, { key: keys.privateKey, kid: jwksKeys.kid })),
        401,
        'invalid_client',
        /signature/,
      );
    });
  });
});

describe('LTI token endpoint rate limit', () => {
  it('answers 429 once a client exceeds the per-minute limit', async () => {
    const testApp = await createTestApp('sqlite', { config: { rateLimitPerMinute: 2 } });
    try {
      const post = () =>
        testApp.app.inject({
          method: 'POST',
          url: '/api/lti/v1/token',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: 'grant_type=client_credentials',
        });
      expect((await post()).statusCode).toBe(400);
      expect((await post()).statusCode).toBe(400);
      expect((await post()).statusCode).toBe(429);
    } finally {
      await testApp.close();
    }
  });
});
