// The portal in other languages as people use it: a learner switches the language in the menu and sees every
// page in it (html lang and dir included), signs out and meets the sign-in page in the same language, gets the
// language back in a new browser after signing in, and scripts beyond Latin render without missing glyphs.
// Expected texts come from the catalogues themselves, so the test follows the translations.
import { type Page } from '@playwright/test';
import {
  catalogText,
  confirmRegistrationByMail,
  expect,
  expectNoAxeViolations,
  fillSignInForm,
  test,
  type Account,
} from './fixtures.ts';

const text = catalogText;

const NATIVE: Record<string, string> = {
  'de-DE': 'Deutsch',
  'ja-JP': '日本語',
  'ar-AR': 'العربية',
  'zh-TW': '中文（繁體）',
  'my-MM': 'မြန်မာ',
  'th-TH': 'ไทย',
  'ta-IN': 'தமிழ்',
};
const COURSE = 'Python for Data Analysis';

/** A new learner of their own (language choices are saved on the profile), enrolled in one course. */
async function signUpWithACourse(page: Page): Promise<Account> {
  const account = {
    email: `ines.${Date.now()}.${Math.random().toString(36).slice(2, 6)}@example.com`,
    password: 'Sup3r-secret',
    name: 'Inès Lingua',
  };
  await page.goto('/learn/open-catalog');
  await page.getByRole('link', { name: COURSE }).click();
  await page.getByRole('button', { name: 'Sign up and add to my courses' }).click();
  await page.getByLabel('First name').fill('Inès');
  await page.getByLabel('Last name').fill('Lingua');
  await page.getByLabel('E-mail').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByLabel('Confirm password').fill(account.password);
  await page.getByRole('button', { name: 'Create account' }).click();
  await confirmRegistrationByMail(page, account);
  await expect(page.getByRole('article', { name: COURSE })).toBeVisible();
  // The "added" toast covers the top of the page for 7 s; the user menu is used once it has gone.
  const added = page.getByRole('group', { name: `${COURSE} was added to your courses.` });
  await expect(added).toBeVisible();
  await expect(added).toBeHidden({ timeout: 15_000 });
  return account;
}

/** The Language item is named in whatever language the page is in. */
const LANGUAGE_ITEM = new RegExp(
  `^(${[
    ...new Set(
      Object.keys(NATIVE)
        .concat('en-US')
        .map((l) => text(l, 'shell', 'userMenu.language')),
    ),
  ].join('|')})$`,
);

async function chooseLanguage(page: Page, account: Account, locale: string) {
  const choice = page.getByRole('menuitemradio', { name: NATIVE[locale] });
  // Once in a CI run the user menu closed between the press on Language and its list (the page was still
  // settling after the reload in the previous language): like a person, open it again then.
  await expect(async () => {
    if (!(await page.getByRole('menuitem', { name: LANGUAGE_ITEM }).isVisible()))
      await page.getByRole('button', { name: new RegExp(account.name) }).click();
    await page.getByRole('menuitem', { name: LANGUAGE_ITEM }).click({ timeout: 5_000 });
    await expect(choice).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 30_000 });
  await choice.click();
  await expect(page.locator('html')).toHaveAttribute('lang', locale);
}

async function expectLanguage(page: Page, locale: string) {
  await expect(page.locator('html')).toHaveAttribute('lang', locale);
  await expect(page.locator('html')).toHaveAttribute('dir', locale === 'ar-AR' ? 'rtl' : 'ltr');
}

/**
 * Characters of the page that the browser could only draw as the "missing glyph" box: each character is
 * drawn in the page's font and compared with the drawing of an unassigned code point.
 */
async function missingGlyphs(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const font = getComputedStyle(document.body).font;
    const canvas = document.createElement('canvas');
    canvas.width = 64;
    canvas.height = 64;
    const context = canvas.getContext('2d', { willReadFrequently: true })!;
    const draw = (character: string) => {
      context.clearRect(0, 0, 64, 64);
      context.font = font.replace(/\d+px/, '32px');
      context.fillText(character, 8, 44);
      return context.getImageData(0, 0, 64, 64).data.join(',');
    };
    const tofu = draw('\u0378');
    const characters = new Set(
      [...document.body.innerText].filter((c) => /[^\s\p{ASCII}]/u.test(c)),
    );
    return [...characters].filter((character) => draw(character) === tofu);
  });
}

