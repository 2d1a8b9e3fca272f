// resource-link and resource-form over real HTTP on every dialect: only the learner's own, startable LTI
// activity is launched; one stable link and line item per placement, even under concurrent calls; a fresh,
// single-use LTI 1.3 login form bound to the browser; a signed LTI 1.1 form.
import { createHash, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ActivityState,
  DisplayMode,
  resourceFormSchema,
  resourceLinkSchema,
  WorkflowState,
} from '@portal/contracts';
import { clientHeaders, createTestApp, type TestApp } from '../../test/test-app.ts';
import { testDialects } from '../../test/test-databases.ts';
import { signInAs } from '../../test/sign-in.ts';
import { fixedClock } from '../../lib/clock.ts';
import { anEnrolment, aTenant, aUser } from '../../test/course-builders.ts';
import { runCommand } from '../catalog/catalog-commands.fixture.ts';
import {
  aCompositeWithLtiChild,
  anLti11Tool,
  anLti13Tool,
  anLtiCourse,
} from './testing/lti-fixtures.ts';
import type { LtiToolRecord } from './tools.repository.ts';

const NOW = '2026-03-15T12:00:00.000Z';
const PAST = '2026-03-10T00:00:00.000Z';
const API = '/api/lms/v1';
const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
/** As the web client sends resource-link: no body, so no content type. */
const bodyless = (cookie?: string) => {
  const { 'content-type': _json, ...headers } = clientHeaders(cookie);
  return headers;
};

