// The LTI 1.3 authorization endpoint over real HTTP on every dialect: the rejection matrix (error page before
// the redirect_uri is trusted, posted error after), and the success path whose id_token verifies.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { createLocalJWKSet, decodeProtectedHeader, jwtVerify } from 'jose';
import { resourceFormSchema } from '@portal/contracts';
import { clientHeaders, createTestApp, cspDirectives, type TestApp } from '../../test/test-app.ts';
import { testDialects } from '../../test/test-databases.ts';
import { signInAs } from '../../test/sign-in.ts';
import { fixedClock } from '../../lib/clock.ts';
import { anEnrolment, aTenant, aUser } from '../../test/course-builders.ts';
import { runCommand } from '../catalog/catalog-commands.fixture.ts';
import { CLAIM } from './id-token.ts';
import { anLti13Tool, anLtiCourse } from './testing/lti-fixtures.ts';
import type { LtiToolRecord } from './tools.repository.ts';

const NOW = '2026-03-15T12:00:00.000Z';
const REDIRECT = 'https://quiz.example/launch';
const OTHER_REDIRECT = 'https://other-tool.example/launch';

const UNESCAPE: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#39;': "'",
};
const unescape = (value: string) => value.replace(/&(amp|lt|gt|quot|#39);/g, (e) => UNESCAPE[e]!);

/** The auto-post page's form: its action and hidden fields (HTML-unescaped). */
function postedForm(response: LightMyRequestResponse) {
  expect(response.statusCode).toBe(200);
  const action = /<form[^>]*action="([^"]*)"/.exec(response.body)?.[1];
  const fields = Object.fromEntries(
    [...response.body.matchAll(/<input type="hidden" name="([^"]*)" value="([^"]*)">/g)].map(
      (m) => [unescape(m[1]!), unescape(m[2]!)],
    ),
  );
  return { action: action === undefined ? undefined : unescape(action), fields };
}

/** An error page: 400, nothing posted anywhere, the error code shown. */
function expectErrorPage(response: LightMyRequestResponse, error: string) {
  expect(response.statusCode).toBe(400);
  expect(response.headers['content-type']).toMatch(/^text\/html/);
  expect(response.headers['cache-control']).toBe('no-store');
  expect(cspDirectives(response.headers['content-security-policy'])['form-action']).toBe("'none'");
  expect(response.body).not.toMatch(/<form|<script/);
  expect(response.body).toContain(`<code>${error}</code>`);
}

