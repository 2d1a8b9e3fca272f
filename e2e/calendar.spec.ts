// The learner calendar (issue 14): opened from the navigation, month → week → agenda by keyboard only, a demo
// due date followed to its course, and the personal feed: link created, copied, fetched as iCalendar, and
// regenerated so the old address answers 404. axe on every state visited.
import type { Locator, Page } from '@playwright/test';
import { accounts, catalogText, expect, expectNoAxeViolations, signIn, test } from './fixtures.ts';

const COURSE = 'Data Protection and GDPR';

interface CalendarEvent {
  kind: string;
  localDate: string;
  objectiveName: string;
}

/** Presses Tab until `target` has focus, as a keyboard user would. */
async function tabTo(page: Page, target: Locator, max = 40) {
  for (let step = 0; step < max; step += 1) {
    if (await target.evaluate((element) => element === document.activeElement).catch(() => false))
      return;
    await page.keyboard.press('Tab');
  }
  await expect(target).toBeFocused();
}

const DAY_MS = 24 * 60 * 60 * 1000;
const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);

test('a learner reads their calendar by keyboard and subscribes to it', async ({
  page,
  context,
}) => {
  // Six axe runs and a feed fetched three times: well over the default minute on a busy machine.
  test.setTimeout(180_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signIn(page, accounts.learner);
  // From no feed (an earlier run against the same database may have left one).
  const revoked = await page.request.delete('/api/lms/v1/users/me/calendar-feed', {
    headers: { 'X-Requested-With': 'XMLHttpRequest', 'Content-Type': 'application/json' },
    data: {},
  });
  expect(revoked.status()).toBe(204);
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Calendar' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Calendar' })).toBeVisible();
  await expect(page).toHaveURL(/\/learn\/calendar/);

  // The demo's mandatory course is due in three weeks (seed clock); the learner's zone is UTC (no profile zone).
  const response = await page.request.get('/api/lms/v1/users/me/calendar-events', {
    headers: { 'X-Requested-With': 'XMLHttpRequest' },
  });
  expect(response.ok()).toBe(true);
  const { events } = (await response.json()) as { events: CalendarEvent[] };
  const due = events.find((e) => e.kind === 'courseDue' && e.objectiveName === COURSE)!;
  expect(due).toBeTruthy();
  const today = new Date().toISOString().slice(0, 10);

  // Month view: the focused day (today) is the grid's one tab stop.
  const grid = page.getByRole('grid');
  await expect(grid).toBeVisible();
  const todayCell = grid.getByRole('gridcell', { name: /, today, / });
  await expectNoAxeViolations(page);
  await tabTo(page, todayCell);

  // PageDown and PageUp change the month and keep the focus in the grid.
  const monthName = await grid.getAttribute('aria-label');
  await page.keyboard.press('PageDown');
  await expect(grid).not.toHaveAttribute('aria-label', monthName!);
  await expect(grid.locator('[role="gridcell"]:focus')).toHaveCount(1);
  await page.keyboard.press('PageUp');
  await expect(grid).toHaveAttribute('aria-label', monthName!);
  await expect(todayCell).toBeFocused();

  // Down a week at a time and right a day at a time to the due date, then Enter opens the day.
  const distance = daysBetween(today, due.localDate);
  for (let i = 0; i < Math.floor(distance / 7); i += 1) await page.keyboard.press('ArrowDown');
  for (let i = 0; i < distance % 7; i += 1) await page.keyboard.press('ArrowRight');
  await expect(page).toHaveURL(new RegExp(`date=${due.localDate}`));
  await expect(grid.locator('[role="gridcell"]:focus')).toHaveAttribute(
    'aria-label',
    /, events: \d+$/,
  );
  await page.keyboard.press('Enter');
  const dayHeading = page.getByRole('heading', { level: 3, name: /^Events on / });
  await expect(dayHeading).toBeFocused();
  const link = page.getByRole('link', { name: `Course due: ${COURSE}` });
  await expect(link).toBeVisible();
  await expectNoAxeViolations(page);

  // The view tabs by keyboard: arrows move and select.
  await page.getByRole('tab', { name: 'Month' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tab', { name: 'Week', selected: true })).toBeFocused();
  await expect(page).toHaveURL(/view=week/);
  await expect(page.getByRole('heading', { level: 3 })).toHaveCount(7);
  await expect(link).toBeVisible();
  await expectNoAxeViolations(page);

  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tab', { name: 'Agenda', selected: true })).toBeFocused();
  await expect(page).toHaveURL(/view=agenda/);
  await expect(link).toBeVisible();
  await expectNoAxeViolations(page);

  // Reload keeps the view and the day; the event leads to the course.
  await page.reload();
  await expect(page.getByRole('tab', { name: 'Agenda', selected: true })).toBeVisible();
  await tabTo(page, link);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/learn\/courses\/[^/]+\/view\/details/);
  await expect(page.getByRole('heading', { level: 1, name: COURSE })).toBeVisible();
  await page.goBack();
  await expect(page.getByRole('tab', { name: 'Agenda', selected: true })).toBeVisible();

  // The personal feed: created, shown once, copied, fetched as iCalendar.
  const panel = page.getByRole('region', { name: 'Subscribe in your calendar app' });
  await expect(panel.getByText(/The link is secret/)).toBeVisible();
  await tabTo(page, panel.getByRole('button', { name: 'Create subscription link' }));
  await page.keyboard.press('Enter');
  const https = panel.getByRole('textbox', { name: 'Subscription link (https)' });
  await expect(https).toBeVisible();
  await expect(panel.getByRole('link', { name: 'Open in calendar app' })).toHaveAttribute(
    'href',
    /^webcal:\/\//,
  );
  await tabTo(page, panel.getByRole('button', { name: 'Copy link' }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('group', { name: 'Link copied.' })).toBeVisible();
  const url = await page.evaluate(() => navigator.clipboard.readText());
  expect(url).toBe(await https.inputValue());
  expect(url).toMatch(/\/api\/lms\/v1\/public\/calendar-feeds\/[\w-]{43}\.ics$/);
  await expectNoAxeViolations(page);

  const feed = await page.request.get(url);
  expect(feed.status()).toBe(200);
  expect(feed.headers()['content-type']).toContain('text/calendar');
  // Long lines are folded (RFC 5545 §3.1): unfold before looking for the title.
  const ics = (await feed.text()).replace(/\r\n[ \t]/g, '');
  expect(ics).toContain('BEGIN:VCALENDAR');
  const summary = catalogText('en-US', 'calendar', 'courseDue', 'server').replace(
    '{{course}}',
    COURSE,
  );
  expect(ics).toContain(`SUMMARY:${summary}`);

  // Regenerating asks first, then the old address stops working.
  await tabTo(page, panel.getByRole('button', { name: 'Regenerate link' }));
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Regenerate the subscription link?' });
  await expect(dialog).toBeVisible();
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Regenerate link' }).click();
  await expect(dialog).toBeHidden();
  await expect(https).not.toHaveValue(url);
  const newUrl = await https.inputValue();
  expect((await page.request.get(url)).status()).toBe(404);
  expect((await page.request.get(newUrl)).status()).toBe(200);
  await expectNoAxeViolations(page);
});

test('on a 360 px screen the calendar opens on the agenda and the month grid fits', async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await signIn(page, accounts.learner, '/learn/calendar');
  await expect(page.getByRole('tab', { name: 'Agenda', selected: true })).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByRole('tab', { name: 'Agenda' }).focus();
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await expect(page.getByRole('tab', { name: 'Month', selected: true })).toBeFocused();
  const grid = page.getByRole('grid');
  await expect(grid).toBeVisible();
  const box = (await grid.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(360);
  // Nothing wider than the screen: no sideways scrolling.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await expectNoAxeViolations(page);
});
