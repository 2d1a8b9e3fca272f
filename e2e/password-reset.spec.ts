// Password reset as a person does it, through a real SMTP server (scripts/e2e-server.mjs starts one and appends
// every mail it receives to a file): "Forgot password?" on the sign-in page, the link from the received mail, a
// new password, signing in with it, and the old one refused. axe on every page of the way.
import type { Page } from '@playwright/test';
import {
  expect,
  expectNoAxeViolations,
  fillSignInForm,
  latestMailTo,
  signUpAsNewLearner,
  test,
} from './fixtures.ts';

/** The reset link of the latest mail to `address`. */
function resetLinkIn(address: string): string | undefined {
  const text = latestMailTo(address);
  return text && /https?:\/\/\S+\/oidc-op\/reset-password\?token=[\w-]+/.exec(text)?.[0];
}

async function signOut(page: Page, name: string) {
  await page.getByRole('button', { name }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page.getByRole('heading', { name: 'Sign in', level: 1 })).toBeVisible();
}

test('a learner resets a forgotten password with the link from the e-mail', async ({ page }) => {
  const account = await signUpAsNewLearner(page);
  await signOut(page, account.name);

  await expectNoAxeViolations(page);
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page.getByRole('heading', { name: 'Reset your password', level: 1 })).toBeVisible();
  await expect(page.getByLabel('E-mail')).toBeFocused();
  await expectNoAxeViolations(page);
  await page.getByLabel('E-mail').fill(account.email);
  await page.getByRole('button', { name: 'Send the link' }).click();
  await expect(page.getByRole('heading', { name: 'Check your e-mail', level: 1 })).toBeVisible();
  await expect(page.getByText('If an account exists for this address')).toBeVisible();
  await expectNoAxeViolations(page);

  // The worker delivers the mail to the SMTP server within a poll or two.
  await expect.poll(() => resetLinkIn(account.email), { timeout: 20_000 }).toBeDefined();
  const link = resetLinkIn(account.email)!;
  await page.goto(link);
  await expect(
    page.getByRole('heading', { name: 'Choose a new password', level: 1 }),
  ).toBeVisible();
  await expectNoAxeViolations(page);
  const newPassword = 'Brand-new-secret-7';
  await page.getByLabel('New password').fill(newPassword);
  await page.getByLabel('Confirm password').fill('not the same');
  await page.getByRole('button', { name: 'Save the new password' }).click();
  await expect(page.getByRole('alert')).toHaveText('Please correct the highlighted fields.');
  await expect(page.getByLabel('Confirm password')).toBeFocused();
  await expectNoAxeViolations(page);
  await page.getByLabel('New password').fill(newPassword);
  await page.getByLabel('Confirm password').fill(newPassword);
  await page.getByRole('button', { name: 'Save the new password' }).click();
  await expect(
    page.getByRole('heading', { name: 'Your password has been changed', level: 1 }),
  ).toBeVisible();
  await expectNoAxeViolations(page);

  // The link works once.
  await page.goto(link);
  await expect(
    page.getByRole('heading', { name: 'This link does not work', level: 1 }),
  ).toBeVisible();
  await expectNoAxeViolations(page);

  // The old password is refused, the new one signs in.
  await page.goto('/learn/courses');
  await fillSignInForm(page, account);
  await expect(page.getByRole('alert')).toHaveText('The e-mail or password is incorrect.');
  await page.getByLabel(/^password$/i).fill(newPassword);
  await page.getByRole('button', { name: /^sign in$/i }).click();
  await page.waitForURL((url) => url.pathname.startsWith('/learn'));
  await expect(page.getByRole('button', { name: account.name })).toBeVisible();
});

test('registering an address that has an account answers "check your e-mail" and the mail says why', async ({
  page,
}) => {
  const account = await signUpAsNewLearner(page);
  await signOut(page, account.name);
  await page.getByRole('link', { name: 'Create an account' }).click();
  await page.getByLabel('First name').fill('Someone');
  await page.getByLabel('Last name').fill('Else');
  await page.getByLabel('E-mail').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill('Another-secret-9');
  await page.getByLabel('Confirm password').fill('Another-secret-9');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('heading', { name: 'Check your e-mail', level: 1 })).toBeVisible();
  await expect(page.getByText(/already/i)).toHaveCount(0);
  await expectNoAxeViolations(page);
  await expect
    .poll(() => latestMailTo(account.email), { timeout: 20_000 })
    .toContain('you already have one');
});
