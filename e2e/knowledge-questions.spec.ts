// Knowledge questions by e-mail as Ada: the course details' switch shows she opted in; the scheduler's CLI (run
// against the e2e database) writes her question to the outbox, the worker sends it to the real SMTP server of
// scripts/e2e-server.mjs; its answer link opens /learn/email-response-callback, which checks the answer on the
// server and shows the verdict, the explanation and "Review module"; another link of the same mail shows the
// recorded result. axe on every page.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { E2E_BASE_URL } from '../playwright.config.ts';
import {
  accounts,
  expect,
  expectNoAxeViolations,
  latestMailTo,
  objectiveIdOf,
  signIn,
  test,
} from './fixtures.ts';

const PORT = process.env.E2E_PORT ?? 3123;
const DB_POINTER = process.env.E2E_DB_POINTER ?? join(tmpdir(), `portal-e2e-db-${PORT}.txt`);
const COURSE = 'Introduction to Machine Learning';
const SUBJECT = 'A question about What is machine learning?';

/** The question mail to Ada the SMTP server received, decoded, if any. */
const questionMail = () => latestMailTo(accounts.learner.email, SUBJECT);

/** The answer link of a choice in the mail's plain text ("<choice>:\n<url>"). */
function choiceLink(text: string, choice: string): string {
  const escaped = choice.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const match = new RegExp(`${escaped}:\\r?\\n(https?://\\S+)`).exec(text);
  if (!match) throw new Error(`no link for "${choice}" in the mail`);
  return match[1]!;
}

test('Ada answers an e-mailed question from its link and sees the recorded result again', async ({
  page,
}) => {
  await signIn(page, accounts.learner);
  const courseId = await objectiveIdOf(page, COURSE);
  await page.goto(`/learn/courses/${courseId}`);
  await expect(page.getByRole('heading', { name: COURSE, level: 1 })).toBeVisible();
  await expect(page.getByRole('switch', { name: 'Questions by e-mail' })).toBeChecked();
  await expectNoAxeViolations(page);

  // The scheduler as operators run it, against the e2e server's database; the server's worker sends the mail.
  const cli = spawnSync(
    process.execPath,
    [
      '--import',
      'tsx',
      'apps/server/src/modules/knowledge-questions/knowledge-questions-cli.ts',
      'send-due',
    ],
    {
      cwd: resolve(import.meta.dirname, '..'),
      encoding: 'utf8',
      env: {
        ...process.env,
        NODE_ENV: 'test',
        LOG_LEVEL: 'warn',
        SQLITE_FILE: readFileSync(DB_POINTER, 'utf8').trim(),
        SESSION_SECRET: 'e2e-secret-e2e-secret-e2e-secret',
        PUBLIC_URL: E2E_BASE_URL,
      },
    },
  );
  expect(cli.status, cli.stderr).toBe(0);
  await expect.poll(questionMail, { timeout: 20_000 }).toBeDefined();
  const mail = questionMail()!;
  expect(mail).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
  const wrong = choiceLink(mail, 'Rules written by an expert');
  const right = choiceLink(mail, 'Examples with known answers (labels)');
  expect(new URL(wrong).pathname).toBe('/learn/email-response-callback');

  await page.goto(wrong);
  await expect(
    page.getByRole('heading', { name: 'Question from your course', level: 1 }),
  ).toBeVisible();
  await expect(page.getByText('Incorrect', { exact: true })).toBeVisible();
  await expect(page.getByText('Examples with known answers (labels)')).toBeVisible();
  await expect(page.getByText(/Supervised learning fits a model/)).toBeVisible();
  await expectNoAxeViolations(page);

  // Another answer link of the same mail: the first answer stays, shown as recorded.
  await page.goto(right);
  await expect(page.getByText('Already answered')).toBeVisible();
  await expect(page.getByText('Incorrect', { exact: true })).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByRole('link', { name: 'Review module' }).click();
  await expect(page).toHaveURL(new RegExp(`/learn/courses/${courseId}/view/content/`));
});
