// The shell and the course lists as people use them, keyboard only where it matters (issue 10: saved
// filters, error pages, long searches, stray query keys, focus and announcements, request conventions), and
// axe on every signed-in page in en-US and ar-AR, light and dark, desktop and mobile.
import AxeBuilder from '@axe-core/playwright';
import {
  type APIRequestContext,
  type BrowserContextOptions,
  type Locator,
  type Page,
} from '@playwright/test';
import {
  accounts,
  catalogText,
  confirmRegistrationByMail,
  expect,
  expectNoAxeViolations,
  fillSignInForm,
  objectiveIdOf,
  signIn,
  test,
  type Account,
} from './fixtures.ts';

const DESKTOP = { width: 1366, height: 900 };
const MOBILE = { width: 390, height: 844 };
const MAX_SEARCH = 200;

const search = (page: Page) => page.getByRole('searchbox', { name: 'Search courses' });
const userMenuButton = (page: Page, account: Account) =>
  page.getByRole('button', { name: account.name });
const politeRegion = (page: Page) => page.locator('#live-announcer-polite');

/** Presses Tab (or Shift+Tab) until `target` has focus, as a keyboard user would. */
async function tabTo(page: Page, target: Locator, { reverse = false, max = 60 } = {}) {
  for (let step = 0; step < max; step += 1) {
    if (await target.evaluate((element) => element === document.activeElement).catch(() => false))
      return;
    await page.keyboard.press(reverse ? 'Shift+Tab' : 'Tab');
  }
  await expect(target).toBeFocused();
}

const focusedText = (page: Page) =>
  page.evaluate(() => document.activeElement?.textContent?.trim() ?? '');

async function signOut(page: Page, account: Account) {
  await userMenuButton(page, account).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page.getByRole('heading', { name: 'Sign in', level: 1 })).toBeVisible();
}

/** Axe's check that a control's name contains its visible text (experimental, so asked for by name). */
async function expectLabelsContainVisibleText(page: Page) {
  const { violations } = await new AxeBuilder({ page })
    .withRules(['label-content-name-mismatch'])
    .analyze();
  expect(violations.map((v) => v.nodes.map((n) => n.target.join(' ')))).toEqual([]);
}

async function publicCourseId(request: APIRequestContext, name: string): Promise<string> {
  const response = await request.get(
    '/api/lms/v1/public/open-catalog/objectives/query?domain=localhost&take=100',
  );
  expect(response.ok()).toBe(true);
  const { data } = (await response.json()) as { data: { id: string; name: string }[] };
  const course = data.find((candidate) => candidate.name === name);
  if (!course) throw new Error(`${name} is not in the open catalog`);
  return course.id;
}

/** A new person, so nothing this test does touches the demo learners other specs rely on. */
async function registerNewLearner(page: Page): Promise<Account> {
  const account = {
    email: `keyboard.${Date.now()}@example.com`,
    password: 'Sup3r-secret',
    name: 'Dorothy Vaughan',
  };
  await page.goto('/learn/courses');
  await page.getByRole('link', { name: 'Create an account' }).click();
  await page.getByLabel('First name').fill('Dorothy');
  await page.getByLabel('Last name').fill('Vaughan');
  await page.getByLabel('E-mail').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByLabel('Confirm password').fill(account.password);
  await page.getByRole('button', { name: 'Create account' }).click();
  await confirmRegistrationByMail(page, account);
  await expect(page.getByRole('heading', { name: 'My courses', level: 1 })).toBeVisible();
  return account;
}

