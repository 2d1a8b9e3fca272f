// The signed-in catalog: find a course, read its catalog page, add it to My Courses in one click.
import { accounts, expect, expectNoAxeViolations, signIn, test } from './fixtures.ts';

test('a learner finds a course by search, opens it, adds it and finds it in My Courses', async ({
  page,
}) => {
  await signIn(page, accounts.admin);
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Catalog' })
    .click();
  await expect(page.getByRole('heading', { name: 'Catalog', level: 1 })).toBeVisible();
  await expect(page).toHaveTitle('Catalog | Learner portal');
  await expect(page.getByRole('article')).toHaveCount(2);
  await expectNoAxeViolations(page);

  // The search matches the description, not only the name.
  await page.getByRole('searchbox', { name: 'Search the catalog' }).fill('ideate');
  await expect(page.getByRole('article')).toHaveCount(1);
  await page.getByRole('link', { name: 'Design Thinking' }).click();

  await expect(page.getByRole('heading', { name: 'Design Thinking', level: 1 })).toBeVisible();
  await expect(page.getByRole('region', { name: 'About' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Add to my courses' }).click();
  await expect(
    page.getByRole('group', { name: 'The course was added to your courses.' }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Enrolled' })).toBeDisabled();
  await expectNoAxeViolations(page);

  await page.getByRole('link', { name: 'Go to My courses' }).click();
  await expect(page.getByRole('heading', { name: 'My courses', level: 1 })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search courses' }).fill('design thinking');
  await expect(page.getByRole('article', { name: 'Design Thinking' })).toBeVisible();

  // It has left the catalog.
  await page.goto('/learn/catalog');
  await expect(page.getByRole('article')).toHaveCount(1);
  await expect(page.getByRole('article', { name: 'Negotiation Skills' })).toBeVisible();
});

test('a course that does not open yet cannot be added, with a clear message', async ({ page }) => {
  await signIn(page, accounts.learner, '/learn/catalog');
  await page.getByRole('link', { name: 'Negotiation Skills' }).click();
  await expect(page.getByRole('heading', { name: 'Negotiation Skills', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Add to my courses' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: /The course is available from/ }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add to my courses' })).toBeEnabled();
});

test('a course outside the learner catalog shows the unavailable page', async ({ page }) => {
  await signIn(page, accounts.learner, '/learn/catalog/00000000-0000-4000-8000-000000000001');
  await expect(
    page.getByRole('heading', { name: 'Course is not available', level: 1 }),
  ).toBeVisible();
  await expect(
    page.getByText(
      'You do not have the necessary access rights to open or enroll in this course or program.',
    ),
  ).toBeVisible();
  await expectNoAxeViolations(page);
});
