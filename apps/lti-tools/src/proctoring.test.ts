// LTI Proctoring Services in the built-in tool: LtiStartProctoring → start page, the steps in order, the signed
// LtiStartAssessment (verified with the tool's JWKS), LtiEndAssessment → end page, and the refusals.
import { createLocalJWKSet, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentSecurityPolicy, frameAncestorsWithSelf } from './html.ts';
import { AP_CLAIM, LTI_CLAIM } from './launch.ts';
import {
  launchWith,
  PLATFORM_ISSUER,
  RETURN_URL,
  startFakePlatform,
  startTool,
  TOOL_URL,
  type FakePlatform,
  type TestTool,
} from './test-support.ts';

const START_URL = `${PLATFORM_ISSUER}/api/lti/v1/proctoring/start-assessment`;

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

let attempt = 0;
function startClaims(extra: Record<string, unknown> = {}): Record<string, unknown> {
  attempt += 1;
  return {
    sub: `learner-${attempt}`,
    [`${LTI_CLAIM}message_type`]: 'LtiStartProctoring',
    [`${LTI_CLAIM}custom`]: undefined,
    [`${LTI_CLAIM}resource_link`]: { id: 'rl-proctored', title: 'Final <exam>' },
    [`${AP_CLAIM}attempt_number`]: 1,
    [`${AP_CLAIM}start_assessment_url`]: START_URL,
    [`${AP_CLAIM}session_data`]: 'opaque-session-data',
    name: 'Mae Jemison',
    given_name: 'Mae',
    family_name: 'Jemison',
    email: 'mae@example.org',
    ...extra,
  };
}

function sessionOf(html: string): string {
  const match = /data-session="([^"]+)"/.exec(html);
  if (!match?.[1]) throw new Error('no proctoring session in the page');
  return match[1];
}

function postJson(url: string, body: unknown) {
  return tool.app.inject({ method: 'POST', url, payload: body as Record<string, unknown> });
}

async function startedSession(extra: Record<string, unknown> = {}) {
  const claims = startClaims(extra);
  const response = await launchWith(tool.app, platform, claims);
  expect(response.statusCode).toBe(200);
  return { id: sessionOf(response.body), claims, response };
}

async function completeSteps(id: string) {
  for (const step of ['identity', 'rules', 'camera']) {
    const response = await postJson('/proctoring/step', { session: id, step });
    expect(response.statusCode).toBe(200);
  }
}

