// POST /launch against a fake platform (jose keys, JWKS over node:http): accepted launches and the refusal matrix.
import { generateKeyPair } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LTI_CLAIM } from './launch.ts';
import {
  launchClaims,
  launchWith,
  login,
  postLaunch,
  sessionIdIn,
  signIdToken,
  startFakePlatform,
  startTool,
  type FakePlatform,
  type SignOptions,
  type TestTool,
} from './test-support.ts';

let platform: FakePlatform;
let tool: TestTool;
beforeAll(async () => {
  platform = await startFakePlatform();
  tool = await startTool([platform.registration]);
});
afterAll(async () => {
  await tool.close();
  await platform.close();
});

async function launchSigned(extra: Record<string, unknown>, options: SignOptions = {}) {
  const started = await login(tool.app, platform.registration);
  const idToken = await signIdToken(
    platform,
    launchClaims(platform, started.nonce, extra),
    options,
  );
  return postLaunch(
    tool.app,
    { id_token: idToken, state: started.state },
    { [started.cookieName]: started.cookieValue },
  );
}

function expectRefused(response: { statusCode: number; body: string }, text: string) {
  expect(response.statusCode).toBe(400);
  expect(response.body).toContain('<h1>The quiz could not start</h1>');
  expect(response.body).toContain(text);
  expect(response.body).not.toContain('name="session"');
  expect(response.body).not.toMatch(/at .+\.ts:\d+/);
}

