// Shared end-to-end helpers: sign-in as a person does it, and axe-core on every visited page.
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

export const accounts = {
  learner: { email: 'learner@example.com', password: 'Learner123!', name: 'Ada Lovelace' },
  admin: { email: 'admin@example.com', password: 'Admin123!', name: 'Grace Hopper' },
  author: { email: 'author@example.com', password: 'Author123!', name: 'Alan Turing' },
  newcomer: { email: 'new@example.com', password: 'Newbie123!', name: 'Katherine Johnson' },
  courseLearner: { email: 'mae@example.com', password: 'Learner123!', name: 'Mae Jemison' },
} as const;

export interface Account {
  email: string;
  password: string;
  name: string;
}

/** Fills the built-in provider's sign-in form (the page the portal redirects to). */
export async function fillSignInForm(page: Page, account: Account): Promise<void> {
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.getByLabel(/e-?mail/i).fill(account.email);
  await page.getByLabel(/^password$/i).fill(account.password);
  await page.getByRole('button', { name: /^sign in$/i }).click();
}

/** Opens a portal path signed out, signs in on the provider page, and waits to be back. */
export async function signIn(page: Page, account: Account, path = '/learn/courses'): Promise<void> {
  await page.goto(path);
  await fillSignInForm(page, account);
  await page.waitForURL((url) => url.pathname.startsWith('/learn'));
}

/** Runs axe-core on the current page; any violation fails the test with a readable summary. */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  const summary = results.violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help}\n  ${v.nodes
        .map((n) => `${n.target.join(' ')}: ${n.failureSummary ?? ''}`)
        .join('\n  ')}`,
  );
  expect(summary, summary.join('\n')).toEqual([]);
}

/** The signed-in learner's objective id for a course name (through the API the page itself uses). */
export async function objectiveIdOf(page: Page, name: string): Promise<string> {
  const filter = JSON.stringify(['objective.name', '=', name]);
  const response = await page.request.get(
    `/api/lms/v1/objective-workflow-aggregates/query?filter=${encodeURIComponent(filter)}`,
  );
  expect(response.ok()).toBe(true);
  const { data } = (await response.json()) as { data: { objective: { id: string } }[] };
  const id = data[0]?.objective.id;
  if (!id) throw new Error(`${name} is not visible to this learner`);
  return id;
}
