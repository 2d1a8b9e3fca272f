// The feedback widget at the bottom of the shell, by keyboard only: the form's errors first, then feedback
// sent and exported by an administrator as CSV; axe on the page and on the open form.
import type { Locator, Page } from '@playwright/test';
import { accounts, expect, expectNoAxeViolations, signIn, test } from './fixtures.ts';

/** Presses Tab until `target` has focus, as a keyboard user would. */
async function tabTo(page: Page, target: Locator, max = 80) {
  for (let step = 0; step < max; step += 1) {
    if (await target.evaluate((element) => element === document.activeElement).catch(() => false))
      return;
    await page.keyboard.press('Tab');
  }
  await expect(target).toBeFocused();
}

test('a learner sends product feedback by keyboard, after the form has shown its errors', async ({
  page,
  browser,
}) => {
  await signIn(page, accounts.learner);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const open = page.getByRole('contentinfo').getByRole('button', { name: 'Send feedback' });
  await tabTo(page, open);
  await page.keyboard.press('Enter');

  const dialog = page.getByRole('dialog', { name: 'Share your feedback' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('checkbox')).toHaveCount(12);
  await expectNoAxeViolations(page);

  // Sending the empty form shows what is missing and puts the focus on the first problem.
  await tabTo(page, dialog.getByRole('button', { name: 'Send' }));
  await page.keyboard.press('Enter');
  await expect(dialog.getByText('Field is required')).toHaveCount(2);
  await expect(dialog.getByRole('radio', { name: 'Very poor' })).toBeFocused();
  await expectNoAxeViolations(page);

  // Arrow keys move through the rating, Space ticks struggles.
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(dialog.getByRole('radio', { name: 'Good' })).toBeChecked();
  await tabTo(page, dialog.getByRole('checkbox', { name: 'Results' }));
  await page.keyboard.press('Space');
  await tabTo(page, dialog.getByRole('checkbox', { name: 'Mobile accessibility' }));
  await page.keyboard.press('Space');
  const comment = dialog.getByRole('textbox', { name: 'Comment' });
  await tabTo(page, comment);
  const marker = `Results are hard to find ${Date.now()}`;
  await page.keyboard.type(marker);
  await expect(dialog.getByText('Field is required')).toHaveCount(2);

  const sent = page.waitForResponse(
    (response) => response.url().endsWith('/api/events') && response.request().method() === 'POST',
  );
  await tabTo(page, dialog.getByRole('button', { name: 'Send' }));
  await page.keyboard.press('Enter');
  expect((await sent).status()).toBe(202);
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('group', { name: 'Thank you for your feedback!' })).toBeVisible();

  // An administrator of the tenant exports it.
  const adminContext = await browser.newContext();
  const adminPage = await adminContext.newPage();
  await signIn(adminPage, accounts.admin);
  const exported = await adminPage.request.get('/api/platform/v1/product-feedback/export', {
    headers: { 'x-requested-with': 'XMLHttpRequest' },
  });
  expect(exported.status()).toBe(200);
  const line = (await exported.text()).split('\r\n').find((row) => row.includes(marker));
  expect(line).toContain('learner@example.com,4,results;mobileAccessibility,');
  expect(line).toMatch(/,en-US,Linux,Chrom(e|ium) \d+,/);
  await adminContext.close();

  // A learner may not export.
  const forbidden = await page.request.get('/api/platform/v1/product-feedback/export', {
    headers: { 'x-requested-with': 'XMLHttpRequest' },
  });
  expect(forbidden.status()).toBe(403);
});
