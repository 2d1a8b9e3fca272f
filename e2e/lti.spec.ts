// LTI activities in the portal with the built-in quiz tool (apps/lti-tools, started beside the server): an LTI
// course embedded in the workflow view, a full-screen LTI part of a composite course, grades flowing back into
// progress and results, and no way to launch someone else's attempt.
import { type Page } from '@playwright/test';
import {
  accounts,
  expect,
  expectNoAxeViolations,
  objectiveIdOf,
  signIn,
  test,
} from './fixtures.ts';

const WORKFLOW_VIEW = /\/learn\/courses\/[\w-]+\/workflow\/([\w-]+)\/view/;

async function openCourse(page: Page, name: string) {
  await page.getByRole('searchbox', { name: 'Search courses' }).fill(name.toLowerCase());
  await expect(page.getByText('Showing 1 of 1 course')).toBeVisible();
  await page.getByRole('link', { name, exact: true }).click();
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
}

const actions = (page: Page) => page.getByRole('group', { name: 'Course actions' });
// The tool's frame is named after the activity it holds.
const toolFrame = (page: Page, activity: string) =>
  page.getByTitle(activity, { exact: true }).contentFrame();

test('a learner starts the LTI course, answers the quiz inside the portal and sees the grade', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signIn(page, accounts.courseLearner);
  await openCourse(page, 'Web Basics Quiz');
  await expectNoAxeViolations(page);
  await actions(page).getByRole('button', { name: 'Start' }).click();

  // LTI courses reload the page into the workflow view, where the tool opens embedded.
  await expect(page).toHaveURL(WORKFLOW_VIEW);
  const tool = toolFrame(page, 'Web Basics Quiz');
  await expect(tool.getByRole('heading', { name: 'Web basics quiz', level: 1 })).toBeVisible();
  const progress = page.getByRole('progressbar', { name: 'Course progress' });
  await expect(progress).toHaveAttribute('aria-valuenow', '0');
  await expectNoAxeViolations(page);

  await tool.getByRole('radio', { name: 'The structure and meaning of a page' }).check();
  for (const method of ['GET', 'POST', 'DELETE']) {
    await tool.getByRole('checkbox', { name: method, exact: true }).check();
  }
  await tool
    .getByRole('group', { name: /text alternative/ })
    .getByRole('textbox', { name: 'Your answer' })
    .fill('alt');
  await tool.getByRole('radio', { name: '404' }).check();
  await tool.getByRole('button', { name: 'Submit answers' }).click();
  await expect(tool.getByText('You scored 4 of 4.')).toBeVisible();

  // The tool reported the grade through AGS: the portal's progress follows without a reload.
  await expect(progress).toHaveAttribute('aria-valuenow', '100', { timeout: 20_000 });
  await expectNoAxeViolations(page);

  // The tool's return link lands on the course page, which shows the result.
  await tool.getByRole('link', { name: 'Return to the course' }).click();
  await expect(page.getByRole('heading', { name: 'Web Basics Quiz', level: 1 })).toBeVisible();
  await expect(page).toHaveURL(/\/learn\/courses\/[\w-]+$/);
  await expect(page.getByText('Grade: Pass')).toBeVisible();
  await expect(page.getByTestId('result-badge')).toContainText('100%');
  await expectNoAxeViolations(page);
});

