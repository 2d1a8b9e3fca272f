// Course defects of issue 10 as a learner meets them: a draft course cannot be started, a retake's details
// describe the retake, the open catalog sends a learner who has the course to it, and the course pages open at
// their top with their parts lined up.
import { type Page } from '@playwright/test';
import {
  accounts,
  expect,
  expectNoAxeViolations,
  objectiveIdOf,
  signIn,
  test,
} from './fixtures.ts';

async function openCourse(page: Page, name: string) {
  await page.getByRole('searchbox', { name: 'Search courses' }).fill(name.toLowerCase());
  // The list filters after a pause in typing; wait for it as a person would.
  await expect(page.getByText('Showing 1 of 1 course')).toBeVisible();
  await page.getByRole('link', { name, exact: true }).click();
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
}

const actions = (page: Page) => page.getByRole('group', { name: 'Course actions' });

test('a draft course says "Coming soon" and offers no Start', async ({ page }) => {
  await signIn(page, accounts.learner);
  await openCourse(page, 'Cloud Architecture Basics');
  await expect(page.getByRole('main').getByText('Coming soon', { exact: true })).toBeVisible();
  await expect(actions(page).getByRole('button', { name: 'Enrolled' })).toBeDisabled();
  for (const name of ['Start', 'Start again', 'Retake', 'Continue'])
    await expect(actions(page).getByRole('button', { name, exact: true })).toHaveCount(0);
  // Never started: no content to go to.
  const sections = page.getByRole('navigation', { name: 'Course sections' });
  await expect(sections.getByRole('link', { name: 'Details' })).toBeVisible();
  await expect(sections.getByRole('link', { name: 'Content' })).toHaveCount(0);
  // The title starts level with the cover, not below an empty band.
  const title = await page.getByRole('heading', { level: 1 }).boundingBox();
  const cover = await page.getByTestId('course-cover-colour').boundingBox();
  expect(Math.abs(title!.y - cover!.y)).toBeLessThan(24);
  await expectNoAxeViolations(page);
});

test('after a retake the details describe the new attempt and keep the earlier one in Previous attempts', async ({
  page,
}) => {
  await signIn(page, accounts.admin);
  await openCourse(page, 'Data Literacy Essentials');
  await expect(page.getByTestId('result-badge')).toContainText('A · 100%');
  await expectNoAxeViolations(page);

  await actions(page).getByRole('button', { name: 'Retake' }).click();
  const contents = page.getByRole('navigation', { name: 'Course contents' });
  await expect(contents.getByRole('progressbar', { name: 'Course progress' })).toHaveAttribute(
    'aria-valuenow',
    '0',
  );
  await expectNoAxeViolations(page);

  await page
    .getByRole('navigation', { name: 'Course sections' })
    .getByRole('link', { name: 'Details' })
    .click();
  await expect(
    page.getByRole('heading', { name: 'Data Literacy Essentials', level: 1 }),
  ).toBeVisible();
  await expect(actions(page).getByRole('button', { name: 'Continue' })).toBeVisible();
  await expect(page.getByText('In Progress', { exact: true })).toBeVisible();
  await expect(page.getByRole('progressbar', { name: 'Progress' })).toHaveAttribute(
    'aria-valuenow',
    '0',
  );
  await expect(page.getByTestId('result-badge')).toHaveCount(0);
  await expect(page.getByText(/^Grade:/)).toHaveCount(0);
  await expect(page.getByText('Passed', { exact: true })).toHaveCount(0);
  // The dates beside the cover are the new attempt's: started, not finished.
  const dates = page.getByRole('term');
  await expect(dates.filter({ hasText: 'Started' })).toHaveCount(1);
  await expect(dates.filter({ hasText: 'Finished' })).toHaveCount(0);
  const attempts = page.getByRole('region', { name: 'Previous attempts' }).getByRole('table');
  await expect(attempts.getByRole('row')).toHaveCount(2);
  await expect(attempts.getByText('A · 100%')).toBeVisible();
  await expectNoAxeViolations(page);
});

test('a signed-in learner who has the course goes from its open-catalog page to the course page', async ({
  page,
}) => {
  await signIn(page, accounts.learner);
  await page.goto('/learn/open-catalog');
  await expect(page.getByRole('heading', { name: 'Course catalog', level: 1 })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('link', { name: 'Python for Data Analysis' }).click();

  await expect(page).toHaveURL(/\/learn\/courses\/[\w-]+\/view\/details$/);
  await expect(
    page.getByRole('heading', { name: 'Python for Data Analysis', level: 1 }),
  ).toBeVisible();
  await expect(actions(page).getByRole('button', { name: 'Start' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign up and add to my courses' })).toHaveCount(0);
  await expectNoAxeViolations(page);
});

test('course pages open at their top, below the sticky header, even from a scrolled list', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1366, height: 700 });
  await signIn(page, accounts.admin);
  await expect(page.getByText(/^Showing (\d+) of \1 courses$/)).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(100);
  await page.getByRole('link', { name: 'Security Essentials', exact: true }).click();
  const title = page.getByRole('heading', { name: 'Security Essentials', level: 1 });
  await expect(title).toBeVisible();
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  const header = await page.getByRole('banner').boundingBox();
  expect((await title.boundingBox())!.y).toBeGreaterThanOrEqual(header!.y + header!.height);

  // The review of the failed attempt: the quiz is marked below the passing score, and the page is at its top.
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await actions(page).getByRole('button', { name: 'Review' }).click();
  const contents = page.getByRole('navigation', { name: 'Course contents' });
  await expect(contents).toBeVisible();
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  await expect(contents.getByRole('img', { name: 'Below passing score' })).toHaveCount(1);
  await contents.getByRole('link', { name: 'Security basics quiz' }).click();
  await expect(page.getByText('Completed below the passing score')).toBeVisible();
  await expectNoAxeViolations(page);
});

test('gallery thumbnails share one top edge and tile icons sit beside their titles', async ({
  page,
}) => {
  await signIn(page, accounts.admin);
  // The details by address: another test of this file retakes the course, after which its card opens the content.
  await page.goto(`/learn/courses/${await objectiveIdOf(page, 'Data Literacy Essentials')}`);
  const about = page.getByRole('region', { name: 'About' });
  const tops: number[] = [];
  for (const number of [1, 2, 3]) {
    const thumbnail = about.getByRole('button', {
      name: `Open image ${number} of 3 in the gallery`,
    });
    await thumbnail.scrollIntoViewIfNeeded();
    tops.push((await thumbnail.boundingBox())!.y);
  }
  expect(Math.max(...tops) - Math.min(...tops)).toBeLessThan(1);

  // Team Rituals is shown as tiles; Grace finished it, so its content opens without starting anything.
  await page.goto(`/learn/courses/${await objectiveIdOf(page, 'Team Rituals')}/view/content`);
  const tiles = page.getByRole('region', { name: 'Course activities' });
  const link = tiles.getByRole('link', { name: 'Retrospectives', exact: true });
  await expect(link).toBeVisible();
  const tile = tiles
    .locator('[data-axis]')
    .filter({ has: page.getByRole('link', { name: 'Retrospectives', exact: true }) });
  const icon = await tile.getByRole('img').first().boundingBox();
  const text = await link.boundingBox();
  expect(Math.abs(icon!.y + icon!.height / 2 - (text!.y + text!.height / 2))).toBeLessThan(4);
  await expectNoAxeViolations(page);
});
