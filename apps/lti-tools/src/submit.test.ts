// POST /submit: grading, the AGS token request and score post received by a fake platform, once per session, retry.
import { createLocalJWKSet, decodeProtectedHeader, jwtVerify, type JSONWebKeySet } from 'jose';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AGS_ENDPOINT_CLAIM, AGS_SCORE_SCOPE, LTI_CLAIM } from './launch.ts';
import {
  launchWith,
  postForm,
  RETURN_URL,
  sessionIdIn,
  startFakePlatform,
  startTool,
  type FakePlatform,
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
beforeEach(() => {
  platform.requests.length = 0;
  platform.tokenStatus = 200;
  platform.scoreStatus = 200;
});

const allRight: [string, string][] = [
  ['q_html', 'structure'],
  ['q_http-methods', 'get'],
  ['q_http-methods', 'post'],
  ['q_http-methods', 'delete'],
  ['q_alt-attribute', '  ALT '],
  ['q_not-found', '404'],
];

async function startQuiz(extra: Record<string, unknown> = {}): Promise<string> {
  const response = await launchWith(tool.app, platform, extra);
  expect(response.statusCode).toBe(200);
  platform.requests.length = 0; // the JWKS fetch of the launch is not part of the submission
  return sessionIdIn(response.body);
}

function submit(session: string, answers: [string, string][], extra: [string, string][] = []) {
  return postForm(tool.app, '/submit', [['session', session], ...answers, ...extra]);
}

const tokenRequests = () => platform.requests.filter((r) => r.url === '/token');
const scoreRequests = () => platform.requests.filter((r) => r.url.startsWith('/lineitems/'));

describe('POST /submit', () => {
  it('grades the answers and posts the score through AGS with a verifiable client assertion', async () => {
    const session = await startQuiz();
    const response = await submit(session, allRight);
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('You scored 4 of 4.');
    expect(response.body).toContain('Your score was sent to the course.');

    expect(tokenRequests()).toHaveLength(1);
    const tokenRequest = tokenRequests()[0]!;
    expect(tokenRequest.method).toBe('POST');
    expect(tokenRequest.headers['content-type']).toBe('application/x-www-form-urlencoded');
    const form = new URLSearchParams(tokenRequest.body);
    expect(form.get('grant_type')).toBe('client_credentials');
    expect(form.get('client_assertion_type')).toBe(
      'urn:ietf:params:oauth:client-assertion-type:jwt-bearer',
    );
    expect(form.get('scope')).toBe(AGS_SCORE_SCOPE);

    const jwks = (await tool.app.inject({ url: '/.well-known/jwks.json' })).json<JSONWebKeySet>();
    const assertion = form.get('client_assertion')!;
    const { payload } = await jwtVerify(assertion, createLocalJWKSet(jwks), {
      algorithms: ['RS256'],
      issuer: 'client-1',
      subject: 'client-1',
      audience: platform.registration.tokenEndpoint,
    });
    expect(decodeProtectedHeader(assertion).kid).toBe(jwks.keys[0]!.kid);
    expect(payload.jti).toMatch(/^[0-9a-f-]{36}$/);
    expect(payload.exp! - payload.iat!).toBe(60);

    expect(scoreRequests()).toHaveLength(1);
    const scoreRequest = scoreRequests()[0]!;
    expect(scoreRequest.method).toBe('POST');
    expect(scoreRequest.url).toBe('/lineitems/7/scores?tenant=demo');
    expect(scoreRequest.headers['content-type']).toBe('application/vnd.ims.lis.v1.score+json');
    expect(scoreRequest.headers.authorization).toBe('Bearer access-token-1');
    const score = JSON.parse(scoreRequest.body) as Record<string, unknown>;
    expect(score).toEqual({
      userId: 'learner-sub-1',
      scoreGiven: 4,
      scoreMaximum: 4,
      activityProgress: 'Completed',
      gradingProgress: 'FullyGraded',
      timestamp: expect.any(String),
    });
    expect(new Date(String(score.timestamp)).toISOString()).toBe(score.timestamp);
    expect(Date.now() - Date.parse(String(score.timestamp))).toBeLessThan(10_000);
  });

  it('shows which answers were right and a return link to the course', async () => {
    const session = await startQuiz();
    const response = await submit(session, [
      ['q_html', 'structure'],
      ['q_http-methods', 'get'],
      ['q_alt-attribute', '<b>title</b>'],
    ]);
    const html = response.body;
    expect(html).toContain('<h1>Web basics quiz: result</h1>');
    expect(html).toContain('You scored 1 of 4.');
    expect(html.match(/class="verdict">Correct:/g)).toHaveLength(1);
    expect(html.match(/class="verdict">Incorrect:/g)).toHaveLength(3);
    expect(html).toContain('Your answer: GET<br>Right answer: GET, POST, DELETE');
    expect(html).toContain('Your answer: &lt;b&gt;title&lt;/b&gt;');
    expect(html).toContain('Your answer: no answer');
    expect(html).toContain(
      `<a href="${RETURN_URL.replace(/&/g, '&amp;')}" target="_self">Return to the course</a>`,
    );
    expect(JSON.parse(scoreRequests()[0]!.body)).toMatchObject({ scoreGiven: 1, scoreMaximum: 4 });
  });

  it('sends one score per session: a double click shows the first result again', async () => {
    const session = await startQuiz();
    const [first, second] = await Promise.all([
      submit(session, allRight),
      submit(session, [['q_html', 'styling']]),
    ]);
    const later = await submit(session, []);
    for (const response of [first, second, later]) {
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('You scored 4 of 4.');
    }
    expect(tokenRequests()).toHaveLength(1);
    expect(scoreRequests()).toHaveLength(1);
  });

  it('says the grade was not recorded when the token is refused, and sends it on retry', async () => {
    const session = await startQuiz();
    platform.tokenStatus = 401;
    const failed = await submit(session, allRight);
    expect(failed.statusCode).toBe(200);
    expect(failed.body).toContain('You scored 4 of 4.');
    expect(failed.body).toContain('Your grade was not recorded');
    expect(failed.body).toContain('refused an access token (HTTP 401: invalid_client)');
    expect(failed.body).toContain('<button type="submit">Send the grade again</button>');
    expect(scoreRequests()).toHaveLength(0);

    // A plain re-post does not resend; the retry button does.
    const reposted = await submit(session, allRight);
    expect(reposted.body).toContain('Your grade was not recorded');
    expect(tokenRequests()).toHaveLength(1);

    platform.tokenStatus = 200;
    const retried = await submit(session, [], [['retry', '1']]);
    expect(retried.body).toContain('You scored 4 of 4.');
    expect(retried.body).toContain('Your score was sent to the course.');
    expect(scoreRequests()).toHaveLength(1);
    expect(JSON.parse(scoreRequests()[0]!.body)).toMatchObject({ scoreGiven: 4 });

    await submit(session, [], [['retry', '1']]);
    expect(scoreRequests()).toHaveLength(1);
  });

  it('says the grade was not recorded when the score endpoint fails', async () => {
    const session = await startQuiz();
    platform.scoreStatus = 500;
    const response = await submit(session, allRight);
    expect(response.body).toContain('Your grade was not recorded');
    expect(response.body).toContain('refused the score (HTTP 500: server_error)');
  });

  it('says the grade was not recorded when the platform cannot be reached', async () => {
    const unreachable = await startTool([
      { ...platform.registration, tokenEndpoint: 'http://127.0.0.1:9/token' },
    ]);
    try {
      const launched = await launchWith(unreachable.app, platform);
      const response = await postForm(unreachable.app, '/submit', [
        ['session', sessionIdIn(launched.body)],
        ...allRight,
      ]);
      expect(response.body).toContain('could not be reached for the access token');
    } finally {
      await unreachable.close();
    }
  });

  it('does not pretend to record a grade when the launch allowed no score', async () => {
    const withoutAgs = await startQuiz({ [AGS_ENDPOINT_CLAIM]: undefined });
    const noScoreScope = await startQuiz({
      [AGS_ENDPOINT_CLAIM]: { scope: [], lineitem: platform.lineItemUrl },
    });
    for (const session of [withoutAgs, noScoreScope]) {
      const response = await submit(session, allRight);
      expect(response.body).toContain('You scored 4 of 4.');
      expect(response.body).toContain('Your grade was not recorded');
      expect(response.body).not.toContain('Send the grade again');
    }
    expect(platform.requests).toHaveLength(0);
  });

  it('leaves out the return link when the launch had no http(s) return URL', async () => {
    const session = await startQuiz({
      [`${LTI_CLAIM}launch_presentation`]: { return_url: 'javascript:alert(1)' },
    });
    const response = await submit(session, allRight);
    expect(response.body).not.toContain('Return to the course');
    expect(response.body).not.toContain('javascript:');
  });

  it('refuses an unknown session without grading', async () => {
    const response = await submit('no-such-session', allRight);
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('<h1>The quiz session has ended</h1>');
    expect(platform.requests).toHaveLength(0);
    expect((await postForm(tool.app, '/submit', [])).statusCode).toBe(400);
  });
});
