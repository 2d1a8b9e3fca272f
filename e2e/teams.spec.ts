// Team activities (docs/decisions/0029): Mae opens Team Project: City Data, sees her team's members, writes
// the team's report; her teammate Guion, signed in in a fresh browser context, sees her saved draft; Mae submits
// it through a keyboard-operable confirmation and Guion's open page shows the submission, submitted by Mae,
// without a reload. axe on every page visited.
import type { Browser, Page } from '@playwright/test';
import { accounts, expect, expectNoAxeViolations, signIn, test } from './fixtures.ts';

const COURSE = 'Team Project: City Data';
const ACTIVITY = 'City data report';
const guion = { email: 'guion@example.com', password: 'Learner123!', name: 'Guion Bluford' };
const REPORT =
  'Bike counts rose 12% in the old town; noise peaks at 8 am; we recommend a car-free Sunday.';

const contents = (page: Page) => page.getByRole('navigation', { name: 'Course contents' });

/** From My Courses: the team course, started, at its team activity. */
async function openTeamActivity(page: Page) {
  await page.getByRole('searchbox', { name: 'Search courses' }).fill('city data');
  await expect(page.getByText('Showing 1 of 1 course')).toBeVisible();
  await page.getByRole('link', { name: COURSE, exact: true }).click();
  await expect(page.getByRole('heading', { name: COURSE, level: 1 })).toBeVisible();
  await expectNoAxeViolations(page);
  await page
    .getByRole('group', { name: 'Course actions' })
    .getByRole('button', { name: 'Start' })
    .click();
  await expect(contents(page)).toBeVisible();
  await contents(page).getByRole('link', { name: ACTIVITY, exact: true }).click();
  await expect(page.getByRole('heading', { name: ACTIVITY, level: 2 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Your team: Team Orbit' })).toBeVisible();
}

async function asTeammate(browser: Browser) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, guion);
  return { context, page };
}

test('a team member submits the team report and a teammate sees it', async ({ page, browser }) => {
  test.setTimeout(90_000);
  await signIn(page, accounts.courseLearner);
  await openTeamActivity(page);

  // Only Team Orbit: Mae, Guion and Ellen with their units, never Team Nova.
  const table = page.getByRole('table', { name: 'Team members' });
  await expect(table.getByRole('row')).toHaveCount(4);
  await expect(table).toContainText('guion@example.com');
  await expect(table).toContainText('Stewart');
  await expect(table).toContainText('Mission Control');
  await expect(table).not.toContainText('sally@example.com');
  const firstName = table.getByRole('columnheader', { name: 'First name' });
  await firstName.getByRole('button').click();
  await expect(firstName).toHaveAttribute('aria-sort', 'ascending');
  await expect(table.getByRole('row').nth(1)).toContainText('Ellen');
  await expect(page.getByRole('button', { name: 'Mark as completed' })).toHaveCount(0);
  await expectNoAxeViolations(page);

  await page.getByRole('textbox', { name: "Your team's draft" }).fill(REPORT);
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByText(/^Last edited by Mae Jemison on /)).toBeVisible();

  // Guion, in his own browser, has the activity open: he sees Mae's saved draft.
  const teammate = await asTeammate(browser);
  await openTeamActivity(teammate.page);
  await expect(teammate.page.getByRole('textbox', { name: "Your team's draft" })).toHaveValue(
    REPORT,
  );
  await expect(teammate.page.getByText(/^Last edited by Mae Jemison on /)).toBeVisible();

  // The confirmation by keyboard: Escape closes it and focus returns to the button that opened it.
  const submit = page.getByRole('button', { name: 'Submit for the team' });
  await submit.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Submit for the whole team?' });
  await expect(dialog).toBeVisible();
  await expectNoAxeViolations(page);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(submit).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Submit', exact: true }).focus();
  await page.keyboard.press('Enter');

  const note = page.getByTestId('team-submitted-note');
  await expect(note).toHaveText(/^Submitted by Mae Jemison on /);
  await expect(note).toBeFocused();
  await expect(page.getByText(REPORT)).toBeVisible();
  await expect(page.getByRole('textbox', { name: "Your team's draft" })).toHaveCount(0);
  await expectNoAxeViolations(page);

  try {
    // His open page shows the submission without a reload (it looks for the team's changes every 10 s).
    await expect(teammate.page.getByTestId('team-submitted-note')).toHaveText(
      /^Submitted by Mae Jemison on /,
      { timeout: 25_000 },
    );
    await expect(teammate.page.getByText(REPORT)).toBeVisible();
    await expect(
      teammate.page.getByText('Your instructor has not graded the work yet.'),
    ).toBeVisible();
    await expect(teammate.page.getByRole('button', { name: 'Save draft' })).toHaveCount(0);
    await expectNoAxeViolations(teammate.page);
  } finally {
    await teammate.context.close();
  }
});
