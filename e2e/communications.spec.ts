// Course announcements in the portal (decisions 0022, 0026): the unread count on a course card opens the hub,
// reading clears it, messages posted by an administrator arrive live (hub, card, Notifications layer), the hub
// says "Chat is not available" when its server cannot be reached, and the whole flow works by keyboard.
import type { Browser, Locator, Page } from '@playwright/test';
import {
  accounts,
  expect,
  expectNoAxeViolations,
  objectiveIdOf,
  signIn,
  test,
} from './fixtures.ts';

const COURSE = 'Introduction to Machine Learning';

/** Signs the administrator in (a second browser) and returns a poster of announcements in a course. */
async function administrator(browser: Browser) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, accounts.admin);
  return {
    async post(objectiveId: string, text: string) {
      const response = await page.request.post(
        `/api/lms/v1/objectives/${objectiveId}/announcements`,
        {
          headers: { 'X-Requested-With': 'XMLHttpRequest', 'Content-Type': 'application/json' },
          data: { text },
        },
      );
      expect(response.status()).toBe(201);
    },
    close: () => context.close(),
  };
}

function courseCard(page: Page): Locator {
  return page.getByRole('article', { name: COURSE });
}

/** Resolves once the page's live stream has answered (its headers arrived). */
function liveStreamOpened(page: Page) {
  return page.waitForResponse((response) =>
    response.url().includes('/users/me/announcement-events'),
  );
}

