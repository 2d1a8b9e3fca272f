// A part whose start time passes while the learner looks at it unlocks without a reload.
// The demo seed opens "Kickoff live session" 90 s after the server starts, so this file runs among the first
// (file order: it starts once catalog.spec.ts or course-about.spec.ts, both short, is done).
import { accounts, expect, expectNoAxeViolations, signIn, test } from './fixtures.ts';

test('a constraint that opens while the page is open unlocks the item without a reload', async ({
  page,
}) => {
  test.setTimeout(150_000);
  await signIn(page, accounts.courseLearner);
  await page.getByRole('searchbox', { name: 'Search courses' }).fill('kickoff');
  // The list filters after a pause in typing; wait for it as a person would.
  await expect(page.getByText('Showing 1 of 1 course')).toBeVisible();
  await page.getByRole('link', { name: 'Project Kickoff Essentials' }).click();
  await page
    .getByRole('group', { name: 'Course actions' })
    .getByRole('button', { name: 'Start' })
    .click();

  const contents = page.getByRole('navigation', { name: 'Course contents' });
  await expect(contents).toBeVisible();
  await contents.getByRole('link', { name: 'Kickoff live session' }).click();
  const reason = page.getByTestId('disabled-reason');
  await expect(reason).toContainText('This activity is not yet available. It opens on');
  await expectNoAxeViolations(page);

  // No reload: the page's own timer refetches when the start time passes.
  await expect(reason).toBeHidden({ timeout: 110_000 });
  await expect(page.getByRole('button', { name: 'Mark as completed' })).toBeVisible();
});
