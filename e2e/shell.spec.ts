// The application shell as a person meets it: sign-in, navigation, menus, errors, language, colour scheme.
import {
  accounts,
  confirmRegistrationByMail,
  expect,
  expectNoAxeViolations,
  fillSignInForm,
  signIn,
  test,
  signUpAsNewLearner,
} from './fixtures.ts';

test('a learner signs in and lands on My Courses inside the shell', async ({ page }) => {
  await page.goto('/learn/courses');
  await expect(page.getByRole('heading', { name: 'Sign in', level: 1 })).toBeVisible();
  await expectNoAxeViolations(page);
  await fillSignInForm(page, accounts.learner);

  await expect(page).toHaveURL(/\/learn\/courses/);
  await expect(page.getByRole('heading', { name: 'My courses', level: 1 })).toBeVisible();
  await expect(page).toHaveTitle('My courses | Learner portal');
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Courses' }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: accounts.learner.name })).toBeVisible();
  await expect(page.getByRole('contentinfo')).toContainText(/Version/);
  await expectNoAxeViolations(page);

  // The skip link is the first stop of the keyboard and moves focus to the main region.
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to main content' });
  await expect(skip).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('main')).toBeFocused();
});

// The demo tenant turns the dashboard on, so the root shows it (e2e/dashboard.spec.ts); with it off the root
// redirects to My Courses keeping query and hash (apps/web/src/app/routes/index-redirect.test.tsx).
test('the root shows the dashboard when the tenant turns it on, keeping the address', async ({
  page,
}) => {
  await signIn(page, accounts.learner);
  await page.goto('/learn/?keyword=data#top');
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await expect(page).toHaveURL(/\/learn\/\?keyword=data#top$/);
});

test('wrong credentials show a clear error and no session', async ({ page }) => {
  await page.goto('/learn/courses');
  await fillSignInForm(page, { ...accounts.learner, password: 'not-the-password' });
  await expect(page.getByText('The e-mail or password is incorrect.')).toBeVisible();
  await expectNoAxeViolations(page);
});

test('signing out in one tab signs out the other', async ({ page, context }) => {
  await signIn(page, accounts.learner);
  await expect(page.getByRole('heading', { name: 'My courses' })).toBeVisible();
  const other = await context.newPage();
  await other.goto('/learn/courses');
  await expect(other.getByRole('heading', { name: 'My courses' })).toBeVisible();

  await page.getByRole('button', { name: accounts.learner.name }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();

  await expect(other.getByRole('heading', { name: 'Sign in', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Sign in', level: 1 })).toBeVisible();
  // The server session is gone: the portal asks for the password again.
  await page.goto('/learn/courses');
  await expect(page.getByRole('heading', { name: 'Sign in', level: 1 })).toBeVisible();
});

test('a user without ObjectiveWorkflow.Create lands on the forbidden page', async ({ page }) => {
  await page.goto('/learn/courses');
  await fillSignInForm(page, accounts.author);
  await expect(page).toHaveURL(/\/learn\/forbidden$/);
  await expect(page.getByRole('heading', { name: 'Forbidden', level: 1 })).toBeVisible();
  await expect(page.getByRole('main').getByRole('link')).toHaveCount(0);
  await expectNoAxeViolations(page);
});

test('an unknown route shows the not-found page with the learner button', async ({ page }) => {
  await signIn(page, accounts.learner);
  await page.goto('/learn/no-such-page');
  await expect(page.getByRole('heading', { name: 'Page not found', level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to My courses' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('link', { name: 'Go to My courses' }).click();
  await expect(page.getByRole('heading', { name: 'My courses', level: 1 })).toBeVisible();
});

test('a user holding more than the Learner role gets the content-library button', async ({
  page,
}) => {
  await signIn(page, accounts.admin);
  await page.goto('/learn/no-such-page');
  await expect(page.getByRole('heading', { name: 'Page not found', level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to Content library' })).toBeVisible();
});

test('/simulate-error shows the full-screen 500 page', async ({ page }) => {
  await signIn(page, accounts.learner);
  await page.goto('/learn/simulate-error');
  await expect(page.getByRole('heading', { name: 'Something went wrong', level: 1 })).toBeVisible();
  await expectNoAxeViolations(page);
});

test('switching to Arabic flips the layout to right-to-left and survives a reload', async ({
  page,
}) => {
  // A learner of their own: the choice is saved on the profile, which other tests must not inherit.
  const account = await signUpAsNewLearner(page);
  await page.getByRole('button', { name: account.name }).click();
  await page.getByRole('menuitem', { name: 'Language' }).click();
  await page.getByRole('menuitemradio', { name: 'العربية' }).click();

  const html = page.locator('html');
  await expect(html).toHaveAttribute('dir', 'rtl');
  await expect(html).toHaveAttribute('lang', 'ar-AR');
  await expectNoAxeViolations(page);
  await page.reload();
  await expect(html).toHaveAttribute('dir', 'rtl');
  await expect(html).toHaveAttribute('lang', 'ar-AR');

  await page.getByRole('button', { name: account.name }).click();
  await page.getByRole('menuitem', { name: /Language|اللغة/ }).click();
  await page.getByRole('menuitemradio', { name: 'English (United States)' }).click();
  await expect(html).toHaveAttribute('dir', 'ltr');
});

test('the dark colour scheme toggles and is remembered', async ({ page }) => {
  await signIn(page, accounts.learner);
  const html = page.locator('html');
  await expect(html).toHaveAttribute('data-mantine-color-scheme', 'light');
  await page.getByRole('button', { name: accounts.learner.name }).click();
  await page.getByRole('menuitemcheckbox', { name: 'Dark colour scheme' }).click();
  await expect(html).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await page.keyboard.press('Escape');
  await expectNoAxeViolations(page);
  await page.reload();
  await expect(html).toHaveAttribute('data-mantine-color-scheme', 'dark');
});

test('a visitor creates an account, confirms it from the mail, signs in and sees the account-created toast', async ({
  page,
}) => {
  await page.goto('/learn/courses');
  await page.getByRole('link', { name: 'Create an account' }).click();
  await expect(page.getByRole('heading', { name: 'Create an account', level: 1 })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByLabel('First name').fill('Mary');
  await page.getByLabel('Last name').fill('Jackson');
  const account = {
    email: `mary.${Date.now()}@example.com`,
    password: 'Sup3r-secret',
    name: 'Mary Jackson',
  };
  await page.getByLabel('E-mail').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByLabel('Confirm password').fill(account.password);
  await page.getByRole('button', { name: 'Create account' }).click();

  // No account until the address is confirmed: the same page as for an address that has one.
  await expect(page.getByRole('heading', { name: 'Check your e-mail', level: 1 })).toBeVisible();
  await expect(page.getByText(/already/i)).toHaveCount(0);
  await confirmRegistrationByMail(page, account, { axe: true });

  await expect(page.getByRole('heading', { name: 'My courses', level: 1 })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Welcome!' })).toContainText(
    'Your account has been created',
  );
  await expect(page).not.toHaveURL(/selfRegistered/);
  await expect(page.getByRole('button', { name: 'Mary Jackson' })).toBeVisible();
});

test('the profile page shows the personal info and the time-zone tab', async ({ page }) => {
  await signIn(page, accounts.learner);
  await page.getByRole('button', { name: accounts.learner.name }).click();
  await page.getByRole('menuitem', { name: 'Profile' }).click();
  await expect(page.getByRole('heading', { name: accounts.learner.name, level: 1 })).toBeVisible();
  await expect(page.getByText(`Email: ${accounts.learner.email}`)).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('tab', { name: 'Preferred time zone' }).click();
  await page.getByRole('combobox', { name: 'Time zone' }).click();
  await page.getByRole('combobox', { name: 'Time zone' }).fill('Tokyo');
  await page.getByRole('option', { name: /Osaka, Sapporo, Tokyo/ }).click();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('group', { name: 'The time zone was set' })).toBeVisible();
  await expectNoAxeViolations(page);
});
