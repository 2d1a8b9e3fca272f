// Proctored activities over real HTTP on every dialect (docs/decisions/0028): the start token, the
// LtiStartProctoring launch, the checks of the tool's LtiStartAssessment (forged, replayed, wrong attempt,
// wrong session data, expired, started, another tenant's tool), the refusals of content, launch and finish
// outside an open proctor session, finishing that closes the session, the LtiEndAssessment form, and the
// framing of the proctored pages by proctoring tools only.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { createLocalJWKSet, jwtVerify, SignJWT, type JWTPayload } from 'jose';
import {
  proctoringSessionSchema,
  proctoringStartTokenSchema,
  resourceFormSchema,
} from '@portal/contracts';
import { clientHeaders, createTestApp, cspDirectives, type TestApp } from '../../test/test-app.ts';
import { testDialects } from '../../test/test-databases.ts';
import { signInAs } from '../../test/sign-in.ts';
import { fixedClock } from '../../lib/clock.ts';
import { anEnrolment, aTenant, aUser } from '../../test/course-builders.ts';
import { runCommand } from '../catalog/catalog-commands.fixture.ts';
import { CLAIM } from '../lti/id-token.ts';
import {
  aCompositeWithLtiChild,
  anLti13Tool,
  aToolKeyPair,
  type ToolKeyPair,
} from '../lti/testing/lti-fixtures.ts';
import { applyToolResult } from '../lti/tool-results.ts';
import type { LtiToolRecord } from '../lti/tools.repository.ts';
import { createCoursesRepository } from '../courses/courses.repository.ts';
import { createWorkflowsRepository } from '../workflows/workflows.repository.ts';
import { createWorkflowsService } from '../workflows/workflows.service.ts';
import { AP_CLAIM } from './proctoring-messages.ts';

const NOW = '2026-03-15T12:00:00.000Z';
const API = '/api/lms/v1';
const ISSUER = 'http://localhost:3000';
const PROCTOR = 'https://proctor.example';

const UNESCAPE: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#39;': "'",
};
const unescape = (value: string) => value.replace(/&(amp|lt|gt|quot|#39);/g, (e) => UNESCAPE[e]!);

function postedForm(response: LightMyRequestResponse) {
  expect(response.statusCode, response.body).toBe(200);
  const action = /<form[^>]*action="([^"]*)"/.exec(response.body)?.[1];
  const fields = Object.fromEntries(
    [...response.body.matchAll(/<input type="hidden" name="([^"]*)" value="([^"]*)">/g)].map(
      (m) => [unescape(m[1]!), unescape(m[2]!)],
    ),
  );
  return { action: action === undefined ? undefined : unescape(action), fields };
}