test('a full-screen LTI part of a composite course reports its grade into the course', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signIn(page, accounts.courseLearner);
  await openCourse(page, 'Security Essentials');
  await actions(page).getByRole('button', { name: 'Start' }).click();

  const contents = page.getByRole('navigation', { name: 'Course contents' });
  await expect(
    page.getByRole('heading', { name: 'Spot a phishing e-mail', level: 2 }),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Mark as completed' }).click();
  await expect(page.getByText('You have completed this activity.')).toBeVisible();

  await contents.getByRole('link', { name: 'Security basics quiz', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Security basics quiz', level: 2 })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('link', { name: 'Open Security basics quiz' }).click();

  await expect(page).toHaveURL(WORKFLOW_VIEW);
  const tool = toolFrame(page, 'Security basics quiz');
  await expect(tool.getByRole('heading', { name: 'Security basics quiz', level: 1 })).toBeVisible();
  await expectNoAxeViolations(page);
  await tool.getByRole('radio', { name: 'Do not follow the link and report the email' }).check();
  await tool.getByRole('checkbox', { name: 'Using a password manager' }).check();
  await tool.getByRole('checkbox', { name: 'Choosing long passphrases' }).check();
  await tool
    .getByRole('group', { name: /MFA/ })
    .getByRole('textbox', { name: 'Your answer' })
    .fill('Multi-factor authentication');
  await tool.getByRole('button', { name: 'Submit answers' }).click();
  await expect(tool.getByText('You scored 3 of 3.')).toBeVisible();
  await expect(page.getByRole('progressbar', { name: 'Course progress' })).toHaveAttribute(
    'aria-valuenow',
    '100',
    { timeout: 20_000 },
  );

  await page.getByRole('link', { name: 'Back to course' }).click();
  await expect(page.getByRole('heading', { name: 'Security Essentials', level: 1 })).toBeVisible();
  await actions(page).getByRole('button', { name: 'Continue' }).click();
  await expect(contents).toBeVisible();
  await page.getByRole('button', { name: 'Submit course' }).click();
  await expect(page.getByRole('heading', { name: 'Security Essentials', level: 1 })).toBeVisible();
  await expect(page.getByText('Grade: Pass')).toBeVisible();
  await expect(page.getByTestId('result-badge')).toContainText('100%');
});

test("a learner cannot launch another learner's attempt", async ({ page, browser }) => {
  test.setTimeout(120_000);
  // Grace starts the LTI course; her attempt's address is what another learner might get hold of.
  await signIn(page, accounts.admin);
  await openCourse(page, 'Web Basics Quiz');
  await actions(page).getByRole('button', { name: 'Start' }).click();
  await expect(page).toHaveURL(WORKFLOW_VIEW);
  await expect(
    toolFrame(page, 'Web Basics Quiz').getByRole('heading', { name: 'Web basics quiz' }),
  ).toBeVisible();
  const viewUrl = page.url();
  const workflowId = WORKFLOW_VIEW.exec(viewUrl)![1]!;
  const tree = await page.request.get(
    `/api/lms/v1/users/me/objective-workflows/${workflowId}/activity-with-aggregates`,
  );
  const activityWorkflowId = (
    (await tree.json()) as {
      activityWorkflowAggregate: { lastActivityWorkflow: { id: string } };
    }
  ).activityWorkflowAggregate.lastActivityWorkflow.id;

  const other = await browser.newContext();
  const mae = await other.newPage();
  await signIn(mae, accounts.courseLearner);
  await objectiveIdOf(mae, 'Web Basics Quiz');
  const form = await mae.request.get(
    `/api/lms/v1/objective-workflows/${workflowId}/resource-form/${activityWorkflowId}`,
  );
  expect(form.status()).toBe(404);
  expect(await form.text()).not.toContain('lti_message_hint');
  const link = await mae.request.post(
    `/api/lms/v1/objective-workflows/${workflowId}/resource-link?activityWorkflowIds=${activityWorkflowId}`,
    { headers: { 'x-requested-with': 'XMLHttpRequest' } },
  );
  expect(link.status()).toBe(404);

  // Opening her view shows that the course is not available, and no tool is launched.
  await mae.goto(new URL(viewUrl).pathname);
  await expect(mae.getByTitle('Web Basics Quiz', { exact: true })).toHaveCount(0);
  await expect(mae.getByRole('heading', { level: 1 })).toBeVisible();
  await expectNoAxeViolations(mae);
  await other.close();
});
