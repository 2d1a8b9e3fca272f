// My Courses as a learner uses it: search, collection chips, the filter drawer, URL and stored filters, empty states.
import { type Page } from '@playwright/test';
import { accounts, expect, expectNoAxeViolations, signIn, test } from './fixtures.ts';

const ENROLLED_COUNT = 13;

const cards = (page: Page) => page.getByRole('main').getByRole('article');

async function openFilters(page: Page) {
  await page.getByRole('button', { name: /^Filters/ }).click();
  return page.getByRole('dialog', { name: 'Filters' });
}

async function closeFilters(page: Page) {
  await page.getByRole('button', { name: 'Close filters' }).click();
  await expect(page.getByRole('dialog', { name: 'Filters' })).toBeHidden();
}

test.beforeEach(async ({ page }) => {
  await signIn(page, accounts.learner);
  await expect(
    page.getByText(`Showing ${ENROLLED_COUNT} of ${ENROLLED_COUNT} courses`),
  ).toBeVisible();
});

test('the list shows every enrolled course with its state, and nothing archived or catalog-only', async ({
  page,
}) => {
  await expect(cards(page)).toHaveCount(ENROLLED_COUNT);
  await expect(cards(page).filter({ hasText: 'Onboarding 2019' })).toHaveCount(0);
  await expect(cards(page).filter({ hasText: 'Public Speaking' })).toHaveCount(0);

  const inProgress = page.getByRole('article', { name: 'Introduction to Machine Learning' });
  await expect(inProgress.getByText(/^Started /)).toBeVisible();
  await expect(inProgress.getByRole('progressbar', { name: 'Progress' })).toHaveAttribute(
    'aria-valuenow',
    '35',
  );
  await expect(
    inProgress.getByRole('link', { name: 'Introduction to Machine Learning' }),
  ).toHaveAttribute('href', /\/learn\/courses\/[\w-]+\/view\/content$/);

  const passed = page.getByRole('article', { name: 'Responsible AI' });
  await expect(passed.getByText('Grade: A')).toBeVisible();
  await expect(passed.getByText('92%')).toBeVisible();
  await expect(passed.getByRole('link', { name: 'Go to details: Responsible AI' })).toBeVisible();

  // Grade reveal "never": the learner sees that the course is completed, never the score.
  const hidden = page.getByRole('article', { name: 'Business Spanish A2' });
  await expect(hidden.getByText(/^Completed /)).toBeVisible();
  await expect(hidden.getByText(/%$/)).toHaveCount(0);

  await expect(
    page.getByRole('article', { name: 'Cloud Architecture Basics' }).getByText('Coming soon'),
  ).toBeVisible();
  await expect(
    page
      .getByRole('article', { name: 'Workplace Safety Essentials' })
      .getByText(/^Available from /),
  ).toBeVisible();
  await expectNoAxeViolations(page);
});

test('search matches name and code, case-insensitively, and can be cleared', async ({ page }) => {
  const search = page.getByRole('searchbox', { name: 'Search courses' });
  await search.fill('PYTHON');
  await expect(cards(page)).toHaveCount(1);
  await expect(cards(page).first()).toContainText('Python for Data Analysis');
  await expect(page).toHaveURL(/keyword=python/);

  await search.fill('cmp-0');
  await expect(cards(page)).toHaveCount(3);

  await search.fill('no course is called this');
  await expect(
    page.getByRole('heading', { name: 'No courses match your search', level: 2 }),
  ).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(cards(page)).toHaveCount(ENROLLED_COUNT);
  await expect(search).toHaveValue('');
});

test('each filter group narrows the list, the button counts them, and clearing restores all', async ({
  page,
}) => {
  let drawer = await openFilters(page);
  await expectNoAxeViolations(page);
  await drawer.getByRole('checkbox', { name: 'Completed' }).check();
  await closeFilters(page);
  await expect(cards(page)).toHaveCount(5);
  await expect(page.getByRole('button', { name: 'Filters, 1 active' })).toBeVisible();

  drawer = await openFilters(page);
  await drawer.getByRole('checkbox', { name: 'Mandatory' }).check();
  await closeFilters(page);
  await expect(cards(page)).toHaveCount(1);
  await expect(cards(page).first()).toContainText('Anti-Bribery and Corruption');

  drawer = await openFilters(page);
  await drawer.getByRole('button', { name: 'Clear filters' }).click();
  await drawer.getByRole('checkbox', { name: 'Spring 2027' }).check();
  await closeFilters(page);
  await expect(cards(page)).toHaveCount(4);

  drawer = await openFilters(page);
  await drawer.getByRole('checkbox', { name: 'Spring 2027' }).uncheck();
  await drawer
    .getByRole('group', { name: 'Collection' })
    .getByRole('checkbox', { name: 'Leadership' })
    .check();
  await closeFilters(page);
  await expect(cards(page)).toHaveCount(2);

  drawer = await openFilters(page);
  await drawer.getByRole('button', { name: 'Clear filters' }).click();
  await closeFilters(page);
  await expect(cards(page)).toHaveCount(ENROLLED_COUNT);
  await expect(page.getByRole('button', { name: 'Filters' })).toBeVisible();
});

test('collection chips filter, including the synthetic Uncategorized collection', async ({
  page,
}) => {
  const chips = page.getByRole('group', { name: 'Collections' });
  // A chip is a visually styled checkbox: the person clicks its label.
  await chips.getByText('Languages', { exact: true }).click();
  await expect(chips.getByRole('checkbox', { name: 'Languages' })).toBeChecked();
  await expect(cards(page)).toHaveCount(2);
  await chips.getByText('Uncategorized', { exact: true }).click();
  await expect(cards(page)).toHaveCount(4);
  await expectNoAxeViolations(page);
});

test('filters survive a reload and a new visit', async ({ page }) => {
  const drawer = await openFilters(page);
  await drawer.getByRole('checkbox', { name: 'In progress' }).check();
  await closeFilters(page);
  await expect(cards(page)).toHaveCount(3);
  await expect(page).toHaveURL(/courseProgress=inProgress/);

  await page.reload();
  await expect(cards(page)).toHaveCount(3);
  await expect(page.getByRole('button', { name: 'Filters, 1 active' })).toBeVisible();

  await page.goto('/learn/courses');
  await expect(page).toHaveURL(/courseProgress=inProgress/);
  await expect(cards(page)).toHaveCount(3);
});

test('an unknown collection in the address is removed with a toast, other filters stay', async ({
  page,
}) => {
  await page.goto(
    '/learn/courses?collection=6f1c2d3e-0000-4000-8000-000000000000&courseProgress=completed',
  );
  await expect(
    page.getByRole('group', { name: 'Some filters are no longer available and were removed.' }),
  ).toBeVisible();
  await expect(page).not.toHaveURL(/collection=/);
  await expect(page).toHaveURL(/courseProgress=completed/);
  await expect(cards(page)).toHaveCount(5);
});

test('a learner without courses sees the empty state', async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, accounts.newcomer);
  await expect(
    page.getByRole('heading', { name: 'You have no courses yet', level: 2 }),
  ).toBeVisible();
  await expectNoAxeViolations(page);
  // The demo tenant has the catalog on, so the empty state leads there (her catalog is empty too).
  await page.getByRole('link', { name: 'Go to catalog' }).click();
  await expect(page.getByRole('heading', { name: 'Catalog', level: 1 })).toBeVisible();
  await expect(
    page.getByRole('heading', { name: 'There are no courses in the catalog', level: 2 }),
  ).toBeVisible();
  await expectNoAxeViolations(page);
  await context.close();
});