describe('LtiStartProctoring', () => {
  it('renders the start page with its script, camera permission and the platform as frame and form target', async () => {
    const { response, id } = await startedSession();
    expect(response.headers['content-security-policy']).toBe(
      "default-src 'none'; script-src 'self'; connect-src 'self'; style-src 'self'; img-src 'self'; " +
        "media-src 'self' mediastream: blob:; frame-src https://platform.example; " +
        "form-action 'self' https://platform.example; base-uri 'none'; frame-ancestors *",
    );
    expect(response.headers['permissions-policy']).toBe('camera=(self)');
    const html = response.body;
    expect(html).toContain('<script src="./proctoring.js" defer></script>');
    expect(html.match(/<script/g)).toHaveLength(1);
    expect(html).toContain('<h1>Proctored exam: Final &lt;exam&gt;</h1>');
    expect(html).toContain('<label for="confirm-identity">I am Mae Jemison</label>');
    expect(html).toContain('<dd>mae@example.org</dd>');
    expect(html).toContain('<button type="button" id="check-camera">Check camera</button>');
    expect(html).toContain(
      '<iframe name="proctored-activity" class="activity-frame" title="Proctored activity">',
    );
    expect(html).toContain(`action="${START_URL}" target="proctored-activity"`);
    expect(id).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('serves its script as a file', async () => {
    const response = await tool.app.inject({ method: 'GET', url: '/proctoring.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(response.body).toContain('getUserMedia({ video: true, audio: false })');
  });

  const refusals: [string, Record<string, unknown>, string][] = [
    ['no attempt number', { [`${AP_CLAIM}attempt_number`]: undefined }, '(attempt_number)'],
    ['an attempt number of 0', { [`${AP_CLAIM}attempt_number`]: 0 }, '(attempt_number)'],
    ['no session data', { [`${AP_CLAIM}session_data`]: undefined }, '(session_data)'],
    [
      'no start assessment URL',
      { [`${AP_CLAIM}start_assessment_url`]: undefined },
      'names no start assessment URL',
    ],
    [
      'a start URL on another origin',
      { [`${AP_CLAIM}start_assessment_url`]: 'https://evil.example/start' },
      'not an http(s) address on the platform origin',
    ],
    [
      'a javascript: start URL',
      { [`${AP_CLAIM}start_assessment_url`]: 'javascript:alert(1)' },
      'not an http(s) address on the platform origin',
    ],
  ];

  it.each(refusals)('refuses a start with %s', async (_name, extra, text) => {
    const response = await launchWith(tool.app, platform, startClaims(extra));
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain(text);
    expect(response.body).not.toContain('data-session');
  });
});

describe('the steps and LtiStartAssessment', () => {
  it('takes the steps in order only and refuses an unknown session', async () => {
    const { id } = await startedSession();
    expect((await postJson('/proctoring/step', { session: id, step: 'rules' })).statusCode).toBe(
      409,
    );
    expect((await postJson('/proctoring/start', { session: id })).statusCode).toBe(409);
    const identity = await postJson('/proctoring/step', { session: id, step: 'identity' });
    expect(identity.json().log.map((e: { event: string }) => e.event)).toEqual([
      'launched',
      'identity',
    ]);
    // Repeating a done step changes nothing.
    const again = await postJson('/proctoring/step', { session: id, step: 'identity' });
    expect(again.json().log).toHaveLength(2);
    expect((await postJson('/proctoring/step', { session: id, step: 'camera' })).statusCode).toBe(
      409,
    );
    expect((await postJson('/proctoring/step', { session: id, step: 'nap' })).statusCode).toBe(400);
    const unknown = await postJson('/proctoring/step', { session: 'x'.repeat(43), step: 'rules' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toContain('unknown');
    expect((await postJson('/proctoring/start', { session: 'nope' })).statusCode).toBe(404);
  });

  it('signs a LtiStartAssessment that verifies with its JWKS and echoes the launch, once', async () => {
    const { id, claims } = await startedSession({ [`${AP_CLAIM}attempt_number`]: 3 });
    await completeSteps(id);
    const response = await postJson('/proctoring/start', { session: id });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.startAssessmentUrl).toBe(START_URL);
    expect(body.log.map((e: { event: string }) => e.event)).toEqual([
      'launched',
      'identity',
      'rules',
      'camera',
      'started',
    ]);
    const jwks = (await tool.app.inject({ method: 'GET', url: '/.well-known/jwks.json' })).json();
    const { payload, protectedHeader } = await jwtVerify(body.jwt, createLocalJWKSet(jwks), {
      algorithms: ['RS256'],
      issuer: platform.registration.clientId,
      audience: PLATFORM_ISSUER,
    });
    expect(protectedHeader.kid).toBe(jwks.keys[0].kid);
    expect(payload[`${LTI_CLAIM}message_type`]).toBe('LtiStartAssessment');
    expect(payload[`${LTI_CLAIM}version`]).toBe('1.3.0');
    expect(payload[`${LTI_CLAIM}deployment_id`]).toBe(platform.registration.deploymentId);
    expect(payload[`${LTI_CLAIM}resource_link`]).toEqual({ id: 'rl-proctored' });
    expect(payload[`${AP_CLAIM}session_data`]).toBe('opaque-session-data');
    expect(payload[`${AP_CLAIM}attempt_number`]).toBe(3);
    expect(payload[`${AP_CLAIM}verified_user`]).toEqual({
      given_name: 'Mae',
      family_name: 'Jemison',
      name: 'Mae Jemison',
      email: 'mae@example.org',
    });
    expect(typeof payload.nonce).toBe('string');
    expect(payload.exp! - payload.iat!).toBeLessThanOrEqual(300);
    expect(claims.sub).toBeDefined();
    // A double click or replay does not start a second assessment.
    expect((await postJson('/proctoring/start', { session: id })).statusCode).toBe(409);
  });
});

describe('LtiEndAssessment', () => {
  it('ends the session and shows its log with a link back to the course', async () => {
    const { id, claims } = await startedSession();
    await completeSteps(id);
    await postJson('/proctoring/start', { session: id });
    const response = await launchWith(tool.app, platform, {
      ...claims,
      [`${LTI_CLAIM}message_type`]: 'LtiEndAssessment',
      [`${AP_CLAIM}start_assessment_url`]: undefined,
      [`${AP_CLAIM}session_data`]: undefined,
    });
    expect(response.statusCode).toBe(200);
    const html = response.body;
    expect(html).toContain('<h1>Proctoring session ended</h1>');
    for (const text of ['Identity confirmed', 'Exam rules accepted', 'Camera on', 'Exam started']) {
      expect(html).toContain(text);
    }
    expect(html).toContain('Exam finished');
    expect(html).toContain(
      `<a href="${RETURN_URL.replace('&', '&amp;')}" target="_self">Back to the course</a>`,
    );
    expect(html).not.toContain('<script');
    // The ended session takes no more steps.
    expect((await postJson('/proctoring/start', { session: id })).statusCode).toBe(409);
  });

  it('does not take another session_data for the session it started', async () => {
    const { id, claims } = await startedSession();
    await completeSteps(id);
    await postJson('/proctoring/start', { session: id });
    const response = await launchWith(tool.app, platform, {
      ...claims,
      [`${LTI_CLAIM}message_type`]: 'LtiEndAssessment',
      [`${AP_CLAIM}start_assessment_url`]: undefined,
      [`${AP_CLAIM}session_data`]: 'another-session',
    });
    expect(response.body).toContain('holds no log of the session');
    expect(response.body).not.toContain('Exam started');
  });

  it('links back only to the issuer origin and says when it holds no log', async () => {
    const response = await launchWith(tool.app, platform, {
      ...startClaims(),
      [`${LTI_CLAIM}message_type`]: 'LtiEndAssessment',
      [`${LTI_CLAIM}launch_presentation`]: { return_url: 'https://evil.example/back' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('holds no log of the session');
    expect(response.body).not.toContain('Back to the course');
  });
});

describe('frame-ancestors', () => {
  it('always lets the tool frame itself besides the configured ancestors', () => {
    expect(frameAncestorsWithSelf('*')).toBe('*');
    expect(frameAncestorsWithSelf('https://portal.example')).toBe("'self' https://portal.example");
    expect(frameAncestorsWithSelf("'self' https://portal.example")).toBe(
      "'self' https://portal.example",
    );
    expect(contentSecurityPolicy('https://portal.example')).toContain(
      "frame-ancestors 'self' https://portal.example",
    );
    expect(TOOL_URL).toMatch(/^http/);
  });
});
