// Knowledge questions by e-mail as Ada: the course details' switch shows she opted in; the scheduler's CLI (run
// against the e2e database) writes her question to the outbox, the worker sends it to the real SMTP server of
// scripts/e2e-server.mjs; its answer link opens /learn/email-response-callback, which checks the answer on the
// server and shows the verdict, the explanation and "Review module"; another link of the same mail shows the
// recorded result. axe on every page.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { E2E_BASE_URL } from '../playwright.config.ts';
import {
  accounts,
  expect,
  expectNoAxeViolations,
  objectiveIdOf,
  signIn,
  test,
} from './fixtures.ts';

const PORT = process.env.E2E_PORT ?? 3123;
const MAIL_FILE = process.env.E2E_MAIL_FILE ?? join(tmpdir(), `portal-e2e-mail-${PORT}.jsonl`);
const DB_POINTER = process.env.E2E_DB_POINTER ?? join(tmpdir(), `portal-e2e-db-${PORT}.txt`);
const COURSE = 'Introduction to Machine Learning';
const SUBJECT = 'A question about What is machine learning?';

/** Quoted-printable (soft line breaks, =XX bytes) as UTF-8. */
function decodeQuotedPrintable(body: string): string {
  const joined = body.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let index = 0; index < joined.length; index += 1) {
    const hex = joined.slice(index + 1, index + 3);
    if (joined[index] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      index += 2;
    } else {
      bytes.push(...Buffer.from(joined[index]!, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/** The raw question mail to Ada the SMTP server received, if any. */
function questionMail(): string | undefined {
  if (!existsSync(MAIL_FILE)) return undefined;
  return readFileSync(MAIL_FILE, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { to: string[]; raw: string })
    .filter((mail) => mail.to.includes(accounts.learner.email) && mail.raw.includes(SUBJECT))
    .at(-1)?.raw;
}

/** The answer link of a choice in the mail's plain text ("<choice>:\n<url>"). */
function choiceLink(raw: string, choice: string): string {
  const text = decodeQuotedPrintable(raw);
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
  const raw = questionMail()!;
  expect(raw).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
  const wrong = choiceLink(raw, 'Rules written by an expert');
  const right = choiceLink(raw, 'Examples with known answers (labels)');
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