describe.each(await testDialects())('LTI authorization endpoint on %s', (dialect) => {
  const clock = fixedClock(NOW);
  let testApp: TestApp;
  let learner: string;
  let cookie: string;
  let otherCookie: string;
  let tool: LtiToolRecord;
  let otherTool: LtiToolRecord;
  let objectiveId: string;
  let attemptId: string;
  let activityWorkflowId: string;

  beforeAll(async () => {
    testApp = await createTestApp(dialect, { clock });
    const db = testApp.ctx.db;
    const tenantId = await aTenant(db);
    learner = await aUser(db, tenantId);
    cookie = await signInAs(testApp, learner);
    otherCookie = await signInAs(testApp, await aUser(db, tenantId));
    tool = await anLti13Tool(testApp.lti, tenantId, { toolUrl: 'https://quiz.example' });
    otherTool = await anLti13Tool(testApp.lti, tenantId, { toolUrl: 'https://other-tool.example' });
    const course = await anLtiCourse(db, testApp.lti, tenantId, tool);
    objectiveId = course.objectiveId;
    const { aggregateId } = await anEnrolment(db, {
      tenantId,
      userId: learner,
      objectiveId: course.objectiveId,
    })
      .selfEnrolled()
      .create();
    const attempt = await runCommand(testApp, 'start-objective-workflows', cookie, {
      id: randomUUID(),
      objectiveWorkflowAggregateId: aggregateId,
    });
    attemptId = attempt.entityId!;
    const activity = await runCommand(testApp, 'start-activity-workflows', cookie, {
      id: randomUUID(),
      objectiveWorkflowId: attemptId,
      activityPartIds: [],
    });
    activityWorkflowId = activity.entityId!;
  });

  afterAll(async () => {
    await testApp.close();
  });

  /** A pending launch made by the learner's browser: the login form's fields and the binding cookie. */
  async function aLaunch() {
    const response = await testApp.app.inject({
      method: 'GET',
      url: `/api/lms/v1/objective-workflows/${attemptId}/resource-form/${activityWorkflowId}`,
      headers: clientHeaders(cookie),
    });
    expect(response.statusCode).toBe(200);
    const { fields } = resourceFormSchema.parse(response.json());
    const binding = /lti_binding=([^;]+);/.exec(String(response.headers['set-cookie']))![1]!;
    return { fields, binding, bindingCookie: `lti_binding=${binding}` };
  }

  type Launch = Awaited<ReturnType<typeof aLaunch>>;

  /** The tool's authentication request for `launch`, as ltijs sends it, with `changes` applied. */
  function authParams(launch: Launch, changes: Record<string, string | undefined> = {}) {
    const params: Record<string, string | undefined> = {
      scope: 'openid',
      response_type: 'id_token',
      response_mode: 'form_post',
      prompt: 'none',
      client_id: launch.fields.client_id,
      redirect_uri: REDIRECT,
      login_hint: launch.fields.login_hint,
      lti_message_hint: launch.fields.lti_message_hint,
      nonce: `nonce-${randomUUID()}`,
      state: `state-${randomUUID()}`,
      ...changes,
    };
    return Object.fromEntries(
      Object.entries(params).filter((entry): entry is [string, string] => entry[1] !== undefined),
    );
  }

  function auth(
    params: Record<string, string>,
    options: { method?: 'GET' | 'POST'; cookie?: string } = {},
  ) {
    const encoded = new URLSearchParams(params).toString();
    const headers: Record<string, string> = options.cookie ? { cookie: options.cookie } : {};
    return (options.method ?? 'GET') === 'GET'
      ? testApp.app.inject({ method: 'GET', url: `/api/lti/v1/auth?${encoded}`, headers })
      : testApp.app.inject({
          method: 'POST',
          url: '/api/lti/v1/auth',
          headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
          payload: encoded,
        });
  }

  async function verifiedIdToken(token: string) {
    const jwks = createLocalJWKSet(await testApp.lti.keys.jwks());
    const { payload } = await jwtVerify(token, jwks, {
      algorithms: ['RS256'],
      issuer: 'http://localhost:3000',
      audience: tool.clientId!,
      currentDate: clock.now(),
    });
    return payload;
  }

  /** An error posted back to the registered redirect_uri, with the tool's state. */
  function expectPostedError(
    response: LightMyRequestResponse,
    params: Record<string, string>,
    error: string,
  ) {
    const form = postedForm(response);
    expect(form.action).toBe(params.redirect_uri);
    expect(form.fields).toEqual({
      error,
      error_description: expect.any(String),
      state: params.state,
    });
  }

  describe('success', () => {
    it('GET with only the binding cookie auto-posts a verifiable id_token and the state', async () => {
      const launch = await aLaunch();
      const params = authParams(launch);
      const response = await auth(params, { cookie: launch.bindingCookie });
      const form = postedForm(response);
      expect(form.action).toBe(REDIRECT);
      expect(Object.keys(form.fields).sort()).toEqual(['id_token', 'state']);
      expect(form.fields.state).toBe(params.state);

      expect(response.headers['cache-control']).toBe('no-store');
      const csp = cspDirectives(response.headers['content-security-policy']);
      const nonce = /^'nonce-([^']+)'$/.exec(csp['script-src'] ?? '')?.[1];
      expect(nonce).toBeTruthy();
      expect(csp).toMatchObject({
        'default-src': "'none'",
        'script-src': `'nonce-${nonce}'`,
        'form-action': 'https://quiz.example',
        'frame-ancestors': "'self'",
      });
      expect(response.body).toContain(`<script nonce="${nonce}">`);
      expect(response.body).toContain('<html lang="en-US" dir="ltr">');
      expect(response.body).toMatch(/<title>[^<]+<\/title>/);
      expect(response.body).toMatch(/<noscript>.*<button type="submit">/s);

      const token = form.fields.id_token!;
      const key = await testApp.lti.keys.signingKey();
      expect(decodeProtectedHeader(token)).toMatchObject({ alg: 'RS256', kid: key.kid });
      const claims = await verifiedIdToken(token);
      const link = await testApp.ctx.db
        .selectFrom('ltiResourceLinks as l')
        .innerJoin('ltiLineItems as li', 'li.resourceLinkId', 'l.id')
        .select(['l.id', 'l.objectiveId', 'li.id as lineItemId'])
        .where('l.objectiveId', '=', objectiveId)
        .executeTakeFirstOrThrow();
      expect(claims).toMatchObject({
        nonce: params.nonce,
        sub: launch.fields.login_hint,
        azp: tool.clientId,
        iat: Date.parse(NOW) / 1000,
        exp: Date.parse(NOW) / 1000 + 300,
        [CLAIM.messageType]: 'LtiResourceLinkRequest',
        [CLAIM.version]: '1.3.0',
        [CLAIM.deploymentId]: launch.fields.lti_deployment_id,
        [CLAIM.targetLinkUri]: launch.fields.target_link_uri,
        [CLAIM.resourceLink]: { id: link.id },
        [CLAIM.context]: { id: link.objectiveId },
        [CLAIM.roles]: expect.arrayContaining([
          'http://purl.imsglobal.org/vocab/lis/v2/membership#Learner',
        ]),
        [CLAIM.agsEndpoint]: {
          lineitems: testApp.lti.urls.lineItems(link.objectiveId),
          lineitem: testApp.lti.urls.lineItem(link.objectiveId, link.lineItemId),
        },
      });
      expect((claims[CLAIM.launchPresentation] as { return_url: string }).return_url).toContain(
        `workflowId=${attemptId}`,
      );
    });

    it('POST with the learner session and the binding cookie succeeds too', async () => {
      const launch = await aLaunch();
      const params = authParams(launch);
      const response = await auth(params, {
        method: 'POST',
        cookie: `${cookie}; ${launch.bindingCookie}`,
      });
      const form = postedForm(response);
      expect(form.action).toBe(REDIRECT);
      const claims = await verifiedIdToken(form.fields.id_token!);
      expect(claims.nonce).toBe(params.nonce);
      const used = await testApp.ctx.db
        .selectFrom('ltiLaunches')
        .select('used')
        .where('loginHint', '=', launch.fields.login_hint!)
        .where('used', 'is not', null)
        .execute();
      expect(used.length).toBeGreaterThan(0);
    });

    it('escapes what it echoes', async () => {
      const launch = await aLaunch();
      const state = '"><script>alert(1)</script>';
      const response = await auth(authParams(launch, { state }), { cookie: launch.bindingCookie });
      expect(response.body).not.toContain('<script>alert(1)');
      expect(response.body).toContain('&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
      expect(postedForm(response).fields.state).toBe(state);
    });
  });

  describe('before the redirect_uri is trusted: an error page, nothing posted, the hint kept', () => {
    it.each([
      ['a missing scope', { scope: undefined }, 'invalid_request'],
      ['a bad scope', { scope: 'openid profile' }, 'invalid_scope'],
      ['a bad response_type', { response_type: 'code' }, 'unsupported_response_type'],
      ['a missing response_type', { response_type: undefined }, 'invalid_request'],
      ['a bad response_mode', { response_mode: 'query' }, 'invalid_request'],
      ['a prompt other than none', { prompt: 'login' }, 'invalid_request'],
      ['a missing nonce', { nonce: undefined }, 'invalid_request'],
      ['an empty nonce', { nonce: '' }, 'invalid_request'],
      ['a missing lti_message_hint', { lti_message_hint: undefined }, 'invalid_request'],
      ['a missing redirect_uri', { redirect_uri: undefined }, 'invalid_request'],
      ['an unknown client', { client_id: 'no-such-client' }, 'unauthorized_client'],
      [
        'an unregistered redirect_uri',
        { redirect_uri: 'https://evil.example/steal' },
        'invalid_request',
      ],
      ['a redirect_uri of another tool', { redirect_uri: OTHER_REDIRECT }, 'invalid_request'],
    ] as const)('refuses %s', async (_name, changes, error) => {
      const launch = await aLaunch();
      const response = await auth(authParams(launch, changes), {
        cookie: `${cookie}; ${launch.bindingCookie}`,
      });
      expectErrorPage(response, error);
      expect(response.body).not.toContain('evil.example');
      // Nothing was consumed: the same launch still succeeds.
      const retry = await auth(authParams(launch), { cookie: launch.bindingCookie });
      expect(postedForm(retry).fields.id_token).toBeTruthy();
    });

    it('refuses a repeated parameter', async () => {
      const launch = await aLaunch();
      const encoded = `${new URLSearchParams(authParams(launch)).toString()}&redirect_uri=${encodeURIComponent('https://evil.example/x')}`;
      const response = await testApp.app.inject({
        method: 'GET',
        url: `/api/lti/v1/auth?${encoded}`,
        headers: { cookie: launch.bindingCookie },
      });
      expectErrorPage(response, 'invalid_request');
    });

    it('refuses a disabled tool', async () => {
      const launch = await aLaunch();
      await testApp.ctx.db
        .updateTable('ltiTools')
        .set({ enabled: 0 })
        .where('id', '=', tool.id)
        .execute();
      try {
        const response = await auth(authParams(launch), { cookie: launch.bindingCookie });
        expectErrorPage(response, 'unauthorized_client');
      } finally {
        await testApp.ctx.db
          .updateTable('ltiTools')
          .set({ enabled: 1 })
          .where('id', '=', tool.id)
          .execute();
      }
    });
  });

  describe('after the redirect_uri is trusted: the error is posted back with the state', () => {
    it('refuses a reused hint', async () => {
      const launch = await aLaunch();
      const first = await auth(authParams(launch), { cookie: launch.bindingCookie });
      expect(postedForm(first).fields.id_token).toBeTruthy();
      const params = authParams(launch);
      expectPostedError(
        await auth(params, { cookie: launch.bindingCookie }),
        params,
        'launch_no_longer_valid',
      );
    });

    it('refuses an expired hint', async () => {
      const launch = await aLaunch();
      clock.advance(121_000);
      try {
        const params = authParams(launch);
        expectPostedError(
          await auth(params, { cookie: launch.bindingCookie }),
          params,
          'launch_no_longer_valid',
        );
      } finally {
        clock.set(NOW);
      }
    });

    it('accepts a hint just before it expires', async () => {
      const launch = await aLaunch();
      clock.advance(119_000);
      try {
        const response = await auth(authParams(launch), { cookie: launch.bindingCookie });
        expect(postedForm(response).fields.id_token).toBeTruthy();
      } finally {
        clock.set(NOW);
      }
    });

    it('refuses the hint of another client and leaves it to its own client', async () => {
      const launch = await aLaunch();
      const params = authParams(launch, {
        client_id: otherTool.clientId!,
        redirect_uri: OTHER_REDIRECT,
      });
      const response = await auth(params, { cookie: launch.bindingCookie });
      expectPostedError(response, params, 'launch_no_longer_valid');
      expect(response.body).not.toContain('name="id_token"');
      const own = await auth(authParams(launch), { cookie: launch.bindingCookie });
      expect(postedForm(own).fields.id_token).toBeTruthy();
    });

    it('refuses a login_hint that is not the launching user, and the hint is spent', async () => {
      const launch = await aLaunch();
      const params = authParams(launch, { login_hint: 'someone-else' });
      expectPostedError(
        await auth(params, { cookie: launch.bindingCookie }),
        params,
        'access_denied',
      );
      const retry = authParams(launch);
      expectPostedError(
        await auth(retry, { cookie: launch.bindingCookie }),
        retry,
        'launch_no_longer_valid',
      );
    });

    it('refuses a browser without the binding cookie, even with the learner session', async () => {
      const launch = await aLaunch();
      const params = authParams(launch);
      expectPostedError(await auth(params, { cookie }), params, 'access_denied');
    });

    it('refuses a browser with another binding cookie', async () => {
      const launch = await aLaunch();
      const other = await aLaunch();
      const params = authParams(launch);
      expectPostedError(
        await auth(params, { cookie: `lti_binding=${'A'.repeat(43)}` }),
        params,
        'access_denied',
      );
      // Each resource-form call from a cookie-less client gets its own binding.
      expect(other.binding).not.toBe(launch.binding);
    });

    it('refuses when another user is signed in to the portal in that browser', async () => {
      const launch = await aLaunch();
      const params = authParams(launch);
      const response = await auth(params, {
        method: 'POST',
        cookie: `${otherCookie}; ${launch.bindingCookie}`,
      });
      expectPostedError(response, params, 'login_required');
    });

    it('posts without a state when the tool sent none', async () => {
      const launch = await aLaunch();
      const params = authParams(launch, { state: undefined, login_hint: 'wrong' });
      const form = postedForm(await auth(params, { cookie: launch.bindingCookie }));
      expect(form.fields).toEqual({
        error: 'access_denied',
        error_description: expect.any(String),
      });
    });
  });
});
