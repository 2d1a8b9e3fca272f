// Authoring of knowledge-question banks from a JSON file (`npm run knowledge-questions -w apps/server -- import
// <file>`): the file names the course and, per question, its module by name, code or activity path; everything is
// checked before anything is written, and the whole file is added in one transaction. Importing the same file
// again adds nothing (a question is identified by its module and prompt), so a bank can grow by re-importing.
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { isLocale, DEFAULT_LOCALE } from '@portal/contracts';
import type { Database } from '../../db/schema.ts';
import { findCliCourse } from '../../lib/cli-tenant.ts';
import { newId } from '../../lib/ids.ts';
import { normaliseAnswer } from './spaced-repetition.ts';

const text = (max: number) => z.string().trim().min(1).max(max);

const questionSchema = z
  .object({
    /** The module: its name, its code or its activity path (part ids from the root joined by "/"). */
    module: text(500),
    kind: z.enum(['choice', 'text']),
    prompt: text(1000),
    choices: z
      .array(z.object({ id: text(100), text: text(500) }).strict())
      .max(10)
      .default([]),
    /** The correct choice ids, or the accepted answers of a text question. */
    correct: z.array(text(300)).min(1).max(20),
    explanation: text(2000).optional(),
  })
  .strict()
  .superRefine((question, ctx) => {
    if (question.kind === 'text') {
      if (question.choices.length > 0)
        ctx.addIssue({
          code: 'custom',
          path: ['choices'],
          message: 'A text question has no choices.',
        });
      return;
    }
    const ids = question.choices.map((choice) => choice.id);
    if (ids.length < 2)
      ctx.addIssue({
        code: 'custom',
        path: ['choices'],
        message: 'A choice question needs two choices or more.',
      });
    if (new Set(ids).size !== ids.length)
      ctx.addIssue({ code: 'custom', path: ['choices'], message: 'Choice ids must be unique.' });
    for (const id of question.correct)
      if (!ids.includes(id))
        ctx.addIssue({
          code: 'custom',
          path: ['correct'],
          message: `"${id}" is not one of the choice ids.`,
        });
  });

export const questionBankFileSchema = z
  .object({
    /** The course's id or code. */
    course: text(200),
    locale: z.string().refine(isLocale, 'Not one of the portal locales.').optional(),
    questions: z.array(questionSchema).min(1).max(500),
  })
  .strict();
export type QuestionBankFile = z.infer<typeof questionBankFileSchema>;

export class QuestionBankError extends Error {
  constructor(readonly problems: string[]) {
    super(problems.join('\n'));
  }
}

interface ModuleRef {
  activityId: string;
  axis: string;
  name: string;
  code: string | null;
}

/** Every activity under the course's root with its axis, breadth first. */
async function modulesOf(db: Kysely<Database>, rootActivityId: string): Promise<ModuleRef[]> {
  const modules: ModuleRef[] = [];
  let level = [{ activityId: rootActivityId, axis: '' }];
  while (level.length > 0) {
    const parts = await db
      .selectFrom('activityParts as p')
      .innerJoin('activities as a', 'a.id', 'p.childActivityId')
      .select(['p.id', 'p.parentActivityId', 'p.childActivityId', 'a.name', 'a.code'])
      .where(
        'p.parentActivityId',
        'in',
        level.map((node) => node.activityId),
      )
      .orderBy('p.order')
      .execute();
    const next: typeof level = [];
    for (const parent of level)
      for (const part of parts.filter((row) => row.parentActivityId === parent.activityId)) {
        const axis = parent.axis === '' ? part.id : `${parent.axis}/${part.id}`;
        modules.push({ activityId: part.childActivityId, axis, name: part.name, code: part.code });
        next.push({ activityId: part.childActivityId, axis });
      }
    level = next;
  }
  return modules;
}

