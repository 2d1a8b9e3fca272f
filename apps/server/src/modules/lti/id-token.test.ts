// The id_token claim builder against the LTI 1.3 JSON schema's required set, its AGS and personal claims, and
// its signature verified with the platform's published JWKS.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalJWKSet, decodeProtectedHeader, jwtVerify } from 'jose';
import { AgsScope, LtiVersion } from '@portal/contracts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { buildIdTokenClaims, CLAIM, signIdToken, type IdTokenInput } from './id-token.ts';
import type { LaunchContext } from './launch-context.ts';
import { ltiUrls } from './lti-urls.ts';
import type { LtiToolRecord } from './tools.repository.ts';

const NOW = new Date('2026-03-15T12:00:00.000Z');
const urls = ltiUrls('https://portal.example');

function aTool(overrides: Partial<LtiToolRecord> = {}): LtiToolRecord {
  return {
    id: 'tool-1',
    tenantId: 'tenant-1',
    name: 'Quiz tool',
    ltiVersion: LtiVersion.lti13,
    enabled: true,
    clientId: 'client-abc',
    deploymentIds: ['deployment-1', 'deployment-2'],
    loginUrl: 'https://tool.example/login',
    redirectUris: ['https://tool.example/launch'],
    jwksUrl: 'https://tool.example/jwks',
    publicJwk: null,
    allowedScopes: [AgsScope.score, AgsScope.lineItem],
    targetLinkUri: 'https://tool.example/launch',
    privacyLevel: 'anonymous',
    proctoring: false,
    consumerKey: null,
    secretEncrypted: null,
    created: NOW.toISOString(),
    ...overrides,
  };
}

function aContext(tool: LtiToolRecord): LaunchContext {
  return {
    tool,
    resource: {
      activityId: 'activity-1',
      toolId: tool.id,
      targetLinkUri: null,
      custom: { chapter: '3', mode: 'practice' },
      preferredWidth: null,
      preferredHeight: 600,
    },
    resourceLink: { id: 'link-1', title: 'Quiz', description: 'A short quiz' },
    context: { id: 'objective-1', title: 'Algebra', label: 'ALG-1' },
    user: {
      subject: 'sub-xyz',
      givenName: 'Ada',
      familyName: 'Lovelace',
      fullName: 'Ada Lovelace',
      email: 'ada@example.test',
    },
    roles: ['http://purl.imsglobal.org/vocab/lis/v2/membership#Learner'],
    targetLinkUri: 'https://tool.example/launch?quiz=1',
    returnUrl: 'https://portal.example/learn/lti-tool-callback?objectiveId=objective-1',
    documentTarget: 'iframe',
    locale: 'en-US',
    lineItemId: 'line-item-1',
    outcomeSourcedId: null,
  };
}

function input(tool: LtiToolRecord): IdTokenInput {
  return {
    context: aContext(tool),
    urls,
    platform: { guid: 'tenant-1', name: 'Acme', version: '1.2.3' },
    nonce: 'nonce-123',
    now: NOW,
  };
}