test('a learner uses the portal in German, Japanese, Arabic, Traditional Chinese and Burmese', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const account = await signUpWithACourse(page);
  let objectiveId: string | undefined;

  for (const locale of ['de-DE', 'ja-JP', 'ar-AR', 'zh-TW', 'my-MM']) {
    await page.goto('/learn/courses');
    await chooseLanguage(page, account, locale);
    await expectLanguage(page, locale);
    await expect(
      page.getByRole('heading', { name: text(locale, 'courses', 'page.title'), level: 1 }),
    ).toBeVisible();
    await expect(page).toHaveTitle(new RegExp(text(locale, 'courses', 'page.title')));

    // The card leads to the details before the course is started, to its content afterwards.
    if (objectiveId === undefined) {
      await page.getByRole('link', { name: COURSE }).first().click();
      await expect(page.getByRole('heading', { name: COURSE, level: 1 })).toBeVisible();
      objectiveId = /\/learn\/courses\/([\w-]+)/.exec(page.url())![1];
    } else {
      await page.goto(`/learn/courses/${objectiveId}/view/details`);
      await expect(page.getByRole('heading', { name: COURSE, level: 1 })).toBeVisible();
    }
    const actions = page.getByRole('group', {
      name: text(locale, 'courseDetails', 'actions.label'),
    });
    const start = text(locale, 'courseDetails', 'actions.start');
    const resume = text(locale, 'courseDetails', 'actions.continue');
    await expect(
      actions.getByRole('button', { name: new RegExp(`^(${start}|${resume})$`) }),
    ).toBeVisible();
    if (locale === 'ar-AR' || locale === 'ja-JP') await expectNoAxeViolations(page);
    // The play icon points along the reading direction: mirrored in right-to-left.
    const playTransform = await actions
      .locator('.tabler-icon-player-play')
      .evaluate((icon) => getComputedStyle(icon).transform);
    expect(playTransform).toBe(locale === 'ar-AR' ? 'matrix(-1, 0, 0, 1, 0, 0)' : 'none');

    // The course content: started in the first language, continued in the others.
    await actions.getByRole('button', { name: new RegExp(`^(${start}|${resume})$`) }).click();
    await expect(
      page.getByRole('navigation', { name: text(locale, 'courseContent', 'tocLabel') }),
    ).toBeVisible();
    await expectLanguage(page, locale);
    if (locale === 'ar-AR' || locale === 'ja-JP') await expectNoAxeViolations(page);

    await page.goto('/learn/profile');
    await expect(
      page.getByRole('tab', { name: text(locale, 'profile', 'tabs.timeZone') }),
    ).toBeVisible();
    await expectLanguage(page, locale);
  }

  // Signed out in German, the sign-in page is German; a new browser gets German back after signing in.
  await chooseLanguage(page, account, 'de-DE');
  await page.getByRole('button', { name: new RegExp(account.name) }).click();
  await page.getByRole('menuitem', { name: text('de-DE', 'shell', 'userMenu.signOut') }).click();
  // Signing out ends on the sign-in page; navigating before it arrives would race that navigation.
  const signInHeading = page.getByRole('heading', {
    name: text('de-DE', 'auth', 'signInTitle', 'server'),
    level: 1,
  });
  await expect(signInHeading).toBeVisible();
  await page.goto('/learn/courses');
  await expect(signInHeading).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'de-DE');

  const fresh = await page.context().browser()!.newContext({ locale: 'en-US' });
  const other = await fresh.newPage();
  await other.goto('/learn/courses');
  await expect(other.locator('html')).toHaveAttribute('lang', 'en-US');
  await fillSignInForm(other, account);
  await expect(
    other.getByRole('heading', { name: text('de-DE', 'courses', 'page.title'), level: 1 }),
  ).toBeVisible();
  await expect(other.locator('html')).toHaveAttribute('lang', 'de-DE');
  await fresh.close();
});

test('Arabic, Japanese, Thai and Tamil render without missing glyphs', async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  const account = await signUpWithACourse(page);
  for (const locale of ['ar-AR', 'ja-JP', 'th-TH', 'ta-IN']) {
    await page.goto('/learn/courses');
    await chooseLanguage(page, account, locale);
    await expect(
      page.getByRole('heading', { name: text(locale, 'courses', 'page.title'), level: 1 }),
    ).toBeVisible();
    await testInfo.attach(`my-courses-${locale}.png`, {
      body: await page.screenshot({ fullPage: true }),
      contentType: 'image/png',
    });
    expect(await missingGlyphs(page), locale).toEqual([]);
  }
});

test('a visitor’s browser language picks the open catalog’s language', async ({ browser }) => {
  const context = await browser.newContext({ locale: 'ja-JP' });
  const page = await context.newPage();
  await page.goto('/learn/open-catalog');
  await expectLanguage(page, 'ja-JP');
  await expect(
    page.getByRole('heading', { name: text('ja-JP', 'openCatalog', 'title'), level: 1 }),
  ).toBeVisible();
  await page
    .getByRole('banner')
    .getByRole('link', { name: text('ja-JP', 'openCatalog', 'signIn') })
    .click();
  await expect(
    page.getByRole('heading', { name: text('ja-JP', 'auth', 'signInTitle', 'server'), level: 1 }),
  ).toBeVisible();
  await context.close();
});