describe.each(await testDialects())('LTI launch on %s', (dialect) => {
  const clock = fixedClock(NOW);
  let testApp: TestApp;
  let tenantId: string;
  let learner: string;
  let cookie: string;
  let otherCookie: string;
  let tool: LtiToolRecord;

  beforeAll(async () => {
    testApp = await createTestApp(dialect, { clock });
    tenantId = await aTenant(testApp.ctx.db);
    learner = await aUser(testApp.ctx.db, tenantId);
    cookie = await signInAs(testApp, learner);
    otherCookie = await signInAs(testApp, await aUser(testApp.ctx.db, tenantId));
    tool = await anLti13Tool(testApp.lti, tenantId, { toolUrl: 'https://quiz.example' });
  });

  afterAll(async () => {
    await testApp.close();
  });

  const db = () => testApp.ctx.db;
  const command = (type: string, body: Record<string, unknown>, as = cookie) =>
    runCommand(testApp, type, as, { id: randomUUID(), ...body });

  /** Enrols the learner, starts the course and the activity at `axis` through the real commands. */
  async function startAt(objectiveId: string, axis: string) {
    const { aggregateId } = await anEnrolment(db(), { tenantId, userId: learner, objectiveId })
      .selfEnrolled()
      .create();
    const attempt = await command('start-objective-workflows', {
      objectiveWorkflowAggregateId: aggregateId,
    });
    expect(attempt.completed).toMatchObject({ state: 1, errors: null });
    const activity = await command('start-activity-workflows', {
      objectiveWorkflowId: attempt.entityId,
      activityPartIds: axis === '' ? [] : axis.split('/'),
    });
    expect(activity.completed).toMatchObject({ state: 1, errors: null });
    const chain = await db()
      .selectFrom('activityWorkflows')
      .select(['id', 'axis'])
      .where('objectiveWorkflowId', '=', attempt.entityId!)
      .execute();
    const ids = chain
      .filter((w) => axis.startsWith(w.axis))
      .sort((a, b) => a.axis.length - b.axis.length)
      .map((w) => w.id);
    expect(ids.at(-1)).toBe(activity.entityId);
    return { attemptId: attempt.entityId!, ids };
  }

  async function startedLtiCourse(withTool = tool) {
    const course = await anLtiCourse(db(), testApp.lti, tenantId, withTool, {
      name: `LTI ${randomUUID()}`,
    });
    return { ...course, ...(await startAt(course.objectiveId, '')) };
  }

  async function startedComposite(part: 'Quiz' | 'Intro' = 'Quiz') {
    const tree = await aCompositeWithLtiChild(db(), testApp.lti, tenantId, tool);
    return { tree, ...(await startAt(tree.objectiveId, tree.parts[part]!.axis)) };
  }

  const query = (ids: string[], partIds: string[] = []) =>
    [
      ...ids.map((id) => `activityWorkflowIds=${id}`),
      ...partIds.map((id) => `activityPartIds=${id}`),
    ].join('&');
  const resourceLink = (attemptId: string, search: string, as = cookie) =>
    testApp.app.inject({
      method: 'POST',
      url: `${API}/objective-workflows/${attemptId}/resource-link?${search}`,
      headers: bodyless(as),
    });
  const resourceForm = (attemptId: string, ids: string[], as = cookie) =>
    testApp.app.inject({
      method: 'GET',
      url: `${API}/objective-workflows/${attemptId}/resource-form/${ids.join('/')}`,
      headers: clientHeaders(as),
    });
  const linksOf = (objectiveId: string) =>
    db()
      .selectFrom('ltiResourceLinks')
      .selectAll()
      .where('objectiveId', '=', objectiveId)
      .execute();

  describe('resource-link', () => {
    it('answers the placement stable link and what it launches, creating one line item', async () => {
      const course = await startedLtiCourse();
      const first = await resourceLink(course.attemptId, query(course.ids));
      expect(first.statusCode).toBe(200);
      expect(first.headers['cache-control']).toBe('no-store');
      const link = resourceLinkSchema.parse(first.json());
      expect(link).toEqual({
        resourceLinkId: link.resourceLinkId,
        targetLinkUri: 'https://quiz.example/launch',
        ltiVersion: 3,
      });
      // Repeated keys and one comma-separated value name the same workflows.
      const again = await resourceLink(
        course.attemptId,
        `activityWorkflowIds=${course.ids.join(',')}`,
      );
      expect(again.json()).toEqual(link);

      const links = await linksOf(course.objectiveId);
      expect(links).toEqual([
        expect.objectContaining({
          id: link.resourceLinkId,
          toolId: tool.id,
          activityId: course.rootActivityId,
          axis: '',
          tenantId,
        }),
      ]);
      const lineItems = await db()
        .selectFrom('ltiLineItems')
        .selectAll()
        .where('resourceLinkId', '=', link.resourceLinkId)
        .execute();
      expect(lineItems).toHaveLength(1);
      expect(lineItems[0]).toMatchObject({
        toolId: tool.id,
        objectiveId: course.objectiveId,
        scoreMaximum: 10,
      });
      expect(lineItems[0]!.label).toMatch(/^LTI /);
    });

    it('launches the LTI child of a composite at its axis, the part ids agreeing', async () => {
      const { tree, attemptId, ids } = await startedComposite();
      expect(ids).toHaveLength(2);
      const quiz = tree.parts.Quiz!;
      const response = await resourceLink(attemptId, query(ids, [quiz.partId]));
      expect(response.statusCode).toBe(200);
      const [link] = await linksOf(tree.objectiveId);
      expect(link).toMatchObject({
        id: response.json<{ resourceLinkId: string }>().resourceLinkId,
        activityId: quiz.activityId,
        axis: quiz.axis,
      });
      const wrongParts = await resourceLink(attemptId, query(ids, [randomUUID()]));
      expect(wrongParts.statusCode).toBe(400);
      expect(wrongParts.json()).toMatchObject({
        errors: { activityPartIds: [expect.any(String)] },
      });
    });

    it('ends ten concurrent first calls with one link and one line item', async () => {
      const course = await startedLtiCourse();
      const responses = await Promise.all(
        Array.from({ length: 10 }, () => resourceLink(course.attemptId, query(course.ids))),
      );
      expect(responses.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
      const ids = new Set(
        responses.map((r) => r.json<{ resourceLinkId: string }>().resourceLinkId),
      );
      expect(ids.size).toBe(1);
      const links = await linksOf(course.objectiveId);
      expect(links).toHaveLength(1);
      const lineItems = await db()
        .selectFrom('ltiLineItems')
        .select('id')
        .where('objectiveId', '=', course.objectiveId)
        .execute();
      expect(lineItems).toHaveLength(1);
    });

    it('answers 404 for someone else workflow and reveals none of it', async () => {
      const course = await startedLtiCourse();
      const response = await resourceLink(course.attemptId, query(course.ids), otherCookie);
      expect(response.statusCode).toBe(404);
      for (const secret of [course.objectiveId, course.rootActivityId, 'quiz.example', 'LTI ']) {
        expect(response.body).not.toContain(secret);
      }
      expect(await linksOf(course.objectiveId)).toEqual([]);
    });

    it('answers 404 for unknown attempts and activity workflows, 401 without a session', async () => {
      const course = await startedLtiCourse();
      expect((await resourceLink(randomUUID(), query(course.ids))).statusCode).toBe(404);
      expect((await resourceLink('not-an-id', query(course.ids))).statusCode).toBe(404);
      expect((await resourceLink(course.attemptId, query([randomUUID()]))).statusCode).toBe(404);
      const anonymous = await testApp.app.inject({
        method: 'POST',
        url: `${API}/objective-workflows/${course.attemptId}/resource-link?${query(course.ids)}`,
        headers: bodyless(),
      });
      expect(anonymous.statusCode).toBe(401);
    });

    it('answers 400 with per-field errors for a malformed query', async () => {
      const course = await startedLtiCourse();
      const missing = await resourceLink(course.attemptId, '');
      expect(missing.statusCode).toBe(400);
      expect(missing.json()).toMatchObject({ errors: { activityWorkflowIds: expect.any(Array) } });
      const notIds = await resourceLink(course.attemptId, 'activityWorkflowIds=abc');
      expect(notIds.statusCode).toBe(400);
      expect(Object.keys(notIds.json<{ errors: object }>().errors)[0]).toMatch(
        /^activityWorkflowIds/,
      );
      const unknownKey = await resourceLink(course.attemptId, `${query(course.ids)}&extra=1`);
      expect(unknownKey.statusCode).toBe(400);
      expect(await linksOf(course.objectiveId)).toEqual([]);
    });

    it('refuses a text activity with a 4xx and creates nothing', async () => {
      const { tree, attemptId, ids } = await startedComposite('Intro');
      const response = await resourceLink(attemptId, query(ids));
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'not_an_lti_activity' });
      expect(await linksOf(tree.objectiveId)).toEqual([]);
    });

    it('refuses a draft or blocked activity with 403 and the reason', async () => {
      const draft = await startedComposite();
      await db()
        .updateTable('activities')
        .set({ state: ActivityState.draft })
        .where('id', '=', draft.tree.parts.Quiz!.activityId)
        .execute();
      const comingSoon = await resourceLink(draft.attemptId, query(draft.ids));
      expect(comingSoon.statusCode).toBe(403);
      expect(comingSoon.json()).toEqual({
        code: 'activity_not_startable',
        message: 'This activity is coming soon.',
      });

      const blocked = await startedComposite();
      await db()
        .updateTable('activityParts')
        .set({ accessibleUntil: PAST })
        .where('id', '=', blocked.tree.parts.Quiz!.partId)
        .execute();
      const closed = await resourceLink(blocked.attemptId, query(blocked.ids));
      expect(closed.statusCode).toBe(403);
      expect(closed.json()).toEqual({
        code: 'activity_not_startable',
        message: 'This activity is no longer accessible.',
      });
      const form = await resourceForm(blocked.attemptId, blocked.ids);
      expect(form.statusCode).toBe(403);
      expect(await linksOf(blocked.tree.objectiveId)).toEqual([]);
    });

    it('refuses an attempt that is no longer in progress with 403', async () => {
      const course = await startedLtiCourse();
      await db()
        .updateTable('objectiveWorkflows')
        .set({ state: WorkflowState.submitted })
        .where('id', '=', course.attemptId)
        .execute();
      const response = await resourceLink(course.attemptId, query(course.ids));
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ code: 'objective_workflow_not_in_progress' });
    });

    it('refuses an older activity workflow of the axis with 409', async () => {
      const course = await startedLtiCourse();
      await db()
        .insertInto('activityWorkflows')
        .values({
          id: randomUUID(),
          tenantId,
          objectiveWorkflowId: course.attemptId,
          activityId: course.rootActivityId,
          axis: '',
          parentActivityWorkflowId: null,
          state: 1,
          progress: 0,
          score: null,
          maxScore: null,
          created: '2026-03-15T12:30:00.000Z',
          started: '2026-03-15T12:30:00.000Z',
          submitted: null,
          finished: null,
          activityRecordId: null,
          lastProctoringSessionId: null,
        })
        .execute();
      const response = await resourceLink(course.attemptId, query(course.ids));
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({ code: 'stale_activity_workflow' });
    });

    it('answers 404 when the tool is disabled or of another tenant', async () => {
      const disabledTool = await anLti13Tool(testApp.lti, tenantId);
      const course = await startedLtiCourse(disabledTool);
      await db()
        .updateTable('ltiTools')
        .set({ enabled: 0 })
        .where('id', '=', disabledTool.id)
        .execute();
      expect((await resourceLink(course.attemptId, query(course.ids))).statusCode).toBe(404);

      const foreignTool = await anLti13Tool(testApp.lti, await aTenant(db()));
      const foreign = await startedLtiCourse(foreignTool);
      expect((await resourceLink(foreign.attemptId, query(foreign.ids))).statusCode).toBe(404);
    });
  });

  describe('resource-form', () => {
    it('answers a fresh LTI 1.3 login form and binds the launch to the browser', async () => {
      const course = await startedLtiCourse();
      const response = await resourceForm(course.attemptId, course.ids);
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-store');
      const form = resourceFormSchema.parse(response.json());
      const [link] = await linksOf(course.objectiveId);
      const subject = await db()
        .selectFrom('ltiSubjects')
        .select('sub')
        .where('toolId', '=', tool.id)
        .where('userId', '=', learner)
        .executeTakeFirstOrThrow();
      expect(form).toEqual({
        action: 'https://quiz.example/login',
        method: 'POST',
        fields: {
          iss: 'http://localhost:3000',
          login_hint: subject.sub,
          target_link_uri: 'https://quiz.example/launch',
          lti_message_hint: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
          client_id: tool.clientId,
          lti_deployment_id: tool.deploymentIds[0],
        },
        displayMode: DisplayMode.embeddedAuto,
        preferredWidth: null,
        preferredHeight: null,
      });
      const cookieHeader = String(response.headers['set-cookie']);
      const binding = /^lti_binding=([^;]+);/.exec(cookieHeader)?.[1];
      expect(binding).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(cookieHeader).toMatch(/Max-Age=43200/);
      expect(cookieHeader).toMatch(/Path=\//);
      expect(cookieHeader).toMatch(/HttpOnly/);
      expect(cookieHeader).toMatch(/SameSite=Lax/);

      const launch = await db()
        .selectFrom('ltiLaunches')
        .selectAll()
        .where('hintHash', '=', sha256(form.fields.lti_message_hint!))
        .executeTakeFirstOrThrow();
      expect(launch).toMatchObject({
        tenantId,
        toolId: tool.id,
        userId: learner,
        resourceLinkId: link!.id,
        objectiveWorkflowId: course.attemptId,
        activityWorkflowId: course.ids.at(-1),
        loginHint: subject.sub,
        bindingHash: sha256(binding!),
        targetLinkUri: 'https://quiz.example/launch',
        documentTarget: 'iframe',
        expires: '2026-03-15T12:02:00.000Z',
        used: null,
      });
      expect(launch.returnUrl).toContain('/learn/lti-tool-callback?');
      expect(launch.returnUrl).toContain(course.objectiveId);

      // A second call from the same browser keeps its binding and gets a new hint.
      const again = await resourceForm(
        course.attemptId,
        course.ids,
        `${cookie}; lti_binding=${binding}`,
      );
      expect(again.headers['set-cookie']).toBeUndefined();
      const secondHint = resourceFormSchema.parse(again.json()).fields.lti_message_hint;
      expect(secondHint).not.toBe(form.fields.lti_message_hint);
      const second = await db()
        .selectFrom('ltiLaunches')
        .select('bindingHash')
        .where('hintHash', '=', sha256(secondHint!))
        .executeTakeFirstOrThrow();
      expect(second.bindingHash).toBe(sha256(binding!));
      expect(await linksOf(course.objectiveId)).toHaveLength(1);
    });

    it('makes a hint that works once at the authorization endpoint', async () => {
      const course = await startedLtiCourse();
      const response = await resourceForm(course.attemptId, course.ids);
      const { fields } = resourceFormSchema.parse(response.json());
      const binding = /lti_binding=([^;]+);/.exec(String(response.headers['set-cookie']))![1]!;
      const auth = () =>
        testApp.app.inject({
          method: 'POST',
          url: '/api/lti/v1/auth',
          headers: {
            'content-type': 'application/x-www-form-urlencoded',
            cookie: `${cookie}; lti_binding=${binding}`,
          },
          payload: new URLSearchParams({
            scope: 'openid',
            response_type: 'id_token',
            response_mode: 'form_post',
            prompt: 'none',
            client_id: fields.client_id!,
            redirect_uri: 'https://quiz.example/launch',
            login_hint: fields.login_hint!,
            lti_message_hint: fields.lti_message_hint!,
            nonce: randomUUID(),
            state: 'state-1',
          }).toString(),
        });
      const first = await auth();
      expect(first.statusCode).toBe(200);
      expect(first.body).toContain('name="id_token"');
      const second = await auth();
      expect(second.statusCode).toBe(200);
      expect(second.body).not.toContain('name="id_token"');
      expect(second.body).toContain('value="launch_no_longer_valid"');
    });

    it('answers 404 for someone else workflow, 400 for a malformed path', async () => {
      const course = await startedLtiCourse();
      const foreign = await resourceForm(course.attemptId, course.ids, otherCookie);
      expect(foreign.statusCode).toBe(404);
      expect(foreign.headers['set-cookie']).toBeUndefined();
      expect(foreign.body).not.toContain('quiz.example');
      const launches = await db()
        .selectFrom('ltiLaunches')
        .select('hintHash')
        .where('objectiveWorkflowId', '=', course.attemptId)
        .execute();
      expect(launches).toEqual([]);
      expect((await resourceForm(course.attemptId, ['not-an-id'])).statusCode).toBe(400);
      expect((await resourceForm(course.attemptId, [randomUUID()])).statusCode).toBe(404);
    });

    it('answers a signed LTI 1.1 form with one stable outcome source per learner and link', async () => {
      const legacy = await anLti11Tool(testApp.lti, tenantId, {
        launchUrl: 'https://legacy.example/launch',
      });
      const course = await startedLtiCourse(legacy);
      const first = await resourceForm(course.attemptId, course.ids);
      expect(first.statusCode).toBe(200);
      expect(first.headers['set-cookie']).toBeUndefined();
      const form = resourceFormSchema.parse(first.json());
      const [link] = await linksOf(course.objectiveId);
      expect(form.action).toBe('https://legacy.example/launch');
      expect(form.fields).toMatchObject({
        lti_message_type: 'basic-lti-launch-request',
        lti_version: 'LTI-1p0',
        resource_link_id: link!.id,
        oauth_consumer_key: legacy.consumerKey,
        oauth_signature_method: 'HMAC-SHA1',
        oauth_signature: expect.any(String),
      });
      const sources = await db()
        .selectFrom('ltiOutcomeSources')
        .selectAll()
        .where('resourceLinkId', '=', link!.id)
        .execute();
      expect(sources).toEqual([
        expect.objectContaining({ userId: learner, sourcedid: form.fields.lis_result_sourcedid }),
      ]);
      const second = resourceFormSchema.parse(
        (await resourceForm(course.attemptId, course.ids)).json(),
      );
      expect(second.fields.lis_result_sourcedid).toBe(form.fields.lis_result_sourcedid);
      expect(second.fields.oauth_nonce).not.toBe(form.fields.oauth_nonce);
    });
  });
});