test.describe('saved filters, error pages and the address of the course lists', () => {
  test('a search saved by one learner never reaches the next person on the browser', async ({
    page,
  }) => {
    await signIn(page, accounts.learner);
    await search(page).fill('gdpr');
    await expect(page).toHaveURL(/keyword=gdpr/);
    await expect(page.getByRole('article', { name: 'Data Protection and GDPR' })).toBeVisible();
    await signOut(page, accounts.learner);
    expect(
      await page.evaluate(() =>
        Object.keys(localStorage).filter((key) => key.startsWith('courses.enrolled.filters')),
      ),
    ).toEqual([]);

    await page.goto('/learn/courses');
    await fillSignInForm(page, accounts.admin);
    await expect(page.getByRole('heading', { name: 'My courses', level: 1 })).toBeVisible();
    await expect(page).not.toHaveURL(/keyword/);
    await expect(search(page)).toHaveValue('');
  });

  test('error pages send learner-only users and signed-out visitors to My courses', async ({
    page,
  }) => {
    await page.goto('/learn/simulate-error');
    await expect(
      page.getByRole('heading', { name: 'Something went wrong', level: 1 }),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: 'Go to My courses' })).toHaveAttribute(
      'href',
      '/learn/courses',
    );
    await expect(page.getByRole('link', { name: 'Go to Content library' })).toHaveCount(0);

    await signIn(page, accounts.learner);
    await page.goto('/learn/simulate-error');
    await expect(
      page.getByRole('heading', { name: 'Something went wrong', level: 1 }),
    ).toBeVisible();
    await page.getByRole('link', { name: 'Go to My courses' }).click();
    await expect(page.getByRole('heading', { name: 'My courses', level: 1 })).toBeVisible();
  });

  test('an administrator on the full-screen error page gets the Content library', async ({
    page,
  }) => {
    await signIn(page, accounts.admin);
    await page.goto('/learn/simulate-error');
    await expect(page.getByRole('link', { name: 'Go to Content library' })).toHaveAttribute(
      'href',
      '/',
    );
  });

  test('a very long search is cut to what the server accepts and never shows an error', async ({
    page,
  }) => {
    await signIn(page, accounts.learner);
    await search(page).focus();
    await page.keyboard.insertText('x'.repeat(800));
    await expect(search(page)).toHaveValue('x'.repeat(MAX_SEARCH));
    await expect(page).toHaveURL(new RegExp(`keyword=x{${MAX_SEARCH}}$`));
    await expect(page.getByText('No courses match your search')).toBeVisible();
    await expect(page.getByText('Your courses could not be loaded.')).toHaveCount(0);

    // An address with a huge search (5,000 characters) is shortened, not refused.
    await page.goto(`/learn/courses?keyword=${'y'.repeat(5000)}`);
    await expect(page).toHaveURL(new RegExp(`keyword=y{${MAX_SEARCH}}$`));
    await expect(search(page)).toHaveValue('y'.repeat(MAX_SEARCH));
    await expect(page.getByText('Your courses could not be loaded.')).toHaveCount(0);
  });

  test('the course lists keep only their filter keys in the address', async ({ page }) => {
    await signIn(page, accounts.learner);
    await page.goto('/learn/courses?foo=bar&utm_source=x&keyword=data');
    await expect(page).toHaveURL(/\/learn\/courses\?keyword=data$/);
    await expect(search(page)).toHaveValue('data');
    await page.goto('/learn/catalog?utm_source=newsletter');
    await expect(page.getByRole('heading', { name: 'Catalog', level: 1 })).toBeVisible();
    await expect(page).toHaveURL(/\/learn\/catalog$/);
  });
});

