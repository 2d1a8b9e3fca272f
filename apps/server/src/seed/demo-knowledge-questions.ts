// Demo knowledge questions of Introduction to Machine Learning (two choice questions and one text question on
// three of its modules), and Ada (learner@example.com) opted in to get them by e-mail (see the README).
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { newId } from '../lib/ids.ts';
import type { WrittenPart } from './course-records.ts';

export async function seedDemoKnowledgeQuestions(
  db: Kysely<Database>,
  input: {
    tenantId: string;
    objectiveId: string;
    parts: WrittenPart[];
    learnerId: string;
    created: string;
  },
): Promise<void> {
  const module = (name: string) => {
    const part = input.parts.find((candidate) => candidate.name === name);
    if (!part) throw new Error(`demo knowledge questions: no module "${name}"`);
    return { activityId: part.activityId, activityPathId: part.axis };
  };
  const question = (
    ord: number,
    moduleName: string,
    kind: 'choice' | 'text',
    prompt: string,
    choices: { id: string; text: string }[],
    correct: string[],
    explanation: string,
  ) => ({
    id: newId(),
    tenantId: input.tenantId,
    objectiveId: input.objectiveId,
    ...module(moduleName),
    kind,
    prompt,
    choices: JSON.stringify(choices),
    correct: JSON.stringify(correct),
    explanation,
    locale: 'en-US',
    ord,
    created: input.created,
  });
  await db
    .insertInto('knowledgeQuestions')
    .values([
      question(
        1,
        'What is machine learning?',
        'choice',
        'What does a supervised learning algorithm learn from?',
        [
          { id: 'labelled', text: 'Examples with known answers (labels)' },
          { id: 'rules', text: 'Rules written by an expert' },
          { id: 'unlabelled', text: 'Data without any answers' },
        ],
        ['labelled'],
        'Supervised learning fits a model to examples whose correct answers are known, then predicts answers for new examples.',
      ),
      question(
        2,
        'Regression and classification',
        'choice',
        'Predicting tomorrow’s temperature in degrees is a …',
        [
          { id: 'regression', text: 'Regression problem' },
          { id: 'classification', text: 'Classification problem' },
        ],
        ['regression'],
        'Regression predicts a number on a continuous scale; classification predicts one of a few categories.',
      ),
      question(
        3,
        'Evaluating models',
        'text',
        'What do you call the data held back to check a model on examples it has never seen?',
        [],
        ['test set', 'test data', 'holdout set', 'hold-out set'],
        'A test set, kept apart from training, tells how the model will do on new data.',
      ),
    ])
    .execute();
  await db
    .insertInto('knowledgeQuestionSubscriptions')
    .values({
      id: newId(),
      tenantId: input.tenantId,
      userId: input.learnerId,
      objectiveId: input.objectiveId,
      optedIn: 1,
      unsubscribedAt: null,
      created: input.created,
    })
    .execute();
}