function resolveModule(modules: ModuleRef[], wanted: string): ModuleRef | string {
  const byPath = modules.find((module) => module.axis === wanted);
  if (byPath) return byPath;
  const byCode = modules.filter((module) => module.code !== null && module.code === wanted);
  if (byCode.length === 1) return byCode[0]!;
  const byName = modules.filter(
    (module) => normaliseAnswer(module.name) === normaliseAnswer(wanted),
  );
  if (byName.length === 1) return byName[0]!;
  if (byName.length > 1 || byCode.length > 1)
    return `"${wanted}" names ${Math.max(byName.length, byCode.length)} modules; use the activity path (${(byName.length > 1 ? byName : byCode).map((module) => module.axis).join(', ')}).`;
  return `No module "${wanted}" in the course.`;
}

/** Checks the whole file, then adds its new questions in one transaction; returns what was added and skipped. */
export async function importQuestionBank(
  db: Kysely<Database>,
  tenantId: string,
  input: unknown,
  now: string,
): Promise<{ objectiveId: string; courseName: string; added: number; skipped: number }> {
  const parsed = questionBankFileSchema.safeParse(input);
  if (!parsed.success)
    throw new QuestionBankError(
      parsed.error.issues.map((issue) => `${issue.path.join('.') || '(file)'}: ${issue.message}`),
    );
  const file = parsed.data;
  const course = await findCliCourse(db, tenantId, file.course);
  if (!course) throw new QuestionBankError([`course: no course "${file.course}" in this tenant.`]);
  const modules = await modulesOf(db, course.activityId);
  const problems: string[] = [];
  const resolved = file.questions.map((question, index) => {
    const module = resolveModule(modules, question.module);
    if (typeof module === 'string') problems.push(`questions.${index}.module: ${module}`);
    return { question, module };
  });
  if (problems.length > 0) throw new QuestionBankError(problems);

  return db.transaction().execute(async (trx) => {
    const existing = await trx
      .selectFrom('knowledgeQuestions')
      .select(['activityPathId', 'prompt', 'ord'])
      .where('objectiveId', '=', course.id)
      .execute();
    const known = new Set(existing.map((row) => `${row.activityPathId}\n${row.prompt}`));
    let ord = existing.reduce((max, row) => Math.max(max, row.ord), 0);
    const rows = [];
    for (const { question, module } of resolved) {
      const { activityId, axis } = module as ModuleRef;
      const key = `${axis}\n${question.prompt}`;
      if (known.has(key)) continue;
      known.add(key);
      ord += 1;
      rows.push({
        id: newId(),
        tenantId,
        objectiveId: course.id,
        activityId,
        activityPathId: axis,
        kind: question.kind,
        prompt: question.prompt,
        choices: JSON.stringify(question.choices),
        correct: JSON.stringify(question.correct),
        explanation: question.explanation ?? null,
        locale: file.locale ?? DEFAULT_LOCALE,
        ord,
        created: now,
      });
    }
    if (rows.length > 0) await trx.insertInto('knowledgeQuestions').values(rows).execute();
    return {
      objectiveId: course.id,
      courseName: course.name,
      added: rows.length,
      skipped: file.questions.length - rows.length,
    };
  });
}

/** The course's questions in mailing order, with their module's path, for `knowledge-questions list`. */
export async function listQuestionBank(
  db: Kysely<Database>,
  tenantId: string,
  courseIdOrCode: string,
) {
  const course = await findCliCourse(db, tenantId, courseIdOrCode);
  if (!course) return undefined;
  const questions = await db
    .selectFrom('knowledgeQuestions as q')
    .leftJoin('activities as a', 'a.id', 'q.activityId')
    .select(['q.id', 'q.activityPathId', 'q.kind', 'q.prompt', 'q.ord', 'a.name as moduleName'])
    .where('q.objectiveId', '=', course.id)
    .orderBy('q.ord')
    .orderBy('q.id')
    .execute();
  return { course, questions };
}