test('a learner reads announcements from the course card, and new ones arrive live', async ({
  page,
  browser,
}) => {
  const streamOpened = liveStreamOpened(page);
  await signIn(page, accounts.learner);
  const card = courseCard(page);
  const badge = card.getByRole('button', { name: 'Unread announcements: 2' });
  await expect(badge).toBeVisible();
  await expectNoAxeViolations(page);

  await badge.click();
  const hub = page.getByRole('dialog', { name: `Messages ${COURSE}` });
  await expect(hub.getByText(/Office hours move to Thursday/)).toBeVisible();
  await expect(hub.getByText(/notebook for module 3 has been updated/)).toBeVisible();
  await expect(hub.getByRole('separator', { name: 'New' })).toBeVisible();
  await expectNoAxeViolations(page);
  // Viewing the channel read it: after closing, the card has no count and focus is on its title.
  await page.keyboard.press('Escape');
  await expect(hub).toBeHidden();
  await expect(card.getByRole('button', { name: /Unread announcements/ })).toHaveCount(0);
  await expect(card.getByRole('link', { name: COURSE })).toBeFocused();

  // An administrator posts: the card's count comes back without a reload.
  const objectiveId = await objectiveIdOf(page, COURSE);
  expect((await streamOpened).status()).toBe(200);
  const admin = await administrator(browser);
  await admin.post(objectiveId, 'The lab moves to room 4 this week.');
  const liveBadge = card.getByRole('button', { name: 'Unread announcements: 1' });
  await expect(liveBadge).toBeVisible();

  // In the open hub, a new message appears at the bottom and is read at once.
  await liveBadge.click();
  await expect(hub.getByText('The lab moves to room 4 this week.')).toBeVisible();
  await admin.post(objectiveId, 'Bring your laptop on Friday.');
  const messages = hub
    .getByRole('region', { name: 'Messages in Announcements' })
    .getByRole('listitem');
  await expect(messages.last()).toContainText('Bring your laptop on Friday.');
  await expect(page.locator('#live-announcer-polite')).toHaveText(
    `New announcement from ${accounts.admin.name}: Bring your laptop on Friday.`,
  );
  // The learner reacts to an announcement.
  const lab = messages.filter({ hasText: 'The lab moves to room 4 this week.' });
  await lab.getByRole('button', { name: '🎉 reactions: 0' }).click();
  await expect(lab.getByRole('button', { name: '🎉 reactions: 1' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await hub.getByRole('button', { name: 'Close messages' }).click();
  await expect(card.getByRole('button', { name: /Unread announcements/ })).toHaveCount(0);

  // The course details' Notifications layer carries the count live and opens the hub there.
  await card.getByRole('link', { name: COURSE }).click();
  const sections = page.getByRole('navigation', { name: 'Course sections' });
  await expect(sections.getByRole('button', { name: 'Notifications' })).toBeVisible();
  await admin.post(objectiveId, 'Quiz answers are online.');
  const notifications = sections.getByRole('button', {
    name: 'Notifications, Unread announcements: 1',
  });
  await expect(notifications).toBeVisible();
  await expectNoAxeViolations(page);
  await notifications.click();
  await expect(hub.getByText('Quiz answers are online.')).toBeVisible();
  await expectNoAxeViolations(page);
  await page.keyboard.press('Escape');
  await expect(sections.getByRole('button', { name: 'Notifications' })).toBeVisible();
  await admin.close();
});

test('the hub works by keyboard and returns focus to what opened it', async ({ page }) => {
  await signIn(page, accounts.learner);
  const objectiveId = await objectiveIdOf(page, COURSE);
  await page.goto(`/learn/courses/${objectiveId}`);
  const layer = page
    .getByRole('navigation', { name: 'Course sections' })
    .getByRole('button', { name: /^Notifications/ });
  await expect(layer).toBeVisible();
  // Tab through the page to the layer, as a keyboard user does.
  for (let step = 0; step < 40; step += 1) {
    if (await layer.evaluate((element) => element === document.activeElement)) break;
    await page.keyboard.press('Tab');
  }
  await expect(layer).toBeFocused();
  await page.keyboard.press('Enter');
  const hub = page.getByRole('dialog', { name: `Messages ${COURSE}` });
  await expect(hub.getByText(/Office hours move to Thursday/)).toBeVisible();
  // Focus stays inside the window while moving through it.
  for (let step = 0; step < 6; step += 1) {
    await page.keyboard.press('Tab');
    expect(await hub.evaluate((dialog) => dialog.contains(document.activeElement))).toBe(true);
  }
  await page.keyboard.press('Escape');
  await expect(hub).toBeHidden();
  await expect(layer).toBeFocused();
});

test('the hub says chat is not available when its server cannot be reached, and retries', async ({
  page,
}) => {
  await signIn(page, accounts.learner);
  const objectiveId = await objectiveIdOf(page, COURSE);
  await page.route('**/api/lms/v1/objectives/*/announcements', (route) =>
    route.fulfill({ status: 503, contentType: 'application/json', body: '{"message":"Down"}' }),
  );
  await page.goto(`/learn/courses/${objectiveId}`);
  await page
    .getByRole('navigation', { name: 'Course sections' })
    .getByRole('button', { name: /^Notifications/ })
    .click();
  const hub = page.getByRole('dialog', { name: `Messages ${COURSE}` });
  await expect(hub.getByText('Chat is not available. Please contact administrator.')).toBeVisible();
  await expect(hub.getByRole('listitem')).toHaveCount(0);
  await expectNoAxeViolations(page);

  await page.unroute('**/api/lms/v1/objectives/*/announcements');
  await hub.getByRole('button', { name: 'Try again' }).click();
  await expect(hub.getByText(/Office hours move to Thursday/)).toBeVisible();
});

test('an administrator posts, edits and deletes an announcement in the hub', async ({ page }) => {
  await signIn(page, accounts.admin);
  const objectiveId = await objectiveIdOf(page, COURSE);
  await page.goto(`/learn/courses/${objectiveId}`);
  await page
    .getByRole('navigation', { name: 'Course sections' })
    .getByRole('button', { name: /^Notifications/ })
    .click();
  const hub = page.getByRole('dialog', { name: `Messages ${COURSE}` });
  const box = hub.getByRole('textbox', { name: 'New announcement' });
  await box.fill('Slides for week 2 are up.');
  await expect(hub.getByText('25 of 2,000 characters')).toBeVisible();
  await expectNoAxeViolations(page);

  // Too long: the server's own words under the field.
  await box.fill('x'.repeat(2001));
  await hub.getByRole('button', { name: 'Post' }).click();
  await expect(hub.getByText('Maximum length is 2000')).toBeVisible();
  await expect(box).toHaveAttribute('aria-invalid', 'true');

  await box.fill('Slides for week 2 are up.');
  await hub.getByRole('button', { name: 'Post' }).click();
  const messages = hub
    .getByRole('region', { name: 'Messages in Announcements' })
    .getByRole('listitem');
  const mine = messages.last();
  await expect(mine).toContainText('Slides for week 2 are up.');
  await expect(box).toHaveValue('');

  await mine.getByRole('button', { name: 'Edit' }).click();
  await mine
    .getByRole('textbox', { name: 'Edit the announcement' })
    .fill('Slides for week 2 and 3.');
  await mine.getByRole('button', { name: 'Save' }).click();
  await expect(mine).toContainText('Slides for week 2 and 3.');
  await expect(mine).toContainText('edited');

  await mine.getByRole('button', { name: 'Delete' }).click();
  const confirm = mine.getByRole('group', { name: 'Delete this announcement?' });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(mine).toContainText('This announcement was deleted.');
  await expectNoAxeViolations(page);
});

/** The administrator's reply in a learner's direct channel of a course (through the channel API). */
async function replyAsAdministrator(
  browser: Browser,
  objectiveId: string,
  learner: string,
  text: string,
) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, accounts.admin);
  const list = await page.request.get('/api/lms/v1/users/me/channels');
  expect(list.ok()).toBe(true);
  const { items } = (await list.json()) as {
    items: { id: string; kind: string; objectiveId: string; learner: { name: string } | null }[];
  };
  const channel = items.find(
    (item) =>
      item.kind === 'direct' && item.objectiveId === objectiveId && item.learner?.name === learner,
  );
  if (!channel) throw new Error(`No direct channel with ${learner}`);
  const response = await page.request.post(`/api/lms/v1/channels/${channel.id}/messages`, {
    headers: { 'X-Requested-With': 'XMLHttpRequest', 'Content-Type': 'application/json' },
    data: { text },
  });
  expect(response.status()).toBe(201);
  await context.close();
}

test('a learner talks in the course discussion and messages the staff, whose reply arrives live', async ({
  page,
  browser,
}) => {
  const streamOpened = liveStreamOpened(page);
  await signIn(page, accounts.learner);
  const objectiveId = await objectiveIdOf(page, COURSE);
  expect((await streamOpened).status()).toBe(200);
  // An announcement gives the card its count, the way into the hub.
  const admin = await administrator(browser);
  await admin.post(objectiveId, 'The course discussion is open.');
  await admin.close();
  await courseCard(page)
    .getByRole('button', { name: /^Unread announcements/ })
    .click();
  const hub = page.getByRole('dialog', { name: `Messages ${COURSE}` });
  await expect(hub.getByText('The course discussion is open.')).toBeVisible();
  const channels = hub.getByRole('navigation', { name: 'Channels' });
  await expect(channels.getByRole('button')).toHaveText([
    'Announcements',
    /^Discussion/,
    /^Message the course staff/,
  ]);
  await expect(channels.getByRole('button', { name: 'Announcements' })).toHaveAttribute(
    'aria-current',
    'true',
  );

  // By keyboard to the Discussion, which has one unread reply.
  const discussion = channels.getByRole('button', { name: 'Discussion, unread: 1' });
  await expect(discussion).toBeVisible();
  for (let step = 0; step < 10; step += 1) {
    if (await discussion.evaluate((element) => element === document.activeElement)) break;
    await page.keyboard.press('Tab');
  }
  await expect(discussion).toBeFocused();
  await page.keyboard.press('Enter');
  const log = hub.getByRole('region', { name: 'Messages in Discussion' });
  await expect(log.getByText(/Good starting points/)).toBeVisible();
  await expect(hub.getByRole('separator', { name: 'New' })).toBeVisible();
  await expect(
    log.getByRole('link', { name: 'scikit-learn’s tutorial (opens in a new tab)' }),
  ).toHaveAttribute('href', 'https://scikit-learn.org/stable/tutorial/');
  await expect(log.locator('strong', { hasText: 'machine learning' })).toBeVisible();
  // Reading it cleared its count.
  await expect(channels.getByRole('button', { name: 'Discussion' })).toHaveAttribute(
    'aria-current',
    'true',
  );
  await expectNoAxeViolations(page);

  await hub
    .getByRole('textbox', { name: 'New message' })
    .fill('My plan: **plant photos** with [scikit-learn](https://scikit-learn.org)');
  await expect(hub.getByText(/Formatting: \*\*bold\*\*/).first()).toBeVisible();
  await hub.getByRole('button', { name: 'Send' }).click();
  await expect(log.locator('strong', { hasText: 'plant photos' })).toBeVisible();
  await expect(
    log.getByRole('link', { name: 'scikit-learn (opens in a new tab)' }),
  ).toHaveAttribute('href', 'https://scikit-learn.org/');
  await expect(hub.getByRole('textbox', { name: 'New message' })).toHaveValue('');
  // Reactions are toggle buttons with their counts.
  const reply = log.getByRole('listitem').filter({ hasText: 'Good starting points' }).first();
  await reply.getByRole('button', { name: '👍 reactions: 0' }).click();
  await expect(reply.getByRole('button', { name: '👍 reactions: 1' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );

  // The direct channel with the course staff: the unread answer, then a reply arriving live.
  await channels.getByRole('button', { name: /^Message the course staff/ }).click();
  const direct = hub.getByRole('region', { name: 'Messages in Message the course staff' });
  await expect(direct.locator('em', { hasText: 'Friday next week' })).toBeVisible();
  await expect(channels.getByRole('button', { name: 'Message the course staff' })).toBeVisible();
  await expectNoAxeViolations(page);
  await replyAsAdministrator(browser, objectiveId, accounts.learner.name, 'Safe travels, **Ada**!');
  await expect(direct.locator('strong', { hasText: 'Ada' })).toBeVisible();
  await expect(page.locator('#live-announcer-polite')).toHaveText(
    `New message from ${accounts.admin.name}: Safe travels, **Ada**!`,
  );
  // Seen while open: it stays read.
  await expect(channels.getByRole('button', { name: 'Message the course staff' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(hub).toBeHidden();
});
