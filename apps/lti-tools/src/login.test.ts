// OIDC third-party initiated login over HTTP: parameter checks and the authentication request it redirects to.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlatformRegistration } from './config.ts';
import { loginQuery, startTool, TOOL_URL, type TestTool } from './test-support.ts';

const platform: PlatformRegistration = {
  issuer: 'https://platform.example',
  clientId: 'client-1',
  deploymentId: 'deployment-1',
  authorizationEndpoint: 'https://platform.example/api/lti/v1/auth?tenant=demo',
  tokenEndpoint: 'https://platform.example/api/lti/v1/token',
  jwksUrl: 'https://platform.example/api/lti/v1/.well-known/jwks.json',
};
const otherClient: PlatformRegistration = {
  ...platform,
  clientId: 'client-2',
  deploymentId: 'd-2',
};

let tool: TestTool;
beforeAll(async () => {
  tool = await startTool([platform, otherClient]);
});
afterAll(() => tool.close());

describe('GET|POST /login', () => {
  it('redirects to the platform authorization endpoint with the authentication request', async () => {
    const hint = 'opaque hint/with+odd=chars&more';
    const response = await tool.app.inject({
      method: 'GET',
      url: '/login',
      query: loginQuery(platform, { lti_message_hint: hint }),
    });
    expect(response.statusCode).toBe(302);
    expect(response.headers['cache-control']).toBe('no-store');
    const location = new URL(String(response.headers.location));
    expect(`${location.origin}${location.pathname}`).toBe(
      'https://platform.example/api/lti/v1/auth',
    );
    const query = Object.fromEntries(location.searchParams);
    expect(query).toMatchObject({
      tenant: 'demo',
      scope: 'openid',
      response_type: 'id_token',
      response_mode: 'form_post',
      prompt: 'none',
      client_id: 'client-1',
      redirect_uri: `${TOOL_URL}/launch`,
      login_hint: 'user-hint-1',
      lti_message_hint: hint,
    });
    expect(query.state).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(query.nonce).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(query.nonce).not.toBe(query.state);

    const cookie = response.cookies.find((c) => c.name === `lti_state_${query.state}`);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/launch', maxAge: 300 });
    expect(cookie?.secure).toBeFalsy();
    expect(cookie?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('accepts the login as a form POST and picks the registration by client id', async () => {
    const response = await tool.app.inject({
      method: 'POST',
      url: '/login',
      payload: new URLSearchParams(loginQuery(otherClient)).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(response.statusCode).toBe(302);
    const location = new URL(String(response.headers.location));
    expect(location.searchParams.get('client_id')).toBe('client-2');
  });

  it('gives every login a fresh state and nonce and leaves out a missing message hint', async () => {
    const query = loginQuery(platform);
    const { lti_message_hint: _hint, ...withoutHint } = query;
    const first = await tool.app.inject({ method: 'GET', url: '/login', query: withoutHint });
    const second = await tool.app.inject({ method: 'GET', url: '/login', query: withoutHint });
    const a = new URL(String(first.headers.location)).searchParams;
    const b = new URL(String(second.headers.location)).searchParams;
    expect(a.has('lti_message_hint')).toBe(false);
    expect(a.get('state')).not.toBe(b.get('state'));
    expect(a.get('nonce')).not.toBe(b.get('nonce'));
  });

  const refusals: [string, Record<string, string>, string][] = [
    ['an unknown issuer', { iss: 'https://evil.example' }, 'not registered with this tool'],
    ['a missing issuer', { iss: '' }, 'names no platform (iss)'],
    ['a client id of another registration', { client_id: 'client-9' }, 'client id (client_id)'],
    ['a missing client id', { client_id: '' }, 'names no client id'],
    ['a missing login hint', { login_hint: '' }, 'login hint'],
    [
      'a target on another site',
      { target_link_uri: 'https://evil.example/launch' },
      'target_link_uri',
    ],
    [
      'a target on a look-alike host',
      { target_link_uri: 'http://localhost:3001.evil.example/launch' },
      'target_link_uri',
    ],
    [
      'a target on another port',
      { target_link_uri: 'http://localhost:30010/launch' },
      'target_link_uri',
    ],
    [
      'a target with credentials',
      { target_link_uri: 'http://user@localhost:3001/launch' },
      'target_link_uri',
    ],
    ['a target that is no URL', { target_link_uri: 'launch' }, 'target_link_uri'],
    ['a missing target', { target_link_uri: '' }, 'target_link_uri'],
    ['a deployment of another registration', { lti_deployment_id: 'd-2' }, 'lti_deployment_id'],
  ];

  it.each(refusals)(
    'refuses %s with an error page and no redirect',
    async (_name, change, text) => {
      const response = await tool.app.inject({
        method: 'GET',
        url: '/login',
        query: loginQuery(platform, change),
      });
      expect(response.statusCode).toBe(400);
      expect(response.headers.location).toBeUndefined();
      expect(response.headers['set-cookie']).toBeUndefined();
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.headers['content-security-policy']).toContain('frame-ancestors *');
      expect(response.body).toContain('<h1>The quiz could not start</h1>');
      expect(response.body).toContain(text);
    },
  );

  it('sets a SameSite=None; Secure; Partitioned state cookie when the tool is served over https', async () => {
    const secure = await startTool([platform], { publicUrl: 'https://tools.example/quiz' });
    try {
      const response = await secure.app.inject({
        method: 'GET',
        url: '/login',
        query: loginQuery(platform, { target_link_uri: 'https://tools.example/quiz/launch' }),
      });
      expect(response.statusCode).toBe(302);
      const location = new URL(String(response.headers.location));
      expect(location.searchParams.get('redirect_uri')).toBe('https://tools.example/quiz/launch');
      const header = String(response.headers['set-cookie']);
      expect(header).toContain('SameSite=None');
      expect(header).toContain('Secure');
      expect(header).toContain('Partitioned');
      expect(header).toContain('HttpOnly');
      expect(header).toContain('Path=/quiz/launch');

      const outside = await secure.app.inject({
        method: 'GET',
        url: '/login',
        query: loginQuery(platform, { target_link_uri: 'https://tools.example/other/launch' }),
      });
      expect(outside.statusCode).toBe(400);
    } finally {
      await secure.close();
    }
  });
});