describe.each(await testDialects())('proctored activities on %s', (dialect) => {
  const clock = fixedClock(NOW);
  const dist = mkdtempSync(join(tmpdir(), 'proctoring-web-'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Learner portal</title>');
  let testApp: TestApp;
  let tenantId: string;
  let learner: string;
  let cookie: string;
  let otherCookie: string;
  let quizTool: LtiToolRecord;
  let proctor: LtiToolRecord;
  let proctorKeys: ToolKeyPair;

  beforeAll(async () => {
    testApp = await createTestApp(dialect, { clock, config: { webDist: dist } });
    tenantId = await aTenant(testApp.ctx.db);
    learner = await aUser(testApp.ctx.db, tenantId);
    cookie = await signInAs(testApp, learner);
    otherCookie = await signInAs(testApp, await aUser(testApp.ctx.db, tenantId));
    quizTool = await anLti13Tool(testApp.lti, tenantId, { toolUrl: 'https://quiz.example' });
    proctorKeys = await aToolKeyPair('proctor-key');
    proctor = await anLti13Tool(testApp.lti, tenantId, {
      name: 'Proctor',
      toolUrl: PROCTOR,
      publicJwk: proctorKeys.publicJwk,
      redirectUris: [`${PROCTOR}/launch`, `${PROCTOR}/proctoring`],
      privacyLevel: 'email',
      proctoring: true,
    });
  });

  afterAll(async () => {
    await testApp.close();
    rmSync(dist, { recursive: true, force: true });
  });

  const db = () => testApp.ctx.db;
  const command = (type: string, body: Record<string, unknown>, as = cookie) =>
    runCommand(testApp, type, as, { id: randomUUID(), ...body });
  const get = (url: string, as = cookie) =>
    testApp.app.inject({ method: 'GET', url, headers: clientHeaders(as) });

  /** A composite course "Intro" (text) + "Quiz" (LTI) with `proctored` parts watched by `tool`. */
  async function aProctoredCourse(
    proctored: 'Quiz' | 'Intro',
    tool: LtiToolRecord | null = proctor,
  ) {
    const tree = await aCompositeWithLtiChild(db(), testApp.lti, tenantId, quizTool);
    await db()
      .updateTable('activities')
      .set({ proctored: 1, proctoringToolId: tool?.id ?? null })
      .where('id', '=', tree.parts[proctored]!.activityId)
      .execute();
    const { aggregateId } = await anEnrolment(db(), {
      tenantId,
      userId: learner,
      objectiveId: tree.objectiveId,
    })
      .selfEnrolled()
      .create();
    const attempt = await command('start-objective-workflows', {
      objectiveWorkflowAggregateId: aggregateId,
    });
    const axis = tree.parts[proctored]!.axis;
    const activity = await command('start-activity-workflows', {
      objectiveWorkflowId: attempt.entityId,
      activityPartIds: axis.split('/'),
    });
    expect(activity.completed).toMatchObject({ state: 1, errors: null });
    const root = await db()
      .selectFrom('activityWorkflows')
      .select('id')
      .where('objectiveWorkflowId', '=', attempt.entityId!)
      .where('axis', '=', '')
      .executeTakeFirstOrThrow();
    return {
      tree,
      axis,
      attemptId: attempt.entityId!,
      workflowId: activity.entityId!,
      chain: [root.id, activity.entityId!],
    };
  }
  type Course = Awaited<ReturnType<typeof aProctoredCourse>>;

  const sessionUrl = (course: Course) =>
    `${API}/users/me/objective-workflows/${course.attemptId}/activity-workflows/${course.workflowId}/last-proctoring-session`;

  async function startToken(course: Course, as = cookie) {
    const response = await get(
      `${sessionUrl(course)}/start-token?activityPathId=${encodeURIComponent(course.axis)}`,
      as,
    );
    expect(response.statusCode, response.body).toBe(200);
    return proctoringStartTokenSchema.parse(response.json());
  }

  const openStart = (token: string, as = cookie) =>
    testApp.app.inject({
      method: 'GET',
      url: `/api/lti/v1/proctoring/start?token=${encodeURIComponent(token)}`,
      headers: as ? { cookie: as } : {},
    });

  /** The tool's half of the third-party login: the id_token the platform signs for the pending launch. */
  async function authorize(fields: Record<string, string>, bindingCookie: string) {
    const params = new URLSearchParams({
      scope: 'openid',
      response_type: 'id_token',
      response_mode: 'form_post',
      prompt: 'none',
      client_id: fields.client_id!,
      redirect_uri: `${PROCTOR}/proctoring`,
      login_hint: fields.login_hint!,
      lti_message_hint: fields.lti_message_hint!,
      nonce: `nonce-${randomUUID()}`,
    });
    const response = await testApp.app.inject({
      method: 'GET',
      url: `/api/lti/v1/auth?${params.toString()}`,
      headers: { cookie: `${bindingCookie}; ${cookie}` },
    });
    const form = postedForm(response);
    expect(form.action).toBe(`${PROCTOR}/proctoring`);
    const jwks = createLocalJWKSet(await testApp.lti.keys.jwks());
    const { payload } = await jwtVerify(form.fields.id_token!, jwks, {
      algorithms: ['RS256'],
      issuer: ISSUER,
      audience: proctor.clientId!,
      currentDate: clock.now(),
    });
    return payload;
  }

  /** Start token → start page → authorization: the LtiStartProctoring id_token the tool receives. */
  async function startProctoring(course: Course) {
    const { token } = await startToken(course);
    const start = await openStart(token);
    const form = postedForm(start);
    expect(form.action).toBe(`${PROCTOR}/login`);
    const binding = /lti_binding=([^;]+);/.exec(String(start.headers['set-cookie']))![1]!;
    return authorize(form.fields, `lti_binding=${binding}`);
  }

  /** The tool's LtiStartAssessment for the launch it received, with `changes` applied. */
  async function startAssessmentJwt(
    launch: JWTPayload,
    changes: Record<string, unknown> = {},
    keys: ToolKeyPair = proctorKeys,
    iss: string = proctor.clientId!,
  ) {
    const iat = Math.floor(clock.now().getTime() / 1000);
    const claims: Record<string, unknown> = {
      iss,
      aud: ISSUER,
      iat,
      exp: iat + 300,
      nonce: randomUUID(),
      [CLAIM.messageType]: 'LtiStartAssessment',
      [CLAIM.version]: '1.3.0',
      [CLAIM.deploymentId]: launch[CLAIM.deploymentId],
      [CLAIM.resourceLink]: launch[CLAIM.resourceLink],
      [AP_CLAIM.attemptNumber]: launch[AP_CLAIM.attemptNumber],
      [AP_CLAIM.sessionData]: launch[AP_CLAIM.sessionData],
      ...changes,
    };
    for (const [key, value] of Object.entries(claims)) if (value === undefined) delete claims[key];
    return new SignJWT(claims)
      .setProtectedHeader({ alg: 'RS256', kid: keys.kid, typ: 'JWT' })
      .sign(keys.privateKey);
  }

  const postStartAssessment = (jwt: string) =>
    testApp.app.inject({
      method: 'POST',
      url: '/api/lti/v1/proctoring/start-assessment',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: PROCTOR },
      payload: new URLSearchParams({ JWT: jwt }).toString(),
    });

  const sessionRow = (course: Course) =>
    db()
      .selectFrom('proctoringSessions')
      .selectAll()
      .where('activityWorkflowId', '=', course.workflowId)
      .orderBy('attemptNumber', 'desc')
      .executeTakeFirstOrThrow();

  function expectRefusedPage(response: LightMyRequestResponse, reason: string) {
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.body).toContain('The proctoring session could not be opened');
    expect(response.body).toContain(reason);
    const ancestors = cspDirectives(response.headers['content-security-policy'])['frame-ancestors'];
    expect(ancestors?.split(' ').slice(0, 2)).toEqual(["'self'", PROCTOR]);
  }

  /** A course whose proctored quiz is in an open proctor session; answers the launch claims too. */
  async function inProctorSession(proctored: 'Quiz' | 'Intro' = 'Quiz') {
    const course = await aProctoredCourse(proctored);
    const launch = await startProctoring(course);
    const response = await postStartAssessment(await startAssessmentJwt(launch));
    expect(response.statusCode, response.body).toBe(303);
    return { course, launch };
  }

  describe('start token', () => {
    it('creates a session, reuses it until the tool starts the assessment, and is the caller’s only', async () => {
      const course = await aProctoredCourse('Quiz');
      expect((await get(sessionUrl(course))).statusCode).toBe(404);
      const first = await startToken(course);
      expect(first.startUrl).toBe(
        `${ISSUER}/api/lti/v1/proctoring/start?token=${encodeURIComponent(first.token)}`,
      );
      expect(first.expires).toBe('2026-03-15T12:05:00.000Z');
      const session = proctoringSessionSchema.parse((await get(sessionUrl(course))).json());
      expect(session).toMatchObject({
        activityWorkflowId: course.workflowId,
        state: 1,
        attemptNumber: 1,
        assessmentStarted: null,
        finished: null,
      });
      // Not started yet: the same session gets a fresh token; only its hash is stored.
      const second = await startToken(course);
      expect(second.token).not.toBe(first.token);
      const row = await sessionRow(course);
      expect(row.id).toBe(session.id);
      expect(row.startTokenHash).not.toContain(second.token);
      const workflow = await db()
        .selectFrom('activityWorkflows')
        .select('lastProctoringSessionId')
        .where('id', '=', course.workflowId)
        .executeTakeFirstOrThrow();
      expect(workflow.lastProctoringSessionId).toBe(session.id);
      // Another learner sees nothing of it.
      expect((await get(sessionUrl(course), otherCookie)).statusCode).toBe(404);
      expect((await get(`${sessionUrl(course)}/start-token`, otherCookie)).statusCode).toBe(404);
    });

    it('refuses activities that are not proctored, have no proctoring tool, or a wrong path', async () => {
      const course = await aProctoredCourse('Quiz', null);
      const noTool = await get(`${sessionUrl(course)}/start-token`);
      expect(noTool.statusCode).toBe(409);
      expect(noTool.json()).toMatchObject({
        code: 'no_proctoring_tool',
        message: 'No proctoring tool is available for this activity.',
      });
      const wrongPath = await get(`${sessionUrl(course)}/start-token?activityPathId=x`);
      expect(wrongPath.statusCode).toBe(400);
      // The path's UUIDs in upper case are the same path (as path parameters are).
      const upper = await get(
        `${sessionUrl(course)}/start-token?activityPathId=${encodeURIComponent(course.axis.toUpperCase())}`,
      );
      expect(upper.statusCode).toBe(409);
      expect(upper.json()).toMatchObject({ code: 'no_proctoring_tool' });
      const plain = await aProctoredCourse('Intro');
      const intro = await db()
        .selectFrom('activityWorkflows')
        .select('id')
        .where('objectiveWorkflowId', '=', plain.attemptId)
        .where('axis', '=', plain.tree.parts.Intro!.axis)
        .executeTakeFirstOrThrow();
      // The Intro of this course is proctored; its Quiz part is not started, so a root workflow stands in.
      const notProctored = await get(
        `${API}/users/me/objective-workflows/${plain.attemptId}/activity-workflows/${plain.chain[0]}/last-proctoring-session/start-token`,
      );
      expect(notProctored.statusCode).toBe(400);
      expect(notProctored.json()).toMatchObject({ code: 'not_proctored' });
      expect(intro.id).toBe(plain.workflowId);
    });

    it('is single-use, expires after five minutes and cannot be used by another learner', async () => {
      const course = await aProctoredCourse('Quiz');
      const { token } = await startToken(course);
      const foreign = await openStart(token, otherCookie);
      expect(foreign.statusCode).toBe(403);
      expect(foreign.body).toContain('belongs to another learner');
      const anonymous = await openStart(token, '');
      expect(anonymous.statusCode).toBe(403);
      // Neither spent it: the owner's first use works, the second does not.
      postedForm(await openStart(token));
      const again = await openStart(token);
      expect(again.statusCode).toBe(400);
      expect(again.body).toContain('has expired or was already used');
      expect(again.body).not.toMatch(/<form|<script/);

      const late = await startToken(course);
      clock.advance(5 * 60 * 1000 + 1000);
      try {
        expect((await openStart(late.token)).statusCode).toBe(400);
      } finally {
        clock.set(NOW);
      }
      expect((await openStart('not-a-token')).statusCode).toBe(400);
    });
  });

  describe('LtiStartProctoring and LtiStartAssessment', () => {
    it('launches the proctoring tool with the proctoring claims, then opens the activity', async () => {
      const course = await aProctoredCourse('Quiz');
      const launch = await startProctoring(course);
      expect(launch[CLAIM.messageType]).toBe('LtiStartProctoring');
      expect(launch[CLAIM.version]).toBe('1.3.0');
      expect(launch[CLAIM.deploymentId]).toBe(proctor.deploymentIds[0]);
      expect(launch[CLAIM.targetLinkUri]).toBe(`${PROCTOR}/proctoring`);
      expect(launch[AP_CLAIM.attemptNumber]).toBe(1);
      expect(launch[AP_CLAIM.startAssessmentUrl]).toBe(
        `${ISSUER}/api/lti/v1/proctoring/start-assessment`,
      );
      expect(typeof launch[AP_CLAIM.sessionData]).toBe('string');
      expect(launch[CLAIM.launchPresentation]).toMatchObject({
        document_target: 'window',
        return_url: `${ISSUER}/learn/courses/${course.tree.objectiveId}/view/content`,
      });
      expect(launch[CLAIM.roles]).toContain(
        'http://purl.imsglobal.org/vocab/lis/v2/membership#Learner',
      );
      expect(launch[CLAIM.context]).toMatchObject({ id: course.tree.objectiveId });
      expect(launch.email).toBeTruthy();
      expect(launch[CLAIM.agsEndpoint]).toBeUndefined();
      const row = await sessionRow(course);
      expect(row.sessionDataHash).toHaveLength(64);
      expect(row.sessionDataHash).not.toBe(launch[AP_CLAIM.sessionData]);
      expect((launch[CLAIM.resourceLink] as { id: string }).id).toBe(row.resourceLinkId);

      // Before the tool starts the assessment, the quiz cannot be launched.
      const early = await testApp.app.inject({
        method: 'GET',
        url: `${API}/objective-workflows/${course.attemptId}/resource-form/${course.chain.join('/')}`,
        headers: clientHeaders(cookie),
      });
      expect(early.statusCode).toBe(403);
      expect(early.json()).toMatchObject({ code: 'proctoring_refused' });

      const accepted = await postStartAssessment(await startAssessmentJwt(launch));
      expect(accepted.statusCode).toBe(303);
      expect(accepted.headers.location).toBe(
        `${ISSUER}/learn/courses/redirect/${course.tree.objectiveId}?activityPathId=${encodeURIComponent(course.axis)}&inProctoringIframe=true`,
      );
      const session = proctoringSessionSchema.parse((await get(sessionUrl(course))).json());
      expect(session.assessmentStarted).toBe(NOW);
      expect(session.state).toBe(1);

      const form = await testApp.app.inject({
        method: 'GET',
        url: `${API}/objective-workflows/${course.attemptId}/resource-form/${course.chain.join('/')}`,
        headers: clientHeaders(cookie),
      });
      expect(form.statusCode, form.body).toBe(200);
      expect(resourceFormSchema.parse(form.json()).action).toBe('https://quiz.example/login');
    });

    it('refuses forged, expired, mismatched and replayed messages and changes nothing', async () => {
      const course = await aProctoredCourse('Quiz');
      const launch = await startProctoring(course);
      const forger = await aToolKeyPair('proctor-key');
      const cases: [string, Promise<string>][] = [
        ['signature does not verify', startAssessmentJwt(launch, {}, forger)],
        ['attempt_number', startAssessmentJwt(launch, { [AP_CLAIM.attemptNumber]: 2 })],
        ['session_data', startAssessmentJwt(launch, { [AP_CLAIM.sessionData]: 'guessed' })],
        ['resource_link', startAssessmentJwt(launch, { [CLAIM.resourceLink]: { id: 'other' } })],
        ['message_type', startAssessmentJwt(launch, { [CLAIM.messageType]: 'LtiStartProctoring' })],
        ['deployment_id', startAssessmentJwt(launch, { [CLAIM.deploymentId]: 'elsewhere' })],
        ['aud', startAssessmentJwt(launch, { aud: 'https://other-platform.example' })],
        ['nonce', startAssessmentJwt(launch, { nonce: undefined })],
        [
          'expired',
          startAssessmentJwt(launch, {
            iat: Math.floor(Date.parse(NOW) / 1000) - 900,
            exp: Math.floor(Date.parse(NOW) / 1000) - 600,
          }),
        ],
      ];
      for (const [reason, jwt] of cases) {
        expectRefusedPage(await postStartAssessment(await jwt), reason);
      }
      expect((await postStartAssessment('')).statusCode).toBe(400);
      expect((await sessionRow(course)).assessmentStarted).toBeNull();

      // Accepted once; the same message again is refused.
      const jwt = await startAssessmentJwt(launch, { nonce: 'nonce-once' });
      expect((await postStartAssessment(jwt)).statusCode).toBe(303);
      expectRefusedPage(await postStartAssessment(jwt), 'already started or finished');

      // A new session (attempt 2) for the same workflow: a replayed nonce is refused, a fresh one accepted.
      const relaunch = await startProctoring(course);
      expect(relaunch[AP_CLAIM.attemptNumber]).toBe(2);
      expectRefusedPage(
        await postStartAssessment(await startAssessmentJwt(relaunch, { nonce: 'nonce-once' })),
        'already used',
      );
      expect((await sessionRow(course)).assessmentStarted).toBeNull();
      expect((await postStartAssessment(await startAssessmentJwt(relaunch))).statusCode).toBe(303);
    });

    it('agrees on one session and one start under concurrent calls', async () => {
      const course = await aProctoredCourse('Quiz');
      const tokens = await Promise.all([
        startToken(course),
        startToken(course),
        startToken(course),
      ]);
      expect(new Set(tokens.map((t) => t.token)).size).toBe(3);
      const rows = await db()
        .selectFrom('proctoringSessions')
        .select(['id', 'attemptNumber'])
        .where('activityWorkflowId', '=', course.workflowId)
        .execute();
      expect(rows).toHaveLength(1);
      expect(rows[0]!.attemptNumber).toBe(1);
      // Only the token written last is valid.
      const starts = [];
      for (const { token } of tokens) starts.push((await openStart(token)).statusCode);
      expect(starts.sort()).toEqual([200, 400, 400]);
      const launch = await startProctoring(course);
      const answers = await Promise.all([
        postStartAssessment(await startAssessmentJwt(launch)),
        postStartAssessment(await startAssessmentJwt(launch)),
      ]);
      expect(answers.map((a) => a.statusCode).sort()).toEqual([303, 400]);
    });

    it('refuses the message of another tenant’s proctoring tool', async () => {
      const course = await aProctoredCourse('Quiz');
      const launch = await startProctoring(course);
      const otherTenant = await aTenant(db());
      const strangerKeys = await aToolKeyPair('stranger');
      const stranger = await anLti13Tool(testApp.lti, otherTenant, {
        toolUrl: 'https://stranger.example',
        publicJwk: strangerKeys.publicJwk,
        proctoring: true,
      });
      expectRefusedPage(
        await postStartAssessment(
          await startAssessmentJwt(
            launch,
            { [CLAIM.deploymentId]: stranger.deploymentIds[0] },
            strangerKeys,
            stranger.clientId!,
          ),
        ),
        'does not name a proctoring session',
      );
      expect((await sessionRow(course)).assessmentStarted).toBeNull();
    });
  });

  describe('refusals, finishing and the end of the assessment', () => {
    it('refuses the proctored text content and its finish outside a session, allows them inside', async () => {
      const course = await aProctoredCourse('Intro');
      const contentUrl = `${API}/users/me/objective-workflows/${course.attemptId}/activity/${course.axis}`;
      const refused = await get(contentUrl);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({
        code: 'proctoring_refused',
        message:
          'This activity is proctored. Start it from the course page so that the proctoring tool can open it.',
      });
      const finishRefused = await command('finish-activity-workflows', {
        objectiveWorkflowId: course.attemptId,
        activityWorkflowIds: course.chain,
      });
      expect(JSON.stringify(finishRefused.completed)).toContain('This activity is proctored.');

      const launch = await startProctoring(course);
      expect((await postStartAssessment(await startAssessmentJwt(launch))).statusCode).toBe(303);
      expect((await get(contentUrl)).statusCode).toBe(200);
      // The end form exists only for a finished session.
      const early = await get(`${sessionUrl(course)}/end-form`);
      expect(early.statusCode).toBe(409);

      clock.advance(60_000);
      try {
        const finished = await command('finish-activity-workflows', {
          objectiveWorkflowId: course.attemptId,
          activityWorkflowIds: course.chain,
        });
        expect(finished.completed).toMatchObject({ state: 1, errors: null });
      } finally {
        clock.set(NOW);
      }
      const session = proctoringSessionSchema.parse((await get(sessionUrl(course))).json());
      expect(session).toMatchObject({ state: 2, finished: '2026-03-15T12:01:00.000Z' });
      expect((await get(`${sessionUrl(course)}/end-form`, otherCookie)).statusCode).toBe(404);

      const endForm = await testApp.app.inject({
        method: 'GET',
        url: `${sessionUrl(course)}/end-form`,
        headers: clientHeaders(cookie),
      });
      const form = resourceFormSchema.parse(endForm.json());
      expect(form.action).toBe(`${PROCTOR}/login`);
      const binding = /lti_binding=([^;]+);/.exec(String(endForm.headers['set-cookie']))?.[1];
      const end = await authorize(form.fields, binding ? `lti_binding=${binding}` : '');
      expect(end[CLAIM.messageType]).toBe('LtiEndAssessment');
      expect(end[AP_CLAIM.attemptNumber]).toBe(1);
      expect(end[AP_CLAIM.sessionData]).toBe(launch[AP_CLAIM.sessionData]);
      expect(end[AP_CLAIM.startAssessmentUrl]).toBeUndefined();
      // Finished: no new start token.
      expect((await get(`${sessionUrl(course)}/start-token`)).statusCode).toBe(409);
    });

    it('leaves proctored content out of the tutor’s sources, even inside the proctor session', async () => {
      const course = await aProctoredCourse('Intro');
      const service = createWorkflowsService({
        workflowsRepository: createWorkflowsRepository(db(), testApp.ctx.dialect),
        coursesRepository: createCoursesRepository(db()),
        clock,
        db: db(),
      });
      const caller = { userId: learner, tenantId, sessionId: 'test' };
      expect(await service.openableAxes(caller, course.tree.objectiveId)).not.toContain(
        course.axis,
      );
      const launch = await startProctoring(course);
      expect((await postStartAssessment(await startAssessmentJwt(launch))).statusCode).toBe(303);
      // Open to the learner now, yet an exam's content never reaches the tutor.
      expect(await service.openableAxes(caller, course.tree.objectiveId)).not.toContain(
        course.axis,
      );
    });

    it('blocks access while the session and the activity workflow disagree', async () => {
      const { course } = await inProctorSession('Intro');
      const contentUrl = `${API}/users/me/objective-workflows/${course.attemptId}/activity/${course.axis}`;
      expect((await get(contentUrl)).statusCode).toBe(200);
      // The session ended while the activity is still in progress: being graded.
      await db()
        .updateTable('proctoringSessions')
        .set({ state: 2, finished: NOW })
        .where('activityWorkflowId', '=', course.workflowId)
        .execute();
      const blocked = await get(contentUrl);
      expect(blocked.statusCode).toBe(403);
      expect(blocked.json<{ message: string }>().message).toMatch(/^This course is being graded/);
      expect((await get(`${sessionUrl(course)}/start-token`)).statusCode).toBe(403);
    });

    it('closes the open session when a tool score finishes the proctored quiz', async () => {
      const { course } = await inProctorSession('Quiz');
      const session = await sessionRow(course);
      const lineItem = await db()
        .selectFrom('ltiLineItems')
        .select('id')
        .where('resourceLinkId', '=', session.resourceLinkId)
        .executeTakeFirstOrThrow();
      clock.advance(120_000);
      try {
        const outcome = await applyToolResult(testApp.ctx, {
          toolId: quizTool.id,
          lineItemId: lineItem.id,
          userId: learner,
          scoreGiven: 10,
          scoreMaximum: 10,
          activityProgress: 'Completed',
          gradingProgress: 'FullyGraded',
          comment: null,
          timestamp: '2026-03-15T12:01:30.000Z',
        });
        expect(outcome).toEqual({ status: 'applied' });
      } finally {
        clock.set(NOW);
      }
      expect(await sessionRow(course)).toMatchObject({
        state: 2,
        finished: '2026-03-15T12:02:00.000Z',
      });
    });
  });

  describe('framing', () => {
    it('lets proctoring tools frame the redirect and proctor pages, and nothing else', async () => {
      for (const url of [
        '/learn/courses/redirect/abc?activityPathId=x&inProctoringIframe=true',
        '/learn/courses/proctor/abc/x?inProctoringIframe=true',
      ]) {
        const response = await testApp.app.inject({ url, headers: { host: 'localhost:3000' } });
        expect(response.statusCode, url).toBe(200);
        const csp = cspDirectives(response.headers['content-security-policy']);
        // Enabled proctoring tools only (the other tenant's stranger tool is one too).
        expect(csp['frame-ancestors']?.split(' ')).toEqual([
          "'self'",
          PROCTOR,
          'https://stranger.example',
        ]);
        expect(csp['frame-ancestors']).not.toContain('quiz.example');
        expect(csp['script-src']).toBe("'self'");
        expect(response.headers['x-frame-options']).toBeUndefined();
      }
      for (const url of ['/learn/courses', '/learn/courses/abc/view/content', '/healthz']) {
        const response = await testApp.app.inject({ url, headers: { host: 'localhost:3000' } });
        const csp = cspDirectives(response.headers['content-security-policy']);
        expect(csp['frame-ancestors'], url).toBe("'self'");
        expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
      }
    });
  });
});