test.describe('keyboard, focus and announcements', () => {
  test('after a navigation focus is on the new page heading and its title is announced', async ({
    page,
  }) => {
    await page.setViewportSize(DESKTOP);
    await signIn(page, accounts.learner);
    await expect(page.getByRole('heading', { name: 'My courses', level: 1 })).toBeVisible();
    // The live regions are there from the start, before anything is said in them.
    await expect(politeRegion(page)).toHaveCount(1);
    // Above the menu breakpoint the navigation is always open: no burger.
    await expect(page.getByRole('button', { name: 'Open navigation' })).toBeHidden();

    const nav = page.getByRole('navigation', { name: 'Main' });
    await tabTo(page, nav.getByRole('link', { name: 'Catalog' }));
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: 'Catalog', level: 1 })).toBeFocused();
    await expect(politeRegion(page)).toHaveText('Catalog | Learner portal');

    await tabTo(page, nav.getByRole('link', { name: 'Courses' }), { reverse: true });
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: 'My courses', level: 1 })).toBeFocused();
    await expect(politeRegion(page)).toHaveText('My courses | Learner portal');
  });

  test('the narrow-screen navigation traps focus, closes on Escape and returns to the burger', async ({
    page,
  }) => {
    await page.setViewportSize(MOBILE);
    await signIn(page, accounts.learner);
    const burger = page.getByRole('button', { name: 'Open navigation' });
    await tabTo(page, burger);
    await page.keyboard.press('Enter');
    const close = page.getByRole('button', { name: 'Close navigation' });
    await expect(close).toHaveAttribute('aria-expanded', 'true');
    const nav = page.getByRole('navigation', { name: 'Main' });
    // Tab goes round the burger and the panel, never to the page behind it.
    for (let step = 0; step < 8; step += 1) {
      await page.keyboard.press('Tab');
      const inside = await page.evaluate(
        () =>
          document.getElementById('main-navigation')?.contains(document.activeElement) === true ||
          document.activeElement?.getAttribute('aria-controls') === 'main-navigation',
      );
      expect(inside, `Tab ${step + 1} left the navigation`).toBe(true);
    }
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Escape');
    await expect(burger).toBeFocused();
    await expect(burger).toHaveAttribute('aria-expanded', 'false');
    // Closed, its links are out of the tab order: from the burger, Tab goes on in the header.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.closest('nav'))).toBeNull();
    await expect(nav.getByRole('link', { name: 'Catalog' })).not.toBeFocused();

    // A link in the panel takes the learner to the page, focus on its heading.
    await tabTo(page, burger, { reverse: true });
    await page.keyboard.press('Enter');
    await tabTo(page, nav.getByRole('link', { name: 'Catalog' }));
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: 'Catalog', level: 1 })).toBeFocused();
  });

  test('in Arabic the language submenu opens with the arrow that points to it', async ({
    page,
  }) => {
    await page.setViewportSize(DESKTOP);
    await page.goto('/learn/courses');
    // Stored once the portal has sent the signed-out visitor on to the sign-in page (same origin): writing
    // it while that redirect runs races the navigation.
    await page.waitForURL((url) => !url.pathname.startsWith('/learn'));
    await page.evaluate(() => localStorage.setItem('locale', 'ar-AR'));
    await fillSignInForm(page, accounts.learner);
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await tabTo(page, userMenuButton(page, accounts.learner));
    await page.keyboard.press('Enter');
    const language = page.getByRole('menuitem', { name: /Language|اللغة/ });
    for (let step = 0; step < 10; step += 1) {
      if (await language.evaluate((element) => element === document.activeElement)) break;
      await page.keyboard.press('ArrowDown');
    }
    await expect(language).toBeFocused();
    // In right-to-left the submenu opens to the left: Right points away and does nothing.
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('menuitemradio', { name: 'English (United States)' })).toBeHidden();
    await page.keyboard.press('ArrowLeft');
    await expect(page.getByRole('menuitemradio').first()).toBeFocused();
    await page.keyboard.press('ArrowRight');
    await expect(language).toBeFocused();
    await expect(page.getByRole('menuitemradio', { name: 'English (United States)' })).toBeHidden();
  });

  test('closing the gallery with Escape returns focus to the image that opened it', async ({
    page,
  }) => {
    await signIn(page, accounts.admin);
    await page.goto(`/learn/courses/${await objectiveIdOf(page, 'Data Literacy Essentials')}`);
    const about = page.getByRole('region', { name: 'About' });
    // The anchor beside a heading does not become part of the heading's name.
    await expect(
      about.getByRole('heading', { name: 'What you will learn', exact: true }),
    ).toBeVisible();
    const image = about.getByRole('button', { name: /^Open image 1 of \d+ in the gallery$/ });
    await tabTo(page, image);
    await page.keyboard.press('Enter');
    const gallery = page.getByRole('dialog', { name: 'Image gallery' });
    await expect(gallery).toBeVisible();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Escape');
    await expect(gallery).toHaveCount(0);
    await expect(image).toBeFocused();
  });

  test('Mark as completed hands focus to the note that replaces it', async ({ page }) => {
    test.setTimeout(90_000);
    await registerNewLearner(page);
    const objectiveId = await publicCourseId(page.request, 'Excel Power Tips');
    await page.goto(`/learn/courses?occflow=startTheCourse&objectiveId=${objectiveId}`);
    const tiles = page.getByRole('region', { name: 'Course activities' });
    await expect(tiles).toBeVisible();
    await tabTo(page, tiles.getByRole('link', { name: 'Shortcuts', exact: true }));
    await page.keyboard.press('Enter');
    const done = page.getByRole('button', { name: 'Mark as completed' });
    await tabTo(page, done);
    await page.keyboard.press('Enter');
    await expect(done).toHaveCount(0);
    // Focus is on the note that replaced the button: a screen reader reads it as it gets focus.
    await expect.poll(() => focusedText(page)).toBe('You have completed this activity.');
  });
});

