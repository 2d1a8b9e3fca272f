// Proctored activities (docs/decisions/0028) with the built-in tool as proctoring tool: Mae starts the proctored
// session from the course, confirms her identity, accepts the rules and checks her (fake) camera in the tool,
// answers the quiz inside the tool's frame, finishes, lands on the tool's end page and goes back to her result.
// Opened on its own, the proctor route shows no content.
import { type Page } from '@playwright/test';
import config from '../playwright.config.ts';
import {
  accounts,
  expect,
  expectNoAxeViolations,
  objectiveIdOf,
  signIn,
  test,
} from './fixtures.ts';

const COURSE = 'Proctored Final Exam';
const EXAM = 'Final exam';
const TOOL_ORIGIN = `http://localhost:${process.env.E2E_TOOL_PORT ?? 3124}`;

// Chromium's fake camera, allowed without a prompt (the tool asks for it with getUserMedia).
test.use({
  launchOptions: {
    ...config.use?.launchOptions,
    args: [
      ...(config.use?.launchOptions?.args ?? []),
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
    ],
  },
});

async function openCourse(page: Page, name: string) {
  await page.getByRole('searchbox', { name: 'Search courses' }).fill(name.toLowerCase());
  await expect(page.getByText('Showing 1 of 1 course')).toBeVisible();
  await page.getByRole('link', { name, exact: true }).click();
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
}

test('Mae takes the proctored final exam in the proctoring tool and sees her result', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page, accounts.courseLearner);
  await openCourse(page, COURSE);
  await page
    .getByRole('group', { name: 'Course actions' })
    .getByRole('button', { name: 'Start' })
    .click();
  await page
    .getByRole('navigation', { name: 'Course contents' })
    .getByRole('link', { name: EXAM, exact: true })
    .click();
  await expect(page.getByRole('heading', { name: EXAM, level: 2, exact: true })).toBeVisible();

  await expect(
    page.getByText(/This activity is proctored\. The proctoring tool opens in this window/),
  ).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Start proctored session' }).click();

  // The whole window is the proctoring tool now.
  await expect(page).toHaveURL(new RegExp(`^${TOOL_ORIGIN}/`));
  await expect(page.getByRole('heading', { level: 1, name: /^Proctored exam:/ })).toBeVisible();
  const start = page.getByRole('button', { name: 'Start the exam' });
  await expect(start).toBeDisabled();
  await page.getByRole('checkbox', { name: 'I am Mae Jemison' }).check();
  await expect(
    page.getByRole('heading', { name: 'Step 2 of 3: Accept the exam rules' }),
  ).toBeFocused();
  await page.getByRole('checkbox', { name: 'I accept the exam rules' }).check();
  await expect(page.getByRole('heading', { name: 'Step 3 of 3: Check your camera' })).toBeFocused();
  await page.getByRole('button', { name: 'Check camera' }).click();
  await expect(page.getByRole('status')).toHaveText('Camera is working');
  await expectNoAxeViolations(page);
  await start.click();

  await expect(page.getByRole('heading', { name: 'Proctored session in progress' })).toBeFocused();
  await expect(page.getByRole('listitem').filter({ hasText: 'Exam started' })).toBeVisible();
  const portal = page.getByTitle('Proctored activity').contentFrame();
  const activityHeading = portal.getByRole('heading', { level: 1 });
  await expect(activityHeading).toBeVisible();
  await expect(activityHeading).toHaveText(EXAM);
  // The quiz, launched by the portal page inside the tool's page: frames two deep.
  const quiz = portal.getByTitle(EXAM, { exact: true }).contentFrame();
  await expect(quiz.getByRole('heading', { name: 'Security basics quiz', level: 1 })).toBeVisible();
  await quiz.getByRole('radio', { name: 'Do not follow the link and report the email' }).check();
  await quiz.getByRole('checkbox', { name: 'Using a password manager' }).check();
  await quiz.getByRole('checkbox', { name: 'Choosing long passphrases' }).check();
  await quiz
    .getByRole('group', { name: /MFA/ })
    .getByRole('textbox', { name: 'Your answer' })
    .fill('Multi-factor authentication');
  await quiz.getByRole('button', { name: 'Submit answers' }).click();
  await expect(quiz.getByText('You scored 3 of 3.')).toBeVisible();
  await expect(quiz.getByText('Your score was sent to the course.')).toBeVisible();

  await portal.getByRole('button', { name: 'Finish activity' }).click();
  await expect(
    page.getByRole('heading', { name: 'Proctoring session ended', level: 1 }),
  ).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: 'Exam finished' })).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByRole('link', { name: 'Back to the course' }).click();
  await expect(page).toHaveURL(/\/learn\/courses\//);
  await page
    .getByRole('navigation', { name: 'Course contents' })
    .getByRole('link', { name: EXAM, exact: true })
    .click();
  await expect(
    page.getByText('You finished this proctored activity. Your result is shown below.'),
  ).toBeVisible();
  await expect(page.getByRole('group', { name: 'Result' })).toContainText('Completed');
  await expectNoAxeViolations(page);
});

test('the proctor route opened on its own shows no content', async ({ page }) => {
  await signIn(page, accounts.courseLearner);
  const objectiveId = await objectiveIdOf(page, COURSE);
  await page.goto(`/learn/courses/proctor/${objectiveId}/?inProctoringIframe=true`);
  await expect(
    page.getByText(/opens only inside the proctoring tool, during an open proctoring session/),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Finish activity' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Back to the course content' })).toBeVisible();
  await expectNoAxeViolations(page);
});
