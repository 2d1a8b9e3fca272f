// Importing a question bank on every dialect: modules found by name, code or path; the whole file checked before
// anything is written; re-importing adds nothing; another tenant's course is not found.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { testDialects } from '../../test/test-databases.ts';
import { aCourseTree, aTenant } from '../../test/course-builders.ts';
import { importQuestionBank, listQuestionBank, QuestionBankError } from './question-bank.ts';

const NOW = '2030-03-01T09:00:00.000Z';

describe.each(await testDialects())('question bank import on %s', (dialect) => {
  let testApp: TestApp;
  let tenantId: string;
  let otherTenantId: string;
  let courseId: string;
  let parts: Record<string, { partId: string; activityId: string; axis: string }>;

  const bank = (questions: unknown[], course: string = courseId) => ({ course, questions });
  const choice = (module: string, prompt: string) => ({
    module,
    kind: 'choice',
    prompt,
    choices: [
      { id: 'a', text: 'Yes' },
      { id: 'b', text: 'No' },
    ],
    correct: ['a'],
    explanation: 'Because.',
  });
  const problemsOf = async (input: unknown, tenant = tenantId) => {
    try {
      await importQuestionBank(testApp.ctx.db, tenant, input, NOW);
    } catch (error) {
      if (error instanceof QuestionBankError) return error.problems;
      throw error;
    }
    throw new Error('imported');
  };

  beforeAll(async () => {
    testApp = await createTestApp(dialect);
    const { db } = testApp.ctx;
    tenantId = await aTenant(db);
    otherTenantId = await aTenant(db);
    const tree = await aCourseTree(db, tenantId, 'Statistics', [
      { name: 'Averages', children: [{ name: 'Mean and median' }, { name: 'Spread' }] },
      { name: 'Spread' },
    ]);
    courseId = tree.objectiveId;
    parts = tree.parts;
    await db
      .updateTable('activities')
      .set({ code: 'AVG' })
      .where('id', '=', parts['Averages']!.activityId)
      .execute();
  });

  afterAll(async () => {
    await testApp.close();
  });

  it('refuses a wrong file as a whole and writes nothing', async () => {
    const problems = await problemsOf(
      bank([
        choice('Averages', 'Fine question'),
        { ...choice('No such module', 'Where?') },
        { ...choice('Spread', 'Which spread?') },
        {
          module: 'AVG',
          kind: 'choice',
          prompt: 'Bad',
          choices: [{ id: 'a', text: 'A' }],
          correct: ['z'],
        },
        {
          module: 'AVG',
          kind: 'text',
          prompt: 'Text',
          choices: [{ id: 'a', text: 'A' }],
          correct: ['x'],
        },
        { module: 'AVG', kind: 'essay', prompt: 'Unknown kind', correct: ['x'], extra: 1 },
      ]),
    );
    expect(problems).toEqual(
      expect.arrayContaining([
        'questions.3.choices: A choice question needs two choices or more.',
        'questions.3.correct: "z" is not one of the choice ids.',
        'questions.4.choices: A text question has no choices.',
        expect.stringMatching(/^questions\.5\.kind: /),
        expect.stringMatching(/^questions\.5: Unrecognized key/),
      ]),
    );
    // Module names are checked once the file's shape is right.
    const moduleProblems = await problemsOf(
      bank([choice('No such module', 'Where?'), choice('Spread', 'Which spread?')]),
    );
    expect(moduleProblems).toEqual([
      'questions.0.module: No module "No such module" in the course.',
      expect.stringMatching(
        /^questions\.1\.module: "Spread" names 2 modules; use the activity path/,
      ),
    ]);
    expect((await listQuestionBank(testApp.ctx.db, tenantId, courseId))!.questions).toEqual([]);
  });

  it('adds questions found by module name, code or path, and skips them when imported again', async () => {
    const file = bank([
      choice('mean AND median', 'Is the median robust?'),
      choice('AVG', 'Is the mean an average?'),
      {
        module: parts['Spread']!.axis,
        kind: 'text',
        prompt: 'Name the square root of the variance.',
        correct: ['standard deviation'],
      },
    ]);
    const first = await importQuestionBank(testApp.ctx.db, tenantId, file, NOW);
    expect(first).toMatchObject({ objectiveId: courseId, added: 3, skipped: 0 });
    const again = await importQuestionBank(
      testApp.ctx.db,
      tenantId,
      bank([...file.questions, choice('Averages', 'A new one?')]),
      NOW,
    );
    expect(again).toMatchObject({ added: 1, skipped: 3 });
    const listed = await listQuestionBank(testApp.ctx.db, tenantId, courseId);
    expect(listed!.questions.map((q) => [q.ord, q.kind, q.prompt, q.activityPathId])).toEqual([
      [1, 'choice', 'Is the median robust?', parts['Mean and median']!.axis],
      [2, 'choice', 'Is the mean an average?', parts['Averages']!.axis],
      [3, 'text', 'Name the square root of the variance.', parts['Spread']!.axis],
      [4, 'choice', 'A new one?', parts['Averages']!.axis],
    ]);
  });

  it('does not find another tenant’s course', async () => {
    expect(await problemsOf(bank([choice('Averages', 'Q?')]), otherTenantId)).toEqual([
      `course: no course "${courseId}" in this tenant.`,
    ]);
    expect(await listQuestionBank(testApp.ctx.db, otherTenantId, courseId)).toBeUndefined();
  });
});
