// The tutor assistant through real HTTP on every dialect: the knowledge model of an enrolled course, retrieval
// ranking, locked activities never answered, history per learner and model, the daily limit and bad input.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../lib/clock.ts';
import { clientHeaders, createTestApp, type TestApp } from '../../test/test-app.ts';
import { testDialects } from '../../test/test-databases.ts';
import { signInAs } from '../../test/sign-in.ts';
import { aCourseTree, aTenant, aUser, anEnrolment } from '../../test/course-builders.ts';
import { htmlPassages, questionTerms } from './passages.ts';

const clock = fixedClock('2030-03-01T09:00:00.000Z');
const DAILY = 6;

describe('tutor passages', () => {
  it('cuts HTML into plain-text passages at headings, decoding entities and dropping scripts', () => {
    expect(
      htmlPassages(
        '<p>Charts &amp; tables</p><script>alert(1)</script><ul><li>One</li><li>Two</li></ul>' +
          '<h2>Bias</h2><p>Survivorship&nbsp;bias &#8211; hidden</p>',
      ),
    ).toEqual(['Charts & tables One Two', 'Bias Survivorship bias – hidden']);
    const long = htmlPassages(`<p>${'word '.repeat(400)}</p>`, 100);
    expect(long.every((passage) => passage.length <= 100)).toBe(true);
    expect(long.join(' ').split(' ')).toHaveLength(400);
  });

  it('keeps only letters and digits of a question as terms', () => {
    expect(questionTerms('What is a "histogram"? OR NEAR(x) * 2')).toEqual([
      'what',
      'is',
      'histogram',
      'or',
      'near',
      '2',
    ]);
  });
});

