// The public open catalog and the addToMyCourses deep action, as visitors and learners meet them.
import { type APIRequestContext } from '@playwright/test';
import {
  accounts,
  confirmRegistrationByMail,
  expect,
  expectNoAxeViolations,
  fillSignInForm,
  test,
} from './fixtures.ts';

async function publicCourseId(request: APIRequestContext, name: string): Promise<string> {
  const response = await request.get(
    '/api/lms/v1/public/open-catalog/objectives/query?domain=localhost&take=100',
  );
  expect(response.ok()).toBe(true);
  const { data } = (await response.json()) as { data: { id: string; name: string }[] };
  const course = data.find((c) => c.name === name);
  if (!course) throw new Error(`${name} is not in the open catalog`);
  return course.id;
}

test('a visitor browses and searches the open catalog, signs up from a course and ends enrolled in it', async ({
  page,
}) => {
  await page.goto('/learn/open-catalog');
  await expect(page.getByRole('heading', { name: 'Course catalog', level: 1 })).toBeVisible();
  // Public: no navigation menu, no user menu, a way to sign in.
  await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
  await expect(page.getByRole('banner').getByRole('link', { name: 'Sign in' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Courses' }).getByRole('article')).toHaveCount(6);
  await expectNoAxeViolations(page);

  await page.getByRole('searchbox', { name: 'Search courses' }).fill('PYTHON');
  await expect(page.getByRole('article')).toHaveCount(1);
  await page.getByRole('searchbox', { name: 'Search courses' }).fill('nothing is called like this');
  await expect(page.getByRole('heading', { name: 'No courses found', level: 2 })).toBeVisible();
  await page.getByRole('button', { name: 'Clear search' }).click();
  await page
    .getByRole('group', { name: 'Collections' })
    .getByText('Data & AI', { exact: true })
    .click();
  await expect(page.getByRole('article')).toHaveCount(2);

  await page.getByRole('link', { name: 'Python for Data Analysis' }).click();
  await expect(
    page.getByRole('heading', { name: 'Python for Data Analysis', level: 1 }),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/learn\/open-catalog\/[\w-]+\/view\/details$/);
  await expectNoAxeViolations(page);

  await page.getByRole('button', { name: 'Sign up and add to my courses' }).click();
  await expect(page.getByRole('heading', { name: 'Create an account', level: 1 })).toBeVisible();
  await page.getByLabel('First name').fill('Dorothy');
  await page.getByLabel('Last name').fill('Vaughan');
  const account = {
    email: `dorothy.${Date.now()}@example.com`,
    password: 'Sup3r-secret',
    name: 'Dorothy Vaughan',
  };
  await page.getByLabel('E-mail').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByLabel('Confirm password').fill(account.password);
  await page.getByRole('button', { name: 'Create account' }).click();
  // The sign-in after the mailed confirmation still adds the course.
  await confirmRegistrationByMail(page, account);

  await expect(
    page.getByRole('group', { name: 'Python for Data Analysis was added to your courses.' }),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/learn\/courses$/);
  await expect(page.getByText('Your account has been created')).toHaveCount(0);
  await expect(page.getByRole('article', { name: 'Python for Data Analysis' })).toBeVisible();
  await expect(page.getByText('Showing 1 of 1 course')).toBeVisible();
  await expectNoAxeViolations(page);
});

test('the addToMyCourses deep link works from a cold start through sign-in', async ({ page }) => {
  const objectiveId = await publicCourseId(page.request, 'Excel Power Tips');
  await page.goto(`/learn/courses?occflow=addToMyCourses&objectiveId=${objectiveId}`);
  await fillSignInForm(page, accounts.admin);

  await expect(
    page.getByRole('group', { name: 'Excel Power Tips was added to your courses.' }),
  ).toBeVisible();
  await expect(page).not.toHaveURL(/occflow|objectiveId/);
  await page.getByRole('searchbox', { name: 'Search courses' }).fill('excel');
  await expect(page.getByRole('article', { name: 'Excel Power Tips' })).toBeVisible();
});

test('the addToMyCourses deep link fails cleanly for an unknown course', async ({ page }) => {
  await page.goto('/learn/courses');
  await fillSignInForm(page, accounts.learner);
  await expect(page.getByRole('heading', { name: 'My courses', level: 1 })).toBeVisible();
  const unknown = '5a1b2c3d-0000-4000-8000-00000000beef';
  await page.goto(`/learn/courses?occflow=addToMyCourses&objectiveId=${unknown}`);
  await expect(
    page.getByRole('alert').filter({ hasText: `Course with id '${unknown}' does not exist` }),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/learn\/courses$/);
  await expect(page.getByText('Showing 13 of 13 courses')).toBeVisible();
});

test('an unknown open-catalog course shows the unavailable page', async ({ page }) => {
  await page.goto('/learn/open-catalog/00000000-0000-4000-8000-000000000002/view/details');
  await expect(
    page.getByRole('heading', { name: 'Course is not available', level: 1 }),
  ).toBeVisible();
  await expectNoAxeViolations(page);
});