test.describe('the shell as the spec describes it', () => {
  test('signing in logs no React Router warning, and every call carries the spec headers', async ({
    page,
  }) => {
    const warnings: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'warning') warnings.push(message.text());
    });
    await page.goto('/learn/courses');
    await expect(page.getByRole('heading', { name: 'Sign in', level: 1 })).toBeVisible();
    // From here on: the calls of the signed-in portal.
    const calls: Record<string, string>[] = [];
    // The live announcements stream is an EventSource, which cannot send headers of its own (decision 0026):
    // the calls the spec describes are the fetches.
    page.on('request', (request) => {
      if (
        new URL(request.url()).pathname.startsWith('/api/') &&
        request.resourceType() !== 'eventsource'
      )
        calls.push(request.headers());
    });
    await fillSignInForm(page, accounts.learner);
    await expect(page.getByRole('heading', { name: 'My courses', level: 1 })).toBeVisible();
    await expect(page.getByRole('article').first()).toBeVisible();

    expect(warnings).toEqual([]);
    expect(calls.length).toBeGreaterThan(5);
    for (const headers of calls) {
      expect(headers['content-type']).toBe('application/json');
      expect(headers['x-requested-with']).toBe('XMLHttpRequest');
      expect(headers['accept-language']).toBe('en-US');
    }
    // One session since sign-in, from the very first call; it is the stored session record's.
    const sessionIds = new Set(calls.map((headers) => headers['x-session-id']));
    expect([...sessionIds]).toHaveLength(1);
    const stored = await page.evaluate(() => ({
      session: JSON.parse(localStorage.getItem('userSession') ?? 'null') as { id: string } | null,
      deviceId: localStorage.getItem('deviceId'),
    }));
    expect([...sessionIds][0]).toBe(stored.session?.id);
    expect(stored.deviceId).toMatch(/^[\w-]{36}$/);
    const cookie = (await page.context().cookies()).find((entry) => entry.name === 'user');
    expect(JSON.parse(decodeURIComponent(cookie?.value ?? '{}'))).toEqual({
      username: accounts.learner.email,
      department_name: expect.any(String),
      external_id: null,
    });
  });

  test('the user menu offers the applications of the roles held and Contact support', async ({
    page,
  }) => {
    await signIn(page, accounts.admin);
    await userMenuButton(page, accounts.admin).click();
    await expect(page.getByRole('menuitem', { name: 'Admin panel' })).toHaveAttribute(
      'href',
      '/admin',
    );
    await expect(page.getByRole('menuitem', { name: 'Learner' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(page.getByRole('menuitem', { name: 'Contact support' })).toHaveAttribute(
      'href',
      /^mailto:/,
    );
    await expect(page.getByRole('menuitem', { name: 'Sign out' })).toBeVisible();
    await page.keyboard.press('Escape');

    await page.context().clearCookies();
    await signIn(page, accounts.learner);
    await userMenuButton(page, accounts.learner).click();
    await expect(page.getByRole('menuitem', { name: 'Profile' })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'Admin panel' })).toHaveCount(0);
  });

  test('toasts are said through the live region and cover no control', async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    await signIn(page, accounts.learner);
    await page.goto(
      '/learn/courses?collection=6f1c2d3e-0000-4000-8000-000000000000&courseProgress=completed',
    );
    const text = 'Some filters are no longer available and were removed.';
    // The toast itself (its text is also in the live region, which is where screen readers hear it).
    const toast = page.getByRole('group', { name: text });
    await expect(toast).toBeVisible();
    await expect(politeRegion(page)).toHaveText(text);
    const menu = await userMenuButton(page, accounts.learner).boundingBox();
    const box = await toast.boundingBox();
    expect(box!.y).toBeGreaterThan(menu!.y + menu!.height);

    await page.setViewportSize(MOBILE);
    await page.goto(
      '/learn/courses?collection=6f1c2d3e-0000-4000-8000-000000000000&courseProgress=completed',
    );
    await expect(toast).toBeVisible();
    const mobileBox = await toast.boundingBox();
    expect(mobileBox!.y).toBeGreaterThan(MOBILE.height / 2);
  });

  test('in the dark scheme the search box shows a 2 px focus ring and progress tracks keep 3:1', async ({
    browser,
  }) => {
    const context = await browser.newContext({ colorScheme: 'dark', viewport: DESKTOP });
    const page = await context.newPage();
    await signIn(page, accounts.learner);
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
    await tabTo(page, search(page));
    const ring = await search(page).evaluate((input) => {
      const style = getComputedStyle(input);
      return { width: parseFloat(style.outlineWidth), style: style.outlineStyle };
    });
    expect(ring.style).toBe('solid');
    expect(ring.width).toBeGreaterThanOrEqual(2);

    const progress = page.getByRole('progressbar').first();
    await expect(progress).toBeVisible();
    const ratio = await progress.evaluate((track) => {
      const channels = (color: string) => (color.match(/[\d.]+/g) ?? []).slice(0, 3).map(Number);
      const luminance = (color: string) => {
        const [r, g, b] = channels(color).map((value) => {
          const c = value / 255;
          return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
        });
        return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
      };
      const root = track.closest('.mantine-Progress-root') ?? track;
      const edge = getComputedStyle(root).boxShadow.match(/rgba?\([^)]*\)/)?.[0] ?? '';
      let surface = root.parentElement;
      while (surface && getComputedStyle(surface).backgroundColor === 'rgba(0, 0, 0, 0)')
        surface = surface.parentElement;
      const background = surface ? getComputedStyle(surface).backgroundColor : 'rgb(0, 0, 0)';
      const [light, dark] = [luminance(edge), luminance(background)].sort((a, b) => b - a);
      return (light! + 0.05) / (dark! + 0.05);
    });
    expect(ratio).toBeGreaterThanOrEqual(3);
    await context.close();
  });
});