describe.each(await testDialects())('tutor on %s', (dialect) => {
  let testApp: TestApp;
  let cookie: string;
  let otherCookie: string;
  let aggregateId: string;
  let otherAggregateId: string;
  let parts: Record<string, { partId: string; activityId: string; axis: string }>;
  let courseId: string;

  beforeAll(async () => {
    testApp = await createTestApp(dialect, {
      clock,
      config: { tutorDailyQuestions: DAILY },
    });
    const { db } = testApp.ctx;
    const tenantId = await aTenant(db);
    const userId = await aUser(db, tenantId);
    const otherId = await aUser(db, tenantId);
    const tree = await aCourseTree(db, tenantId, 'Data literacy', [
      {
        name: 'Module 1',
        children: [{ name: 'Reading charts' }, { name: 'Tables' }],
      },
      // Gate 2: locked until Module 1 is completed.
      { name: 'Module 2', gate: 2, children: [{ name: 'Histogram secrets' }] },
      { name: 'Later', constraint: { startFrom: '2030-04-01T00:00:00.000Z' } },
      // Open to the learner, but proctored: an exam's content never reaches the tutor.
      { name: 'Final exam' },
    ]);
    parts = tree.parts;
    courseId = tree.objectiveId;
    const content: Record<string, string> = {
      'Reading charts':
        '<p>A histogram shows how often each value occurs.</p><h2>Axes</h2><p>Always read the axis labels first.</p>',
      Tables: '<p>Tables list exact values in rows and columns.</p>',
      'Histogram secrets': '<p>Histogram bins hide the histogram shape when too wide.</p>',
      Later: '<p>Histogram questions for the exam.</p>',
      'Final exam': '<p>Exam answer: a histogram shows the histogram of histogram values.</p>',
    };
    for (const [name, html] of Object.entries(content))
      await db
        .updateTable('activities')
        .set({ content: html })
        .where('id', '=', parts[name]!.activityId)
        .execute();
    await db
      .updateTable('activities')
      .set({ proctored: 1 })
      .where('id', '=', parts['Final exam']!.activityId)
      .execute();
    await db
      .updateTable('objectives')
      .set({ about: '<p>This course teaches reading charts with confidence.</p>' })
      .where('id', '=', courseId)
      .execute();
    ({ aggregateId } = await anEnrolment(db, { tenantId, userId, objectiveId: courseId })
      .inProgress()
      .create());
    const otherCourse = await aCourseTree(db, tenantId, 'Other', [{ name: 'Elsewhere' }]);
    ({ aggregateId: otherAggregateId } = await anEnrolment(db, {
      tenantId,
      userId: otherId,
      objectiveId: otherCourse.objectiveId,
    }).create());
    cookie = await signInAs(testApp, userId);
    otherCookie = await signInAs(testApp, otherId);
  });
  afterAll(async () => {
    await testApp?.close();
  });

  const request = (
    method: 'GET' | 'POST' | 'DELETE',
    url: string,
    payload?: unknown,
    who: string = cookie,
  ) =>
    testApp.app.inject({
      method,
      url,
      headers: clientHeaders(who),
      ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
    });

  async function modelId(): Promise<string> {
    const response = await request(
      'GET',
      `/api/lms/v1/users/me/objective-workflow-aggregates/${aggregateId}/knowledge-model`,
    );
    expect(response.statusCode).toBe(200);
    return response.json().knowledgeModelId as string;
  }

  it("builds the course's knowledge model from its text activities and About", async () => {
    const id = await modelId();
    expect(await modelId()).toBe(id);
    const rows = await testApp.ctx.db
      .selectFrom('tutorPassages')
      .select(['title', 'text', 'axis'])
      .where('knowledgeModelId', '=', id)
      .orderBy('ord')
      .execute();
    expect(rows.map((row) => [row.title, row.text])).toEqual([
      ['Data literacy', 'This course teaches reading charts with confidence.'],
      ['Reading charts', 'A histogram shows how often each value occurs.'],
      ['Reading charts', 'Axes Always read the axis labels first.'],
      ['Tables', 'Tables list exact values in rows and columns.'],
      ['Histogram secrets', 'Histogram bins hide the histogram shape when too wide.'],
      ['Later', 'Histogram questions for the exam.'],
      ['Final exam', 'Exam answer: a histogram shows the histogram of histogram values.'],
    ]);
    expect(rows[1]!.axis).toBe(parts['Reading charts']!.axis);
  });

  it('answers with the passage holding the words, never from locked activities', async () => {
    const knowledgeModelId = await modelId();
    const response = await request('POST', '/api/lms/v1/tutor/questions', {
      knowledgeModelId,
      question: 'What does a histogram show?',
    });
    expect(response.statusCode).toBe(200);
    const answer = response.json();
    expect(answer.question).toBe('What does a histogram show?');
    expect(answer.passages[0]).toMatchObject({
      objectiveId: courseId,
      axis: parts['Reading charts']!.axis,
      title: 'Reading charts',
      text: 'A histogram shows how often each value occurs.',
    });
    // "Histogram secrets" (gate) and "Later" (starts in April) mention histograms more, yet are locked.
    const titles = answer.passages.map((p: { title: string }) => p.title);
    expect(titles).not.toContain('Histogram secrets');
    expect(titles).not.toContain('Later');
    // The proctored exam is open to the learner but never answered from.
    expect(titles).not.toContain('Final exam');

    const tables = (
      await request('POST', '/api/lms/v1/tutor/questions', {
        knowledgeModelId,
        question: 'rows and columns',
      })
    ).json();
    expect(tables.passages.map((p: { title: string }) => p.title)).toEqual(['Tables']);
  });

  it('streams the retrieval answer without a generative endpoint (TUTOR_LLM_URL unset)', async () => {
    const knowledgeModelId = await modelId();
    const response = await request('POST', '/api/lms/v1/tutor/questions/stream', {
      knowledgeModelId,
      question: 'rows and columns',
    });
    expect(response.statusCode).toBe(200);
    const events = response.body
      .split('\n')
      .filter((line) => line !== '')
      .map((line) => JSON.parse(line) as { type: string; answer?: { generation: unknown } });
    expect(events.map((event) => event.type)).toEqual(['passages', 'done']);
    expect(events[1]!.answer).toMatchObject({ question: 'rows and columns', generation: null });
  });

  it('answers from an activity once it opens', async () => {
    const knowledgeModelId = await modelId();
    clock.set('2030-04-02T09:00:00.000Z');
    try {
      const session = await signInAs(
        testApp,
        (
          await testApp.ctx.db
            .selectFrom('objectiveWorkflowAggregates')
            .select('userId')
            .where('id', '=', aggregateId)
            .executeTakeFirstOrThrow()
        ).userId,
      );
      const answer = (
        await request(
          'POST',
          '/api/lms/v1/tutor/questions',
          { knowledgeModelId, question: 'exam' },
          session,
        )
      ).json();
      expect(answer.passages.map((p: { title: string }) => p.title)).toEqual(['Later']);
    } finally {
      clock.set('2030-03-01T09:00:00.000Z');
    }
  });

  it("keeps another learner's course and model out of reach (404)", async () => {
    const knowledgeModelId = await modelId();
    expect(
      (
        await request(
          'GET',
          `/api/lms/v1/users/me/objective-workflow-aggregates/${otherAggregateId}/knowledge-model`,
        )
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await request(
          'POST',
          '/api/lms/v1/tutor/questions',
          { knowledgeModelId, question: 'histogram' },
          otherCookie,
        )
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await request(
          'GET',
          `/api/lms/v1/tutor/history?knowledgeModelId=${knowledgeModelId}`,
          undefined,
          otherCookie,
        )
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await request(
          'GET',
          '/api/lms/v1/users/me/objective-workflow-aggregates/not-an-id/knowledge-model',
        )
      ).statusCode,
    ).toBe(404);
  });

  it('keeps a history per learner and model, and clears it', async () => {
    const knowledgeModelId = await modelId();
    const history = await request(
      'GET',
      `/api/lms/v1/tutor/history?knowledgeModelId=${knowledgeModelId}`,
    );
    expect(history.statusCode).toBe(200);
    const questions = history.json().items.map((item: { question: string }) => item.question);
    expect(questions).toContain('What does a histogram show?');
    expect(questions).toContain('rows and columns');
    expect(
      (
        await request(
          'DELETE',
          `/api/lms/v1/tutor/history?knowledgeModelId=${knowledgeModelId}`,
          {},
        )
      ).statusCode,
    ).toBe(204);
    expect(
      (
        await request('GET', `/api/lms/v1/tutor/history?knowledgeModelId=${knowledgeModelId}`)
      ).json().items,
    ).toEqual([]);
  });

  it('refuses bad input with 400', async () => {
    const knowledgeModelId = await modelId();
    for (const payload of [
      { knowledgeModelId, question: '' },
      { knowledgeModelId, question: 'x'.repeat(501) },
      { knowledgeModelId, question: 42 },
      { knowledgeModelId: 'nope', question: 'charts' },
      { knowledgeModelId, question: 'charts', extra: true },
    ]) {
      const response = await request('POST', '/api/lms/v1/tutor/questions', payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('invalid_request');
    }
    expect((await request('GET', '/api/lms/v1/tutor/history')).statusCode).toBe(400);
  });

  it('stops at the daily limit with 429 and a clear message, also after clearing the history', async () => {
    const knowledgeModelId = await modelId();
    const ask = () =>
      request('POST', '/api/lms/v1/tutor/questions', { knowledgeModelId, question: 'tables' });
    // Three questions were asked today already (the fourth, in April, counts for that day).
    let status = 200;
    let asked = 3;
    while (status === 200) {
      const response = await ask();
      status = response.statusCode;
      if (status === 200) asked += 1;
      else {
        expect(status).toBe(429);
        expect(response.json()).toMatchObject({
          code: 'tutor_daily_limit',
          message: expect.stringContaining(String(DAILY)),
        });
      }
    }
    expect(asked).toBe(DAILY);
    clock.set('2030-03-02T00:00:01.000Z');
    try {
      const session = await signInAs(
        testApp,
        (
          await testApp.ctx.db
            .selectFrom('objectiveWorkflowAggregates')
            .select('userId')
            .where('id', '=', aggregateId)
            .executeTakeFirstOrThrow()
        ).userId,
      );
      const response = await request(
        'POST',
        '/api/lms/v1/tutor/questions',
        { knowledgeModelId, question: 'tables' },
        session,
      );
      expect(response.statusCode).toBe(200);
    } finally {
      clock.set('2030-03-01T09:00:00.000Z');
    }
  });

  it('rebuilds the model from changed content', async () => {
    const knowledgeModelId = await modelId();
    const { createTutorRepository } = await import('./tutor.repository.ts');
    await testApp.ctx.db
      .updateTable('activities')
      .set({ content: '<p>Scatter plots show pairs.</p>' })
      .where('id', '=', parts.Tables!.activityId)
      .execute();
    const result = await createTutorRepository(testApp.ctx.db, dialect).rebuild(
      (
        await testApp.ctx.db
          .selectFrom('objectives')
          .select('tenantId')
          .where('id', '=', courseId)
          .executeTakeFirstOrThrow()
      ).tenantId,
      courseId,
      clock.now().toISOString(),
    );
    expect(result).toEqual({ knowledgeModelId, passages: 7 });
    const hits = await createTutorRepository(testApp.ctx.db, dialect).search(
      knowledgeModelId,
      ['scatter', 'columns'],
      [parts.Tables!.axis],
      5,
    );
    expect(hits.map((hit) => hit.text)).toEqual(['Scatter plots show pairs.']);
  });
});
