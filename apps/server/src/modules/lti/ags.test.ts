// Assignment and Grade Services over real HTTP on every dialect: bearer tokens and scopes, the tool's own
// context and line items only, line item CRUD with paging, scores (validation, enrolment, staleness,
// grading progress) and results.
import { randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AgsMediaType, AgsScope, GradeRevealPolicy } from '@portal/contracts';
import { fixedClock } from '../../lib/clock.ts';
import { newId } from '../../lib/ids.ts';
import { anEnrolment, aTenant, aUser } from '../../test/course-builders.ts';
import { signInAs } from '../../test/sign-in.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { testDialects } from '../../test/test-databases.ts';
import { runCommand } from '../catalog/catalog-commands.fixture.ts';
import { subjectFor } from './subjects.ts';
import {
  aCompositeWithLtiChild,
  aResourceLink,
  aToolKeyPair,
  anLti13Tool,
  type ToolKeyPair,
} from './testing/lti-fixtures.ts';
import type { LtiToolRecord } from './tools.repository.ts';

const NOW = '2026-03-15T12:00:00.000Z';
const ALL_SCOPES = Object.values(AgsScope);

describe.each(await testDialects())('AGS on %s', (dialect) => {
  const clock = fixedClock(NOW);
  let testApp: TestApp;
  let tenantId: string;
  let keys: ToolKeyPair;
  let tool: LtiToolRecord;
  let otherKeys: ToolKeyPair;
  let otherTool: LtiToolRecord;
  /** The course (context) with the tool's link and line item, and a learner who started the LTI part. */
  let course: { objectiveId: string; quizActivityId: string; quizAxis: string };
  let link: { resourceLinkId: string; lineItemId: string };
  let learner: { userId: string; sub: string; activityWorkflowId: string; workflowId: string };
  /** Another course where the tool also has a link. */
  let otherCourse: { objectiveId: string; lineItemId: string };
  /** The other tool's line item in the same course. */
  let foreignLineItemId: string;

  beforeAll(async () => {
    testApp = await createTestApp(dialect, { clock, config: { rateLimitPerMinute: 10_000 } });
    tenantId = await aTenant(testApp.ctx.db);
    keys = await aToolKeyPair();
    tool = await anLti13Tool(testApp.lti, tenantId, {
      publicJwk: keys.publicJwk,
      allowedScopes: ALL_SCOPES,
    });
    otherKeys = await aToolKeyPair('other');
    otherTool = await anLti13Tool(testApp.lti, tenantId, {
      publicJwk: otherKeys.publicJwk,
      allowedScopes: ALL_SCOPES,
    });

    const tree = await aCompositeWithLtiChild(testApp.ctx.db, testApp.lti, tenantId, tool);
    const quiz = tree.parts.Quiz!;
    course = {
      objectiveId: tree.objectiveId,
      quizActivityId: quiz.activityId,
      quizAxis: quiz.axis,
    };
    link = await aLinkWithLineItem(tool, tree.objectiveId, quiz.activityId, quiz.axis);
    foreignLineItemId = (
      await aLinkWithLineItem(
        otherTool,
        tree.objectiveId,
        tree.parts.Intro!.activityId,
        tree.parts.Intro!.axis,
      )
    ).lineItemId;
    learner = await aStartedLearner(tree.objectiveId, quiz.axis);

    const other = await aCompositeWithLtiChild(testApp.ctx.db, testApp.lti, tenantId, tool);
    otherCourse = {
      objectiveId: other.objectiveId,
      lineItemId: (
        await aLinkWithLineItem(
          tool,
          other.objectiveId,
          other.parts.Quiz!.activityId,
          other.parts.Quiz!.axis,
        )
      ).lineItemId,
    };
  });

  afterAll(async () => {
    await testApp.close();
  });

  const aLinkWithLineItem = (
    owner: LtiToolRecord,
    objectiveId: string,
    activityId: string,
    axis: string,
  ) =>
    aResourceLink(testApp.ctx.db, {
      tenantId,
      tool: owner,
      objectiveId,
      activityId,
      axis,
      created: '2026-03-01T00:00:00.000Z',
    });

  /** An enrolled learner with an attempt and the LTI part opened, through the real commands. */
  async function aStartedLearner(objectiveId: string, axis: string) {
    const userId = await aUser(testApp.ctx.db, tenantId);
    const cookie = await signInAs(testApp, userId);
    const { aggregateId } = await anEnrolment(testApp.ctx.db, { tenantId, userId, objectiveId })
      .selfEnrolled()
      .revealGrades(GradeRevealPolicy.none)
      .create();
    const started = await runCommand(testApp, 'start-objective-workflows', cookie, {
      id: randomUUID(),
      objectiveWorkflowAggregateId: aggregateId,
    });
    const opened = await runCommand(testApp, 'start-activity-workflows', cookie, {
      id: randomUUID(),
      objectiveWorkflowId: started.entityId,
      activityPartIds: axis.split('/'),
    });
    return {
      userId,
      sub: await subjectFor(testApp.ctx.db, tool.id, userId),
      workflowId: started.entityId!,
      activityWorkflowId: opened.entityId!,
    };
  }

  /** A bearer token from the real token endpoint. */
  async function tokenFor(scopes: string[], owner = tool, ownerKeys = keys): Promise<string> {
    const now = Math.floor(clock.now().getTime() / 1000);
    const assertion = await new SignJWT({ jti: randomUUID() })
      .setProtectedHeader({ alg: 'RS256', kid: ownerKeys.kid })
      .setIssuer(owner.clientId!)
      .setSubject(owner.clientId!)
      .setAudience(testApp.lti.urls.token)
      .setIssuedAt(now)
      .setExpirationTime(now + 60)
      .sign(ownerKeys.privateKey);
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/lti/v1/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        grant_type: 'client_credentials',
        client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer',
        client_assertion: assertion,
        scope: scopes.join(' '),
      }).toString(),
    });
    expect(response.statusCode).toBe(200);
    return response.json().access_token;
  }

  let fullToken: string | undefined;
  const full = async () => (fullToken ??= await tokenFor(ALL_SCOPES));

  /** Path of a URL the platform answered (absolute, under the public URL). */
  const pathOf = (url: string) => {
    expect(url.startsWith(testApp.ctx.config.publicUrl)).toBe(true);
    return url.slice(testApp.ctx.config.publicUrl.length);
  };
  const lineItemsPath = (objectiveId = course.objectiveId) =>
    pathOf(testApp.lti.urls.lineItems(objectiveId));
  const lineItemPath = (id: string, objectiveId = course.objectiveId) =>
    pathOf(testApp.lti.urls.lineItem(objectiveId, id));

  function call(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    token: string | null,
    body?: unknown,
    contentType = AgsMediaType.lineItem as string,
  ) {
    return testApp.app.inject({
      method,
      url,
      headers: {
        ...(token !== null ? { authorization: `Bearer ${token}` } : {}),
        ...(body !== undefined ? { 'content-type': contentType } : {}),
      },
      ...(body !== undefined
        ? { payload: typeof body === 'string' ? body : JSON.stringify(body) }
        : {}),
    });
  }

  const postScore = async (
    lineItemId: string,
    body: unknown,
    token?: string,
    objectiveId?: string,
  ) =>
    call(
      'POST',
      `${lineItemPath(lineItemId, objectiveId)}/scores`,
      token ?? (await full()),
      body,
      AgsMediaType.score,
    );

  const aScore = (overrides: Record<string, unknown> = {}) => ({
    userId: learner.sub,
    scoreGiven: 7,
    scoreMaximum: 10,
    activityProgress: 'Completed',
    gradingProgress: 'FullyGraded',
    timestamp: new Date(clock.now().getTime() - 1000).toISOString(),
    ...overrides,
  });

  describe('access', () => {
    it('answers 401 with a Bearer challenge without a token, or with an unknown or expired one', async () => {
      const none = await call('GET', lineItemsPath(), null);
      expect(none.statusCode).toBe(401);
      expect(none.headers['www-authenticate']).toMatch(/^Bearer/);

      const unknown = await call('GET', lineItemsPath(), 'not-a-token-we-issued');
      expect(unknown.statusCode).toBe(401);
      expect(unknown.headers['www-authenticate']).toMatch(/^Bearer .*error="invalid_token"/);

      const token = await tokenFor(ALL_SCOPES);
      expect((await call('GET', lineItemsPath(), token)).statusCode).toBe(200);
      clock.set('2026-03-15T13:00:01.000Z');
      try {
        const expired = await call('GET', lineItemsPath(), token);
        expect(expired.statusCode).toBe(401);
        expect(expired.headers['www-authenticate']).toMatch(/^Bearer/);
      } finally {
        clock.set(NOW);
      }
      const basic = await testApp.app.inject({
        method: 'GET',
        url: lineItemsPath(),
        headers: { authorization: `Basic ${Buffer.from('a:b').toString('base64')}` },
      });
      expect(basic.statusCode).toBe(401);
    });

    it('answers 401 for a token of a tool disabled since it was issued', async () => {
      const laterKeys = await aToolKeyPair('later');
      const later = await anLti13Tool(testApp.lti, tenantId, {
        publicJwk: laterKeys.publicJwk,
        allowedScopes: ALL_SCOPES,
      });
      const tree = await aCompositeWithLtiChild(testApp.ctx.db, testApp.lti, tenantId, later);
      await aLinkWithLineItem(
        later,
        tree.objectiveId,
        tree.parts.Quiz!.activityId,
        tree.parts.Quiz!.axis,
      );
      const token = await tokenFor(ALL_SCOPES, later, laterKeys);
      expect((await call('GET', lineItemsPath(tree.objectiveId), token)).statusCode).toBe(200);
      await testApp.ctx.db
        .updateTable('ltiTools')
        .set({ enabled: 0 })
        .where('id', '=', later.id)
        .execute();
      expect((await call('GET', lineItemsPath(tree.objectiveId), token)).statusCode).toBe(401);
    });

    it('answers 403 when the token lacks the scope', async () => {
      const scoreOnly = await tokenFor([AgsScope.score]);
      const list = await call('GET', lineItemsPath(), scoreOnly);
      expect(list.statusCode).toBe(403);
      expect(list.json()).toMatchObject({ code: 'insufficient_scope' });
      expect(list.headers['www-authenticate']).toMatch(/insufficient_scope/);
      expect(
        (await call('GET', `${lineItemPath(link.lineItemId)}/results`, scoreOnly)).statusCode,
      ).toBe(403);
      const readOnly = await tokenFor([AgsScope.lineItemReadOnly]);
      expect((await call('GET', lineItemsPath(), readOnly)).statusCode).toBe(200);
      expect((await call('GET', lineItemPath(link.lineItemId), readOnly)).statusCode).toBe(200);
      const create = await call('POST', lineItemsPath(), readOnly, { label: 'X', scoreMaximum: 1 });
      expect(create.statusCode).toBe(403);
      expect((await call('DELETE', lineItemPath(link.lineItemId), readOnly)).statusCode).toBe(403);
      expect((await postScore(link.lineItemId, aScore(), readOnly)).statusCode).toBe(403);
    });

    it("answers 404 for another tool's line item, whatever the method", async () => {
      const token = await full();
      const url = lineItemPath(foreignLineItemId);
      expect((await call('GET', url, token)).statusCode).toBe(404);
      expect((await call('PUT', url, token, { label: 'Mine', scoreMaximum: 5 })).statusCode).toBe(
        404,
      );
      expect((await call('DELETE', url, token)).statusCode).toBe(404);
      expect((await postScore(foreignLineItemId, aScore())).statusCode).toBe(404);
      expect((await call('GET', `${url}/results`, token)).statusCode).toBe(404);
      // The other tool sees it, and not ours.
      const theirs = await tokenFor(ALL_SCOPES, otherTool, otherKeys);
      expect((await call('GET', url, theirs)).statusCode).toBe(200);
      expect((await call('GET', lineItemPath(link.lineItemId), theirs)).statusCode).toBe(404);
    });

    it('answers 404 for another context: a line item under the wrong course, or a course without the tool', async () => {
      const token = await full();
      const misplaced = await call('GET', lineItemPath(otherCourse.lineItemId), token);
      expect(misplaced.statusCode).toBe(404);
      expect(
        (await postScore(otherCourse.lineItemId, aScore(), token, course.objectiveId)).statusCode,
      ).toBe(404);
      const unrelated = await aCompositeWithLtiChild(
        testApp.ctx.db,
        testApp.lti,
        tenantId,
        otherTool,
      );
      const response = await call('GET', lineItemsPath(unrelated.objectiveId), token);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ code: 'context_not_found' });
      expect((await call('GET', lineItemsPath('no-such-course'), token)).statusCode).toBe(404);
    });
  });

  describe('line items', () => {
    it("lists the context's line items of the tool as a line item container", async () => {
      const response = await call('GET', lineItemsPath(), await full());
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain(AgsMediaType.lineItemContainer);
      const items = response.json();
      expect(items).toContainEqual({
        id: testApp.lti.urls.lineItem(course.objectiveId, link.lineItemId),
        label: 'Quiz',
        scoreMaximum: 10,
        resourceLinkId: link.resourceLinkId,
      });
      expect(items.map((i: { id: string }) => i.id)).not.toContain(
        testApp.lti.urls.lineItem(course.objectiveId, foreignLineItemId),
      );
      const byLink = await call(
        'GET',
        `${lineItemsPath()}?resource_link_id=${link.resourceLinkId}`,
        await full(),
      );
      expect(byLink.json()).toHaveLength(1);
      const byUnknownLink = await call(
        'GET',
        `${lineItemsPath()}?resource_link_id=nope`,
        await full(),
      );
      expect(byUnknownLink.json()).toEqual([]);
    });

    it('creates, reads, updates and deletes a line item of its own', async () => {
      const token = await full();
      const created = await call('POST', lineItemsPath(), token, {
        label: 'Essay',
        scoreMaximum: 50,
        resourceId: 'essay-1',
        tag: 'essays',
        startDateTime: '2026-03-16T00:00:00Z',
        endDateTime: '2026-03-20T00:00:00Z',
        unknownExtension: true,
      });
      expect(created.statusCode).toBe(201);
      expect(created.headers['content-type']).toContain(AgsMediaType.lineItem);
      const item = created.json();
      expect(item).toEqual({
        id: expect.stringContaining(testApp.lti.urls.lineItems(course.objectiveId) + '/'),
        label: 'Essay',
        scoreMaximum: 50,
        resourceId: 'essay-1',
        tag: 'essays',
        startDateTime: '2026-03-16T00:00:00Z',
        endDateTime: '2026-03-20T00:00:00Z',
      });
      const url = pathOf(item.id);
      expect((await call('GET', url, token)).json()).toEqual(item);
      const byTag = await call('GET', `${lineItemsPath()}?tag=essays&resource_id=essay-1`, token);
      expect(byTag.json()).toEqual([item]);

      const updated = await call('PUT', url, token, {
        label: 'Long essay',
        scoreMaximum: 60,
        resourceLinkId: link.resourceLinkId,
      });
      expect(updated.statusCode).toBe(200);
      expect(updated.json()).toEqual({
        id: item.id,
        label: 'Long essay',
        scoreMaximum: 60,
        resourceLinkId: link.resourceLinkId,
      });
      // Bound to a link now: it keeps that link, and is no longer the tool's to delete.
      const moved = await call('PUT', url, token, {
        label: 'Long essay',
        scoreMaximum: 60,
        resourceLinkId: newId(),
      });
      expect(moved.statusCode).toBe(400);
      expect(moved.json().errors).toHaveProperty('resourceLinkId');
      expect((await call('DELETE', url, token)).statusCode).toBe(403);

      const own = (
        await call('POST', lineItemsPath(), token, { label: 'Bonus', scoreMaximum: 5 })
      ).json();
      expect((await call('DELETE', pathOf(own.id), token)).statusCode).toBe(204);
      expect((await call('GET', pathOf(own.id), token)).statusCode).toBe(404);
    });

    it("refuses the platform's line item deletion and a link that is not the tool's in this context", async () => {
      const token = await full();
      const deletion = await call('DELETE', lineItemPath(link.lineItemId), token);
      expect(deletion.statusCode).toBe(403);
      expect((await call('GET', lineItemPath(link.lineItemId), token)).statusCode).toBe(200);
      const relinked = await call('PUT', lineItemPath(link.lineItemId), token, {
        label: 'Quiz',
        scoreMaximum: 10,
        resourceLinkId: newId(),
      });
      expect(relinked.statusCode).toBe(400);

      const otherToolsLink = await testApp.ctx.db
        .selectFrom('ltiLineItems')
        .select('resourceLinkId')
        .where('id', '=', foreignLineItemId)
        .executeTakeFirstOrThrow();
      const create = await call('POST', lineItemsPath(), token, {
        label: 'Stolen',
        scoreMaximum: 1,
        resourceLinkId: otherToolsLink.resourceLinkId,
      });
      expect(create.statusCode).toBe(400);
      expect(create.json().errors).toHaveProperty('resourceLinkId');
    });

    it('refuses bodies with wrong types, malformed JSON, the wrong media type or over 64 KiB', async () => {
      const token = await full();
      const wrong = await call('POST', lineItemsPath(), token, { label: 3, scoreMaximum: -1 });
      expect(wrong.statusCode).toBe(400);
      expect(Object.keys(wrong.json().errors).sort()).toEqual(['label', 'scoreMaximum']);
      const malformed = await call('POST', lineItemsPath(), token, '{"label": "x",');
      expect(malformed.statusCode).toBe(400);
      const plainJson = await call(
        'POST',
        lineItemsPath(),
        token,
        { label: 'Plain', scoreMaximum: 1 },
        'application/json',
      );
      expect(plainJson.statusCode).toBe(201);
      const asScore = await call(
        'POST',
        lineItemsPath(),
        token,
        { label: 'x', scoreMaximum: 1 },
        AgsMediaType.score,
      );
      expect(asScore.statusCode).toBe(415);
      const huge = await call('POST', lineItemsPath(), token, {
        label: 'Huge',
        scoreMaximum: 1,
        padding: 'x'.repeat(70 * 1024),
      });
      expect(huge.statusCode).toBe(413);
    });

    it('pages in the database with limit and a Link to the next page', async () => {
      const token = await full();
      const tag = `paged-${randomUUID()}`;
      const created: string[] = [];
      for (let index = 0; index < 5; index += 1) {
        // Two share a creation time: the id breaks the tie.
        if (index !== 2) clock.advance(1000);
        const response = await call('POST', lineItemsPath(), token, {
          label: `Part ${index}`,
          scoreMaximum: 1,
          tag,
        });
        created.push(response.json().id);
      }
      clock.set(NOW);
      const seen: string[] = [];
      let next: string | null = `${lineItemsPath()}?tag=${tag}&limit=2`;
      let pages = 0;
      while (next !== null) {
        const response = await call('GET', next, token);
        expect(response.statusCode).toBe(200);
        const items = response.json() as Array<{ id: string; tag: string }>;
        expect(items.length).toBeLessThanOrEqual(2);
        expect(items.every((item) => item.tag === tag)).toBe(true);
        seen.push(...items.map((item) => item.id));
        pages += 1;
        const header = response.headers.link as string | undefined;
        const match = header ? /^<([^>]+)>; rel="next"$/.exec(header) : null;
        if (header) expect(match).not.toBeNull();
        next = match ? pathOf(match[1]!) : null;
      }
      expect(pages).toBe(3);
      expect(seen.sort()).toEqual([...created].sort());
      expect(new Set(seen).size).toBe(5);

      expect((await call('GET', `${lineItemsPath()}?limit=0`, token)).statusCode).toBe(400);
      expect((await call('GET', `${lineItemsPath()}?limit=101`, token)).statusCode).toBe(400);
      expect((await call('GET', `${lineItemsPath()}?page=garbage`, token)).statusCode).toBe(400);
    });
  });

  describe('scores', () => {
    const recordOfLearner = () =>
      testApp.ctx.db
        .selectFrom('activityRecords')
        .select(['score', 'normalizedScore', 'progress', 'finished'])
        .where('activityWorkflowId', '=', learner.activityWorkflowId)
        .executeTakeFirst();

    it('takes a score for an enrolled learner (204); a Pending one sets no score; a stale one is 409', async () => {
      const pending = await postScore(
        link.lineItemId,
        aScore({
          scoreGiven: 4,
          gradingProgress: 'Pending',
          activityProgress: 'Submitted',
          timestamp: '2026-03-15T11:00:00.000Z',
        }),
      );
      expect(pending.statusCode).toBe(204);
      expect(pending.body).toBe('');
      expect(await recordOfLearner()).toMatchObject({ score: null, progress: 1, finished: null });

      const graded = await postScore(
        link.lineItemId,
        aScore({ comment: 'Good', timestamp: '2026-03-15T11:00:00.500+00:00' }),
      );
      expect(graded.statusCode).toBe(204);
      expect(await recordOfLearner()).toMatchObject({
        score: 7,
        normalizedScore: 0.7,
        progress: 1,
        finished: NOW,
      });

      for (const timestamp of ['2026-03-15T11:00:00.500Z', '2026-03-15T10:00:00.000Z']) {
        const stale = await postScore(link.lineItemId, aScore({ scoreGiven: 1, timestamp }));
        expect(stale.statusCode).toBe(409);
        expect(stale.json()).toMatchObject({ code: 'stale_score' });
      }
      expect(await recordOfLearner()).toMatchObject({ score: 7 });

      const asJson = await call(
        'POST',
        `${lineItemPath(link.lineItemId)}/scores`,
        await full(),
        aScore({ scoreGiven: 9, timestamp: '2026-03-15T11:30:00.000Z' }),
        'application/json',
      );
      expect(asJson.statusCode).toBe(204);
      expect(await recordOfLearner()).toMatchObject({ score: 9 });
    });

    it('refuses scoreGiven without scoreMaximum and wrong types with per-field errors', async () => {
      const missing = await postScore(link.lineItemId, aScore({ scoreMaximum: undefined }));
      expect(missing.statusCode).toBe(400);
      expect(missing.json().errors).toHaveProperty('scoreMaximum');
      const wrong = await postScore(
        link.lineItemId,
        aScore({ scoreGiven: 'ten', activityProgress: 'Done', timestamp: 'yesterday' }),
      );
      expect(wrong.statusCode).toBe(400);
      expect(Object.keys(wrong.json().errors).sort()).toEqual([
        'activityProgress',
        'scoreGiven',
        'timestamp',
      ]);
      expect((await postScore(link.lineItemId, '{"userId":')).statusCode).toBe(400);
      const huge = await postScore(link.lineItemId, aScore({ comment: 'x'.repeat(70 * 1024) }));
      expect(huge.statusCode).toBe(413);
    });

    it('answers 422 for an unknown user and for a user not enrolled in the context', async () => {
      const unknown = await postScore(link.lineItemId, aScore({ userId: 'nobody-we-know' }));
      expect(unknown.statusCode).toBe(422);
      expect(unknown.json()).toMatchObject({ code: 'unknown_user' });

      const stranger = await aUser(testApp.ctx.db, tenantId);
      const sub = await subjectFor(testApp.ctx.db, tool.id, stranger);
      const notEnrolled = await postScore(link.lineItemId, aScore({ userId: sub }));
      expect(notEnrolled.statusCode).toBe(422);
      expect(notEnrolled.json()).toMatchObject({ code: 'user_not_enrolled' });
      const stored = await testApp.ctx.db
        .selectFrom('ltiResults')
        .select('id')
        .where('userId', '=', stranger)
        .execute();
      expect(stored).toEqual([]);
      // A subject of another tool is unknown to this one.
      const otherSub = await subjectFor(testApp.ctx.db, otherTool.id, learner.userId);
      expect((await postScore(link.lineItemId, aScore({ userId: otherSub }))).statusCode).toBe(422);
    });
  });

  describe('results', () => {
    it('lists results as a result container, filtered by user and paged', async () => {
      const lineItem = (
        await call('POST', lineItemsPath(), await full(), { label: 'Graded', scoreMaximum: 20 })
      ).json();
      const url = pathOf(lineItem.id);
      const token = await full();
      const second = await aStartedLearner(course.objectiveId, course.quizAxis);
      const post = (body: unknown) =>
        call('POST', `${url}/scores`, token, body, AgsMediaType.score);
      expect(
        (await post(aScore({ scoreGiven: 15, scoreMaximum: 20, comment: 'Nice' }))).statusCode,
      ).toBe(204);
      expect(
        (
          await post(
            aScore({ userId: second.sub, scoreGiven: 3, gradingProgress: 'PendingManual' }),
          )
        ).statusCode,
      ).toBe(204);

      const readOnly = await tokenFor([AgsScope.resultReadOnly]);
      const all = await call('GET', `${url}/results`, readOnly);
      expect(all.statusCode).toBe(200);
      expect(all.headers['content-type']).toContain(AgsMediaType.resultContainer);
      const results = all.json() as Array<Record<string, unknown>>;
      expect(results).toHaveLength(2);
      expect(results).toContainEqual({
        id: expect.stringContaining(`${lineItem.id}/results/`),
        scoreOf: lineItem.id,
        userId: learner.sub,
        resultScore: 15,
        resultMaximum: 20,
        comment: 'Nice',
      });
      // A score not fully graded is no result score yet.
      expect(results.find((r) => r.userId === second.sub)).toEqual({
        id: expect.any(String),
        scoreOf: lineItem.id,
        userId: second.sub,
      });

      const mine = await call(
        'GET',
        `${url}/results?user_id=${encodeURIComponent(learner.sub)}`,
        readOnly,
      );
      expect((mine.json() as unknown[]).map((r) => (r as { userId: string }).userId)).toEqual([
        learner.sub,
      ]);
      const nobody = await call('GET', `${url}/results?user_id=nobody`, readOnly);
      expect(nobody.json()).toEqual([]);

      const first = await call('GET', `${url}/results?limit=1`, readOnly);
      expect(first.json()).toHaveLength(1);
      const next = /^<([^>]+)>; rel="next"$/.exec(first.headers.link as string);
      expect(next).not.toBeNull();
      const rest = await call('GET', pathOf(next![1]!), readOnly);
      expect(rest.json()).toHaveLength(1);
      expect(rest.headers.link).toBeUndefined();
      expect(rest.json()[0].userId).not.toBe(first.json()[0].userId);
    });
  });
});