type StorageState = Exclude<BrowserContextOptions['storageState'], string | undefined>;

test.describe('axe on every signed-in page and the open catalog', () => {
  let signedIn: StorageState;
  let courseDetails = '';
  let courseContent = '';

  test.beforeAll(async ({ browser }) => {
    // One sign-in for the whole matrix; every combination reuses its session.
    const page = await browser.newPage();
    await signIn(page, accounts.admin);
    courseDetails = `/learn/courses/${await objectiveIdOf(page, 'Data Literacy Essentials')}`;
    courseContent = `/learn/courses/${await objectiveIdOf(page, 'Security Awareness Training')}/view/content`;
    signedIn = await page.context().storageState();
    await page.close();
  });

  for (const locale of ['en-US', 'ar-AR'] as const)
    for (const colorScheme of ['light', 'dark'] as const)
      for (const [device, viewport] of [
        ['desktop', DESKTOP],
        ['mobile', MOBILE],
      ] as const)
        test(`${locale}, ${colorScheme}, ${device}`, async ({ browser, baseURL }) => {
          // The app follows the system colour scheme until the learner picks one in the user menu.
          const context = await browser.newContext({
            viewport,
            colorScheme,
            storageState: {
              cookies: signedIn.cookies,
              origins: [{ origin: baseURL!, localStorage: [{ name: 'locale', value: locale }] }],
            },
          });
          const page = await context.newPage();
          const pages: [string, string | RegExp][] = [
            ['/learn/courses', catalogText(locale, 'courses', 'page.title')],
            ['/learn/catalog', catalogText(locale, 'catalog', 'page.title')],
            [courseDetails, 'Data Literacy Essentials'],
            [courseContent, /Security/],
            ['/learn/profile', accounts.admin.name],
            ['/learn/open-catalog', catalogText(locale, 'openCatalog', 'title')],
          ];
          for (const [path, heading] of pages) {
            await page.goto(path);
            await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
            await expect(page.locator('html')).toHaveAttribute('lang', locale);
            await expect(page.locator('html')).toHaveAttribute(
              'data-mantine-color-scheme',
              colorScheme,
            );
            // Wait for what loads after the heading (cards, tables of contents) before checking.
            await page.waitForLoadState('networkidle');
            await test.step(`axe on ${path}`, async () => {
              await expectNoAxeViolations(page);
              // The shell's controls (user menu, burger) are the same on every signed-in page.
              if (path === '/learn/courses') await expectLabelsContainVisibleText(page);
            });
          }
          await context.close();
        });
});