describe('id_token claims', () => {
  it('carries every claim the LTI 1.3 JSON schema requires, with the right types and values', () => {
    const claims = buildIdTokenClaims(input(aTool()));
    const iat = NOW.getTime() / 1000;
    expect(claims).toMatchObject({
      iss: 'https://portal.example',
      aud: 'client-abc',
      azp: 'client-abc',
      sub: 'sub-xyz',
      iat,
      exp: iat + 300,
      nonce: 'nonce-123',
      [CLAIM.version]: '1.3.0',
      [CLAIM.deploymentId]: 'deployment-1',
      [CLAIM.messageType]: 'LtiResourceLinkRequest',
      [CLAIM.targetLinkUri]: 'https://tool.example/launch?quiz=1',
      [CLAIM.resourceLink]: { id: 'link-1', title: 'Quiz', description: 'A short quiz' },
      [CLAIM.toolPlatform]: {
        guid: 'tenant-1',
        name: 'Acme',
        product_family_code: 'learner-portal',
        version: '1.2.3',
      },
      [CLAIM.context]: {
        id: 'objective-1',
        title: 'Algebra',
        label: 'ALG-1',
        type: ['http://purl.imsglobal.org/vocab/lis/v2/course#CourseOffering'],
      },
      [CLAIM.launchPresentation]: {
        document_target: 'iframe',
        return_url: 'https://portal.example/learn/lti-tool-callback?objectiveId=objective-1',
        locale: 'en-US',
        height: 600,
      },
      [CLAIM.custom]: { chapter: '3', mode: 'practice' },
    });
    for (const name of ['iss', 'aud', 'nonce', 'sub', CLAIM.version, CLAIM.deploymentId]) {
      expect(typeof claims[name], name).toBe('string');
    }
    expect(Number.isInteger(claims.iat)).toBe(true);
    expect(Number.isInteger(claims.exp)).toBe(true);
    const roles = claims[CLAIM.roles] as unknown[];
    expect(Array.isArray(roles) && roles.length > 0).toBe(true);
    expect(roles.every((role) => typeof role === 'string')).toBe(true);
    expect((claims[CLAIM.deploymentId] as string).length).toBeLessThanOrEqual(255);
  });

  it('adds the AGS endpoint claim with the tool AGS scopes, line items and its line item', () => {
    const claims = buildIdTokenClaims(input(aTool()));
    expect(claims[CLAIM.agsEndpoint]).toEqual({
      scope: [AgsScope.score, AgsScope.lineItem],
      lineitems: 'https://portal.example/api/lti/v1/grading/contexts/objective-1/lineitems',
      lineitem:
        'https://portal.example/api/lti/v1/grading/contexts/objective-1/lineitems/line-item-1',
    });
  });

  it('leaves the AGS claim out for a tool without AGS scopes', () => {
    const claims = buildIdTokenClaims(input(aTool({ allowedScopes: [] })));
    expect(claims).not.toHaveProperty([CLAIM.agsEndpoint]);
    const other = buildIdTokenClaims(input(aTool({ allowedScopes: ['https://example/other'] })));
    expect(other).not.toHaveProperty([CLAIM.agsEndpoint]);
  });

  it('sends personal claims only as the privacy level allows', () => {
    const anonymous = buildIdTokenClaims(input(aTool({ privacyLevel: 'anonymous' })));
    for (const claim of ['name', 'given_name', 'family_name', 'email']) {
      expect(anonymous).not.toHaveProperty([claim]);
    }
    const named = buildIdTokenClaims(input(aTool({ privacyLevel: 'name' })));
    expect(named).toMatchObject({
      name: 'Ada Lovelace',
      given_name: 'Ada',
      family_name: 'Lovelace',
    });
    expect(named).not.toHaveProperty(['email']);
    const withEmail = buildIdTokenClaims(input(aTool({ privacyLevel: 'email' })));
    expect(withEmail).toMatchObject({ name: 'Ada Lovelace', email: 'ada@example.test' });
    // The pseudonymous subject is there whatever the level.
    expect(anonymous.sub).toBe('sub-xyz');
  });

  it('refuses a tool without a client id or deployment', () => {
    expect(() => buildIdTokenClaims(input(aTool({ deploymentIds: [] })))).toThrow(/deployment/);
    expect(() => buildIdTokenClaims(input(aTool({ clientId: null })))).toThrow(/client id/);
  });
});

describe('id_token signature', () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await createTestApp('sqlite');
  });

  afterAll(async () => {
    await testApp.close();
  });

  it('is RS256 with the current kid and verifies with the platform JWKS', async () => {
    const claims = buildIdTokenClaims({ ...input(aTool()), now: new Date() });
    const key = await testApp.lti.keys.signingKey();
    const token = await signIdToken(claims, key);
    expect(decodeProtectedHeader(token)).toEqual({ alg: 'RS256', kid: key.kid, typ: 'JWT' });
    const jwks = createLocalJWKSet(await testApp.lti.keys.jwks());
    const { payload } = await jwtVerify(token, jwks, {
      algorithms: ['RS256'],
      issuer: 'https://portal.example',
      audience: 'client-abc',
    });
    expect(payload).toEqual(claims);
  });

  it('does not verify once tampered with', async () => {
    const token = await signIdToken(
      buildIdTokenClaims({ ...input(aTool()), now: new Date() }),
      await testApp.lti.keys.signingKey(),
    );
    const [header, payload, signature] = token.split('.');
    const forged = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as Record<
      string,
      unknown
    >;
    forged.sub = 'someone-else';
    const tampered = [header, Buffer.from(JSON.stringify(forged)).toString('base64url'), signature];
    const jwks = createLocalJWKSet(await testApp.lti.keys.jwks());
    await expect(jwtVerify(tampered.join('.'), jwks, { algorithms: ['RS256'] })).rejects.toThrow();
  });
});