describe('the launch-binding cookie under https', () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await createTestApp('sqlite', {
      clock: fixedClock(NOW),
      config: { publicUrl: 'https://portal.example' },
    });
  });

  afterAll(async () => {
    await testApp.close();
  });

  it('is __Host-lti_binding, Secure, SameSite=None', async () => {
    const db = testApp.ctx.db;
    const tenantId = await aTenant(db);
    const learner = await aUser(db, tenantId);
    const cookie = await signInAs(testApp, learner);
    const tool = await anLti13Tool(testApp.lti, tenantId);
    const course = await anLtiCourse(db, testApp.lti, tenantId, tool);
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
    const activity = await runCommand(testApp, 'start-activity-workflows', cookie, {
      id: randomUUID(),
      objectiveWorkflowId: attempt.entityId,
      activityPartIds: [],
    });
    const response = await testApp.app.inject({
      method: 'GET',
      url: `${API}/objective-workflows/${attempt.entityId}/resource-form/${activity.entityId}`,
      headers: clientHeaders(cookie),
    });
    expect(response.statusCode).toBe(200);
    const setCookie = String(response.headers['set-cookie']);
    expect(setCookie).toMatch(/^__Host-lti_binding=[A-Za-z0-9_-]{43};/);
    expect(setCookie).toMatch(/Secure/);
    expect(setCookie).toMatch(/SameSite=None/);
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/Path=\//);
    expect(setCookie).not.toMatch(/Domain=/i);
    expect(resourceFormSchema.parse(response.json()).fields.iss).toBe('https://portal.example');
  });
});
