// Knowledge questions by e-mail through real HTTP on every dialect: opt-in for enrolled learners only, the
// scheduler's mails in the outbox (opted-in, enrolled learners only; links and List-Unsubscribe headers), signed
// answer links (tampered, expired and other users' refused), an answer recorded once (replays and concurrent
// submits), Leitner intervals on an injected clock, the one-click unsubscribe, and "module not found".
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../lib/clock.ts';
import { clientHeaders, createTestApp, json, type TestApp } from '../../test/test-app.ts';
import { testDialects } from '../../test/test-databases.ts';
import { signInAs } from '../../test/sign-in.ts';
import { aCourseTree, aTenant, aUser, anEnrolment } from '../../test/course-builders.ts';
import { newId } from '../../lib/ids.ts';
import { createKnowledgeLinkTokens } from './knowledge-question-tokens.ts';
import { dueAfterAnswer, nextBox, normaliseAnswer } from './spaced-repetition.ts';

const START = '2030-03-01T09:00:00.000Z';
const DAY = 24 * 60 * 60_000;
const SECRET = 'test-secret-test-secret-test-secret';

describe('knowledge link tokens', () => {
  const tokens = createKnowledgeLinkTokens(SECRET);
  const now = new Date(START);
  const payload = {
    kind: 'answer' as const,
    deliveryId: 'd1',
    activityId: 'a1',
    activityPathId: 'p1/p2',
    answerId: 'c1',
    exp: now.getTime() + DAY,
  };

  it('verifies its own token and refuses tampered, foreign and expired ones', () => {
    const token = tokens.sign(payload);
    expect(tokens.verify(token, now)).toEqual({ ok: true, payload });
    const [body, signature] = token.split('.') as [string, string];
    const forged = Buffer.from(JSON.stringify({ ...payload, answerId: 'c2' })).toString(
      'base64url',
    );
    expect(tokens.verify(`${forged}.${signature}`, now)).toEqual({ ok: false, reason: 'invalid' });
    expect(tokens.verify(`${body}.${signature.slice(0, -2)}xx`, now).ok).toBe(false);
    expect(tokens.verify(`${body}`, now).ok).toBe(false);
    expect(createKnowledgeLinkTokens('another-secret').verify(token, now).ok).toBe(false);
    expect(tokens.verify(token, new Date(now.getTime() + DAY))).toEqual({
      ok: false,
      reason: 'expired',
    });
  });

  it('moves questions through Leitner boxes: doubling after correct, back to a day after wrong', () => {
    const at = new Date(START);
    expect(nextBox(1, true)).toBe(2);
    expect(dueAfterAnswer(1, true, at).getTime() - at.getTime()).toBe(2 * DAY);
    expect(dueAfterAnswer(2, true, at).getTime() - at.getTime()).toBe(4 * DAY);
    expect(dueAfterAnswer(4, false, at).getTime() - at.getTime()).toBe(DAY);
    expect(nextBox(6, true)).toBe(6);
    expect(normaliseAnswer('  Median\u00a0 Value ')).toBe('median value');
  });
});