describe('POST /launch', () => {
  it('renders the quiz for a valid launch and clears the state cookie', async () => {
    const response = await launchWith(tool.app, platform);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['content-security-policy']).toBe(
      "default-src 'none'; style-src 'self'; img-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors *",
    );
    expect(response.headers['x-frame-options']).toBeUndefined();
    const html = response.body;
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('<title>Web basics quiz</title>');
    expect(html.match(/<h1>/g)).toHaveLength(1);
    expect(html).toContain('<h1>Web basics quiz</h1>');
    expect(html).toContain('Activity: Checkpoint &lt;one&gt; &amp; &quot;two&quot;');
    expect(html).toContain('<form method="post" action="submit">');
    expect(html.match(/<fieldset>/g)).toHaveLength(4);
    expect(html).toContain('type="radio"');
    expect(html).toContain('type="checkbox"');
    expect(html).toContain('type="text"');
    expect(html).toContain('<button type="submit">Submit answers</button>');
    expect(html).not.toContain('<script');
    expect(sessionIdIn(html)).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const cleared = response.cookies.find((c) => c.name.startsWith('lti_state_'));
    expect(cleared?.maxAge).toBe(0);
  });

  it('labels every visible input', async () => {
    const html = (await launchWith(tool.app, platform)).body;
    const inputIds = [...html.matchAll(/<input type="(?:radio|checkbox|text)" id="([^"]+)"/g)].map(
      (m) => m[1],
    );
    expect(inputIds.length).toBe(12);
    for (const id of inputIds) expect(html).toContain(`<label for="${id}">`);
  });

  it('serves the quiz named by the custom parameter', async () => {
    const response = await launchWith(tool.app, platform, {
      [`${LTI_CLAIM}custom`]: { quiz: 'security-basics' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<h1>Security basics quiz</h1>');
  });

  it('refuses a quiz that does not exist', async () => {
    const response = await launchWith(tool.app, platform, {
      [`${LTI_CLAIM}custom`]: { quiz: '<nope>' },
    });
    expectRefused(response, 'unknown quiz &quot;&lt;nope&gt;&quot;');
  });

  it('refuses a replayed launch: the same post again, and the same token under a new login', async () => {
    const started = await login(tool.app, platform.registration);
    const idToken = await signIdToken(platform, launchClaims(platform, started.nonce));
    const cookies = { [started.cookieName]: started.cookieValue };
    const fields = { id_token: idToken, state: started.state };
    expect((await postLaunch(tool.app, fields, cookies)).statusCode).toBe(200);

    expectRefused(await postLaunch(tool.app, fields, cookies), 'unknown, already used or expired');

    const again = await login(tool.app, platform.registration);
    const replay = await postLaunch(
      tool.app,
      { id_token: idToken, state: again.state },
      { [again.cookieName]: again.cookieValue },
    );
    expectRefused(replay, 'nonce does not match');
  });

  it('refuses a launch without its state cookie and keeps the state for the real browser', async () => {
    const started = await login(tool.app, platform.registration);
    const idToken = await signIdToken(platform, launchClaims(platform, started.nonce));
    const fields = { id_token: idToken, state: started.state };
    expectRefused(await postLaunch(tool.app, fields, {}), 'state cookie');
    expectRefused(
      await postLaunch(tool.app, fields, { [started.cookieName]: 'forged-value' }),
      'state cookie',
    );
    const real = await postLaunch(tool.app, fields, { [started.cookieName]: started.cookieValue });
    expect(real.statusCode).toBe(200);
  });

  it('refuses an unknown state, a missing state and a missing id_token', async () => {
    const started = await login(tool.app, platform.registration);
    const idToken = await signIdToken(platform, launchClaims(platform, started.nonce));
    const cookies = { [started.cookieName]: started.cookieValue };
    expectRefused(
      await postLaunch(tool.app, { id_token: idToken, state: 'made-up' }, cookies),
      'unknown, already used or expired',
    );
    expectRefused(await postLaunch(tool.app, { id_token: idToken }, cookies), 'no state');
    expectRefused(await postLaunch(tool.app, { state: started.state }, cookies), 'no id_token');
  });

  it('answers a body it cannot read with an error page', async () => {
    const response = await tool.app.inject({
      method: 'POST',
      url: '/launch',
      payload: 'id_token=x',
      headers: { 'content-type': 'application/xml' },
    });
    expect(response.statusCode).toBe(415);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.body).toContain('<h1>The request could not be read</h1>');
  });

  it('shows the error the platform posted instead of a token', async () => {
    const response = await postLaunch(
      tool.app,
      { error: 'login_required', error_description: 'No <session>', state: 'x' },
      {},
    );
    expectRefused(
      response,
      'The platform refused the launch: login_required (No &lt;session&gt;).',
    );
  });

  it('refuses a token signed by another key', async () => {
    const { privateKey } = await generateKeyPair('RS256');
    expectRefused(await launchSigned({}, { key: privateKey }), 'signature does not verify');
  });

  it('refuses a token whose kid the platform does not publish', async () => {
    const { privateKey } = await generateKeyPair('RS256');
    expectRefused(await launchSigned({}, { key: privateKey, kid: 'unknown-kid' }), '(kid)');
  });

  it('refuses an expired token and one issued too long ago', async () => {
    const now = Math.floor(Date.now() / 1000);
    expectRefused(await launchSigned({}, { iat: now - 120, exp: now - 60 }), 'has expired');
    expectRefused(await launchSigned({}, { iat: now - 90, exp: now + 300 }), 'too long ago');
    expectRefused(await launchSigned({}, { iat: now + 60, exp: now + 120 }), 'in the future');
  });

  it('refuses a token for another audience or issuer', async () => {
    expectRefused(await launchSigned({}, { audience: 'client-9' }), 'not addressed to this tool');
    expectRefused(
      await launchSigned({}, { issuer: 'https://evil.example' }),
      'comes from another issuer',
    );
  });

  it('needs azp to name this client when the token has several audiences', async () => {
    const audience = ['client-1', 'client-9'];
    expectRefused(await launchSigned({}, { audience }), '(azp)');
    expectRefused(await launchSigned({ azp: 'client-9' }, { audience }), '(azp)');
    expect((await launchSigned({ azp: 'client-1' }, { audience })).statusCode).toBe(200);
  });

  const claimRefusals: [string, Record<string, unknown>, string][] = [
    ['another LTI version', { [`${LTI_CLAIM}version`]: '1.1' }, 'version 1.3.0'],
    [
      'a deep linking request',
      { [`${LTI_CLAIM}message_type`]: 'LtiDeepLinkingRequest' },
      '(message_type)',
    ],
    ['another deployment', { [`${LTI_CLAIM}deployment_id`]: 'deployment-9' }, '(deployment_id)'],
    [
      'another target',
      { [`${LTI_CLAIM}target_link_uri`]: 'http://localhost:3001/other' },
      '(target_link_uri)',
    ],
    ['no resource link id', { [`${LTI_CLAIM}resource_link`]: { title: 'x' } }, 'resource_link.id'],
    ['no subject', { sub: undefined }, '(sub)'],
  ];

  it.each(claimRefusals)('refuses a token with %s', async (_name, extra, text) => {
    expectRefused(await launchSigned(extra), text);
  });
});
