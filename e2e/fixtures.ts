// Shared end-to-end helpers: the `test` every spec uses (it fails a test whose pages broke the Content
// Security Policy), sign-in as a person does it, and axe-core on every visited page.
import { existsSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';

export { expect };

/** A text of a catalogue, web (apps/web) or server (apps/server), by dotted key: tests follow the translations. */
export function catalogText(
  locale: string,
  namespace: string,
  key: string,
  side: 'web' | 'server' = 'web',
): string {
  const file = resolve(
    import.meta.dirname,
    `../apps/${side}/src/i18n/locales/${locale}/${namespace}.json`,
  );
  let value: unknown = JSON.parse(readFileSync(file, 'utf8'));
  for (const part of key.split('.')) value = (value as Record<string, unknown>)[part];
  if (typeof value !== 'string') throw new Error(`${locale}/${namespace}:${key} is missing`);
  return value;
}

/**
 * Playwright's test with one automatic check: any Content-Security-Policy violation reported in the
 * console of any page of the test's context (iframes included) fails the test. The portal's policy must
 * hold for everything a learner does, LTI tools and the PDF viewer included.
 */
export const test = base.extend<{ cspViolations: string[] }>({
  cspViolations: [
    async ({ context }, use) => {
      const violations: string[] = [];
      const watch = (page: Page) =>
        page.on('console', (message) => {
          if (/content[- ]security[- ]policy/i.test(message.text()))
            violations.push(`${page.url()}: ${message.text()}`);
        });
      context.pages().forEach(watch);
      context.on('page', watch);
      await use(violations);
      expect(violations, violations.join('\n')).toEqual([]);
    },
    { auto: true },
  ],
});

export const accounts = {
  learner: { email: 'learner@example.com', password: 'Learner123!', name: 'Ada Lovelace' },
  admin: { email: 'admin@example.com', password: 'Admin123!', name: 'Grace Hopper' },
  author: { email: 'author@example.com', password: 'Author123!', name: 'Alan Turing' },
  newcomer: { email: 'new@example.com', password: 'Newbie123!', name: 'Katherine Johnson' },
  courseLearner: { email: 'mae@example.com', password: 'Learner123!', name: 'Mae Jemison' },
} as const;

export interface Account {
  email: string;
  password: string;
  name: string;
}

/** Fills the built-in provider's sign-in form (the page the portal redirects to). */
export async function fillSignInForm(page: Page, account: Account): Promise<void> {
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.getByLabel(/e-?mail/i).fill(account.email);
  await page.getByLabel(/^password$/i).fill(account.password);
  await page.getByRole('button', { name: /^sign in$/i }).click();
}

/** The file scripts/e2e-server.mjs appends every mail its SMTP server receives to, one JSON line each. */
const MAIL_FILE =
  process.env.E2E_MAIL_FILE ??
  join(tmpdir(), `portal-e2e-mail-${process.env.E2E_PORT ?? 3123}.jsonl`);

/** Quoted-printable (soft line breaks, =XX bytes) as UTF-8. */
function decodeQuotedPrintable(body: string): string {
  const joined = body.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let index = 0; index < joined.length; index += 1) {
    const hex = joined.slice(index + 1, index + 3);
    if (joined[index] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      index += 2;
    } else {
      bytes.push(...Buffer.from(joined[index]!, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/** The decoded latest mail to `address` the SMTP server received (whose raw text holds `containing`, if given). */
export function latestMailTo(address: string, containing?: string): string | undefined {
  if (!existsSync(MAIL_FILE)) return undefined;
  const mails = readFileSync(MAIL_FILE, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { to: string[]; raw: string })
    .filter((mail) => mail.to.includes(address))
    .filter((mail) => containing === undefined || mail.raw.includes(containing));
  const raw = mails.at(-1)?.raw;
  if (!raw) return undefined;
  return /quoted-printable/i.test(raw) ? decodeQuotedPrintable(raw) : raw;
}

/** The confirmation link of the latest mail to `address` (a registration, docs/decisions/0025). */
export function confirmationLinkIn(address: string): string | undefined {
  const text = latestMailTo(address);
  return text && /https?:\/\/\S+\/oidc-op\/confirm-registration\?token=[\w-]+/.exec(text)?.[0];
}

/**
 * After "Create account": the "Check your e-mail" page, the link from the received mail, its button, and the
 * sign-in it leads to, as a person does it; `axe` runs axe-core on each of those pages.
 */
export async function confirmRegistrationByMail(
  page: Page,
  account: Account,
  { axe = false }: { axe?: boolean } = {},
): Promise<void> {
  await expect(page.getByRole('heading', { name: 'Check your e-mail', level: 1 })).toBeVisible();
  if (axe) await expectNoAxeViolations(page);
  // The worker delivers the mail to the SMTP server within a poll or two.
  await expect.poll(() => confirmationLinkIn(account.email), { timeout: 20_000 }).toBeDefined();
  await page.goto(confirmationLinkIn(account.email)!);
  await expect(
    page.getByRole('heading', { name: 'Confirm your e-mail address', level: 1 }),
  ).toBeVisible();
  if (axe) await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Confirm my e-mail address' }).click();
  await expect(
    page.getByRole('heading', { name: 'Your address is confirmed', level: 1 }),
  ).toBeVisible();
  if (axe) await expectNoAxeViolations(page);
  await page.getByRole('link', { name: 'Sign in' }).click();
  if (axe) {
    await expect(page.getByRole('heading', { name: 'Sign in', level: 1 })).toBeVisible();
    await expectNoAxeViolations(page);
  }
  await fillSignInForm(page, account);
}

/**
 * A learner of their own, signed up through the registration page and confirmed by mail: for tests that change
 * what is saved on the profile (the language), which other tests signing in as a demo account must not inherit.
 */
export async function signUpAsNewLearner(page: Page): Promise<Account> {
  const account = {
    email: `learner.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@example.com`,
    password: 'Sup3r-secret',
    name: 'Valentina Tereshkova',
  };
  await page.goto('/learn/courses');
  await page.getByRole('link', { name: 'Create an account' }).click();
  await page.getByLabel('First name').fill('Valentina');
  await page.getByLabel('Last name').fill('Tereshkova');
  await page.getByLabel('E-mail').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByLabel('Confirm password').fill(account.password);
  await page.getByRole('button', { name: 'Create account' }).click();
  await confirmRegistrationByMail(page, account);
  await expect(page.getByRole('button', { name: account.name })).toBeVisible();
  // The greeting comes once the page settled; it covers the top of the page for 7 s, so the test waits for
  // it to go before it uses the user menu or runs axe on a half-faded toast.
  await expect(page.getByRole('group', { name: 'Welcome!' })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Welcome!' })).toBeHidden({ timeout: 15_000 });
  return account;
}

/** Opens a portal path signed out, signs in on the provider page, and waits to be back. */
export async function signIn(page: Page, account: Account, path = '/learn/courses'): Promise<void> {
  await page.goto(path);
  await fillSignInForm(page, account);
  await page.waitForURL((url) => url.pathname.startsWith('/learn'));
}

/** Runs axe-core on the current page; any violation fails the test with a readable summary. */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  // A dialog or toast still fading or sliding in blends its colours with what is behind it, and axe would
  // measure those: wait for the transitions and finite animations running now (never for a spinner's).
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  const summary = results.violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help}\n  ${v.nodes
        .map((n) => `${n.target.join(' ')}: ${n.failureSummary ?? ''}`)
        .join('\n  ')}`,
  );
  expect(summary, summary.join('\n')).toEqual([]);
}

/** The signed-in learner's objective id for a course name (through the API the page itself uses). */
export async function objectiveIdOf(page: Page, name: string): Promise<string> {
  const filter = JSON.stringify(['objective.name', '=', name]);
  const response = await page.request.get(
    `/api/lms/v1/objective-workflow-aggregates/query?filter=${encodeURIComponent(filter)}`,
  );
  expect(response.ok()).toBe(true);
  const { data } = (await response.json()) as { data: { objective: { id: string } }[] };
  const id = data[0]?.objective.id;
  if (!id) throw new Error(`${name} is not visible to this learner`);
  return id;
}