describe.each(await testDialects())('knowledge questions on %s', (dialect) => {
  const clock = fixedClock(START);
  let testApp: TestApp;
  let cookie: string;
  let otherCookie: string;
  let strangerCookie: string;
  let userId: string;
  let courseId: string;
  let parts: Record<string, { partId: string; activityId: string; axis: string }>;
  let choiceQuestionId: string;

  beforeAll(async () => {
    testApp = await createTestApp(dialect, { clock });
    const { db } = testApp.ctx;
    const tenantId = await aTenant(db);
    userId = await aUser(db, tenantId);
    const otherId = await aUser(db, tenantId);
    const strangerId = await aUser(db, tenantId);
    const tree = await aCourseTree(db, tenantId, 'Statistics', [
      { name: 'Averages', children: [{ name: 'Mean and median' }] },
      { name: 'Spread' },
    ]);
    parts = tree.parts;
    courseId = tree.objectiveId;
    for (const id of [userId, otherId])
      await anEnrolment(db, { tenantId, userId: id, objectiveId: courseId }).inProgress().create();
    // The stranger is only offered the course in the catalog: not enrolled, so no questions.
    await anEnrolment(db, { tenantId, userId: strangerId, objectiveId: courseId })
      .inCatalog()
      .create();
    choiceQuestionId = newId();
    await db
      .insertInto('knowledgeQuestions')
      .values([
        {
          id: choiceQuestionId,
          tenantId,
          objectiveId: courseId,
          activityId: parts['Averages']!.activityId,
          activityPathId: parts['Averages']!.axis,
          kind: 'choice',
          prompt: 'Which average resists outliers?',
          choices: JSON.stringify([
            { id: 'mean', text: 'The mean' },
            { id: 'median', text: 'The median' },
          ]),
          correct: JSON.stringify(['median']),
          explanation: 'The median depends on the order of values only.',
          locale: 'en-US',
          ord: 1,
          created: START,
        },
        {
          id: newId(),
          tenantId,
          objectiveId: courseId,
          activityId: parts['Spread']!.activityId,
          activityPathId: parts['Spread']!.axis,
          kind: 'text',
          prompt: 'Name the square root of the variance.',
          choices: '[]',
          correct: JSON.stringify(['standard deviation', 'SD']),
          explanation: null,
          locale: 'en-US',
          ord: 2,
          created: START,
        },
      ])
      .execute();
    cookie = await signInAs(testApp, userId);
    otherCookie = await signInAs(testApp, otherId);
    strangerCookie = await signInAs(testApp, strangerId);
  });
  afterAll(async () => {
    await testApp?.close();
  });

  const request = (
    method: 'GET' | 'PUT' | 'DELETE' | 'POST',
    url: string,
    who = cookie,
    payload?: unknown,
  ) => {
    // No content type without a body (as the web client sends PUT and DELETE).
    const { 'content-type': _json, ...bare } = clientHeaders(who);
    return testApp.app.inject({
      method,
      url,
      headers: payload === undefined ? bare : clientHeaders(who),
      payload: payload as never,
    });
  };
  const subscription = (who = cookie, method: 'GET' | 'PUT' | 'DELETE' = 'PUT', id = courseId) =>
    request(method, `/api/lms/v1/users/me/knowledge-question-subscriptions/${id}`, who);
  /** Moves the clock (sessions expire, so the learner signs in again). */
  const moveTo = async (sinceStart: number) => {
    clock.set(new Date(Date.parse(START) + sinceStart));
    cookie = await signInAs(testApp, userId);
  };
  const mailsTo = async (email: string) =>
    testApp.ctx.db
      .selectFrom('mailOutbox')
      .selectAll()
      .where('toAddress', '=', email)
      .where('template', '=', 'knowledgeQuestion')
      .orderBy('created')
      .execute();
  const emailOf = async (id: string) =>
    (
      await testApp.ctx.db
        .selectFrom('users')
        .select('email')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).email;
  /** The answer links of a mail's text body, by their choice id (or "text"). */
  const linksOf = (text: string) => {
    const links: Record<string, URL> = {};
    for (const match of text.matchAll(
      /http:\/\/localhost:3000\/learn\/email-response-callback\?\S+/g,
    )) {
      const url = new URL(match[0]);
      if (url.searchParams.has('unsubscribe')) links.unsubscribe = url;
      else links[url.searchParams.get('answerId') ?? 'text'] = url;
    }
    return links;
  };
  const answer = (url: URL, who = cookie, extra: Record<string, string> = {}) =>
    request('POST', '/api/lms/v1/knowledge-question-answers', who, {
      token: url.searchParams.get('token'),
      activityId: url.searchParams.get('activityId'),
      activityPathId: url.searchParams.get('activityPathId'),
      ...(url.searchParams.get('answerId') ? { answerId: url.searchParams.get('answerId') } : {}),
      ...extra,
    });

  it('lets only enrolled learners opt in, and checks CSRF', async () => {
    expect((await subscription(strangerCookie)).statusCode).toBe(404);
    expect((await subscription(cookie, 'PUT', newId())).statusCode).toBe(404);
    const noMarker = await testApp.app.inject({
      method: 'PUT',
      url: `/api/lms/v1/users/me/knowledge-question-subscriptions/${courseId}`,
      headers: { cookie },
    });
    expect(noMarker.statusCode).toBe(403);
    expect(json(await subscription(cookie, 'GET'))).toEqual({
      objectiveId: courseId,
      optedIn: false,
      hasQuestions: true,
    });
    expect(json(await subscription())).toEqual({
      objectiveId: courseId,
      optedIn: true,
      hasQuestions: true,
    });
    expect(json(await subscription(cookie, 'GET'))).toEqual({
      objectiveId: courseId,
      optedIn: true,
      hasQuestions: true,
    });
  });

  it('mails the first question to opted-in enrolled learners only, with one link per choice', async () => {
    // Two schedulers at once (two instances): the learner's question is mailed once.
    const runs = await Promise.all([
      testApp.knowledgeQuestions.sendDue(),
      testApp.knowledgeQuestions.sendDue(),
    ]);
    expect(runs[0] + runs[1]).toBe(1);
    expect(await mailsTo(await emailOf(userId))).toHaveLength(1);
    const [mail] = await mailsTo(await emailOf(userId));
    expect(mail!.subject).toContain('Averages');
    expect(mail!.htmlBody).toContain('<bdi>The median</bdi>');
    const links = linksOf(mail!.textBody);
    expect(Object.keys(links).sort()).toEqual(['mean', 'median', 'unsubscribe']);
    const headers = JSON.parse(mail!.headers!) as Record<string, string>;
    expect(headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(headers['List-Unsubscribe']).toMatch(
      /^<http:\/\/localhost:3000\/api\/lms\/v1\/knowledge-question-unsubscriptions\?token=/,
    );
    // At most one question a day: a second run at once mails nothing.
    expect(await testApp.knowledgeQuestions.sendDue()).toBe(0);
  });

  it('refuses tampered links, mismatching query parameters and other users', async () => {
    const [mail] = await mailsTo(await emailOf(userId));
    const { mean } = linksOf(mail!.textBody);
    const tampered = new URL(mean!);
    const [body, signature] = tampered.searchParams.get('token')!.split('.') as [string, string];
    const payload = JSON.parse(Buffer.from(body, 'base64url').toString()) as object;
    tampered.searchParams.set(
      'token',
      `${Buffer.from(JSON.stringify({ ...payload, answerId: 'median' })).toString('base64url')}.${signature}`,
    );
    tampered.searchParams.set('answerId', 'median');
    const refused = await answer(tampered);
    expect(refused.statusCode).toBe(400);
    expect(json(refused)).toMatchObject({ code: 'knowledge_link_invalid' });
    const mismatched = await answer(mean!, cookie, { answerId: 'median' });
    expect(json(mismatched)).toMatchObject({ code: 'knowledge_link_invalid' });
    const other = await answer(mean!, otherCookie);
    expect(other.statusCode).toBe(403);
    expect(json(other)).toMatchObject({ code: 'knowledge_link_other_user' });
    const anonymous = await answer(mean!, '');
    expect(anonymous.statusCode).toBe(401);
    const row = await testApp.ctx.db
      .selectFrom('knowledgeQuestionDeliveries')
      .select('answeredAt')
      .executeTakeFirstOrThrow();
    expect(row.answeredAt).toBeNull();
  });

  it('records a wrong answer once, even for concurrent submits, and replays it', async () => {
    const [mail] = await mailsTo(await emailOf(userId));
    const { mean, median } = linksOf(mail!.textBody);
    const results = await Promise.all([answer(mean!), answer(mean!)]);
    const bodies = results.map((r) => json<{ status: string; correct: boolean }>(r));
    expect(bodies.map((b) => b.status).sort()).toEqual(['recorded', 'replayed']);
    expect(bodies.every((b) => b.correct === false)).toBe(true);
    expect(bodies[0]).toMatchObject({
      answer: 'The mean',
      correctAnswer: 'The median',
      explanation: 'The median depends on the order of values only.',
      moduleExists: true,
      activityPathId: parts['Averages']!.axis,
    });
    // Another choice of the same mail shows the recorded result, never a second answer.
    const replay = json(await answer(median!));
    expect(replay).toMatchObject({ status: 'replayed', answer: 'The mean', correct: false });
    const rows = await testApp.ctx.db
      .selectFrom('knowledgeQuestionDeliveries')
      .selectAll()
      .where('userId', '=', userId)
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.dueNext).toBe(new Date(Date.parse(START) + DAY).toISOString());
  });

  it('asks the text question next, then the wrong one again after a day, doubling after correct', async () => {
    await moveTo(DAY);
    expect(await testApp.knowledgeQuestions.sendDue()).toBe(1);
    const mails = await mailsTo(await emailOf(userId));
    // Both are due; the wrong answer's question was due first.
    expect(mails[1]!.subject).toContain('Averages');
    const { median } = linksOf(mails[1]!.textBody);
    expect(json(await answer(median!))).toMatchObject({ status: 'recorded', correct: true });

    await moveTo(2 * DAY);
    expect(await testApp.knowledgeQuestions.sendDue()).toBe(1);
    const text = (await mailsTo(await emailOf(userId)))[2]!;
    expect(text.subject).toContain('Spread');
    const link = linksOf(text.textBody).text!;
    expect(json(await answer(link))).toMatchObject({
      status: 'awaitingAnswer',
      kind: 'text',
      prompt: 'Name the square root of the variance.',
    });
    expect(
      json(await answer(link, cookie, { answerText: '  Standard   Deviation ' })),
    ).toMatchObject({
      status: 'recorded',
      correct: true,
      correctAnswer: 'standard deviation',
    });
    // The choice question, correct in box 1, is due 2 days after its answer (day 3), not on day 2.
    await moveTo(3 * DAY - 60_000);
    expect(await testApp.knowledgeQuestions.sendDue()).toBe(0);
    await moveTo(3 * DAY + 60_000);
    expect(await testApp.knowledgeQuestions.sendDue()).toBe(1);
    expect((await mailsTo(await emailOf(userId)))[3]!.subject).toContain('Averages');
  });

  it('refuses expired links without recording', async () => {
    const mails = await mailsTo(await emailOf(userId));
    const { median } = linksOf(mails[3]!.textBody);
    await moveTo(3 * DAY + 15 * DAY);
    const expired = await answer(median!);
    expect(expired.statusCode).toBe(400);
    expect(json(expired)).toMatchObject({ code: 'knowledge_link_expired' });
    const open = await testApp.ctx.db
      .selectFrom('knowledgeQuestionDeliveries')
      .select('id')
      .where('userId', '=', userId)
      .where('answeredAt', 'is', null)
      .execute();
    expect(open).toHaveLength(1);
  });

  it('says when the module no longer exists', async () => {
    await moveTo(20 * DAY);
    expect(await testApp.knowledgeQuestions.sendDue()).toBe(1);
    const mail = (await mailsTo(await emailOf(userId)))[4]!;
    // The text question (due on day 4) comes before the unanswered one (mailed again after 2 days).
    expect(mail.subject).toContain('Spread');
    const spread = parts['Spread']!;
    const { parentActivityId } = await testApp.ctx.db
      .selectFrom('activityParts')
      .select('parentActivityId')
      .where('id', '=', spread.partId)
      .executeTakeFirstOrThrow();
    // The module moves into another one: its axis no longer leads to it.
    await testApp.ctx.db
      .updateTable('activityParts')
      .set({ parentActivityId: parts['Averages']!.activityId })
      .where('id', '=', spread.partId)
      .execute();
    expect(
      json(await answer(linksOf(mail.textBody).text!, cookie, { answerText: 'SD' })),
    ).toMatchObject({ status: 'recorded', correct: true, moduleExists: false });
    await testApp.ctx.db
      .updateTable('activityParts')
      .set({ parentActivityId })
      .where('id', '=', spread.partId)
      .execute();
  });

  it('unsubscribes in one click (RFC 8058 form post, no session) and mails nothing more', async () => {
    const [mail] = await mailsTo(await emailOf(userId));
    const oneClick = (JSON.parse(mail!.headers!) as Record<string, string>)[
      'List-Unsubscribe'
    ]!.slice(1, -1);
    const url = new URL(oneClick);
    const bad = await testApp.app.inject({
      method: 'POST',
      url: `${url.pathname}?token=${url.searchParams.get('token')!.slice(0, -3)}abc`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(bad.statusCode).toBe(400);
    const done = await testApp.app.inject({
      method: 'POST',
      url: `${url.pathname}${url.search}`,
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'sec-fetch-site': 'cross-site',
      },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(done.statusCode).toBe(200);
    expect(json(done)).toEqual({ objectiveId: courseId });
    expect(json(await subscription(cookie, 'GET'))).toEqual({
      objectiveId: courseId,
      optedIn: false,
      hasQuestions: true,
    });
    await moveTo(60 * DAY);
    expect(await testApp.knowledgeQuestions.sendDue()).toBe(0);
  });
});
