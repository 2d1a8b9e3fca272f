// The learner dashboard (learner.dashboard is on in the demo tenant): widgets with the demo data, a task that
// leads to its course, the Dashboard navigation item, recent courses following what the learner opened.
import { accounts, expect, expectNoAxeViolations, signIn, test } from './fixtures.ts';

test('the learner lands on the dashboard with recent courses, tasks and news', async ({ page }) => {
  await signIn(page, accounts.learner, '/learn');
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await expect(page).toHaveTitle('Dashboard | Learner portal');

  const recent = page.getByRole('region', { name: 'Recent courses' });
  // Which four depends on what the learner opened last (other tests sign in as Ada too): each has its progress
  // and a link on.
  await expect(recent.getByRole('listitem')).toHaveCount(4);
  await expect(recent.getByRole('progressbar')).toHaveCount(4);
  await expect(recent.getByRole('link', { name: /^(Continue|Open course)\W/ })).toHaveCount(4);

  const tasks = page.getByRole('region', { name: 'Tasks' });
  await expect(tasks.getByRole('listitem')).toHaveCount(3);
  await expect(tasks.getByRole('listitem').first()).toContainText('Mandatory, not started');
  await expect(tasks.getByRole('listitem').first()).toContainText('Data Protection and GDPR');
  await expect(tasks.getByRole('listitem').last()).toContainText('Waiting for grading');

  const news = page.getByRole('region', { name: 'News' });
  await expect(
    news.getByRole('heading', { name: 'Learning Week starts soon', level: 3 }),
  ).toBeVisible();
  await expect(news.getByRole('img', { name: 'A rising bar chart' })).toBeVisible();
  await expect(news.getByRole('link', { name: 'Browse the catalog' })).toHaveAttribute(
    'href',
    '/learn/catalog',
  );
  await expectNoAxeViolations(page);
});

test('a task leads to its course, and the opened course comes first in recent courses', async ({
  page,
}) => {
  await signIn(page, accounts.learner, '/learn');
  const tasks = page.getByRole('region', { name: 'Tasks' });
  await tasks.getByRole('link', { name: 'Data Protection and GDPR' }).click();
  await expect(page).toHaveURL(/\/learn\/courses\/[\w-]+/);
  await expect(
    page.getByRole('heading', { name: 'Data Protection and GDPR', level: 1 }),
  ).toBeVisible();
  await expectNoAxeViolations(page);

  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Dashboard' })
    .click();
  await expect(page).toHaveURL(/\/learn\/?$/);
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  const recent = page.getByRole('region', { name: 'Recent courses' });
  await expect(recent.getByRole('listitem').first()).toContainText('Data Protection and GDPR');
  await expect(
    recent.getByRole('link', { name: /^Open course\W+Data Protection and GDPR$/ }),
  ).toBeVisible();
  await expectNoAxeViolations(page);
});

test('continuing a recent course opens its content', async ({ page }) => {
  // Opened last, so it leads the recent courses whatever other tests opened before.
  await signIn(page, accounts.learner);
  await page.getByRole('searchbox', { name: 'Search courses' }).fill('excel');
  await expect(page.getByText('Showing 1 of 1 course')).toBeVisible();
  const opened = page.waitForResponse(
    (response) =>
      response.url().endsWith('/api/lms/v1/users/me/recent-courses') &&
      response.request().method() === 'POST',
  );
  await page.getByRole('link', { name: 'Excel Power Tips', exact: true }).click();
  expect((await opened).status()).toBe(204);
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Dashboard' })
    .click();
  await page
    .getByRole('region', { name: 'Recent courses' })
    .getByRole('link', { name: /^Continue\W+Excel Power Tips$/ })
    .click();
  await expect(page).toHaveURL(/\/learn\/courses\/[\w-]+\/view\/content/);
  await expect(page.getByRole('navigation', { name: 'Course contents' })).toBeVisible();
  await expectNoAxeViolations(page);
});

test('the calendar widget shows this month and what comes up; Enter on today opens the calendar', async ({
  page,
}) => {
  await signIn(page, accounts.learner, '/learn');
  const calendar = page.getByRole('region', { name: 'Calendar' });
  await expect(calendar.getByRole('grid')).toBeVisible();
  // The demo's mandatory course is due in three weeks (seed clock): within the next two months.
  const upcoming = calendar.getByRole('region', { name: 'Coming up' });
  await expect(
    upcoming.getByRole('link', { name: 'Course due: Data Protection and GDPR' }),
  ).toBeVisible();
  await expectNoAxeViolations(page);

  // The grid has one tab stop, on today; Enter opens the calendar on that day.
  await calendar.getByRole('gridcell', { name: /today/ }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/learn\/calendar\?view=month&date=\d{4}-\d{2}-\d{2}/);
  await expect(page.getByRole('heading', { name: 'Calendar', level: 1 })).toBeVisible();
  await expectNoAxeViolations(page);
});
