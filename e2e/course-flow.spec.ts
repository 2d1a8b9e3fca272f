// Taking a course: start, work through the parts in the order the constraints allow, submit, see the grade,
// review and retake; a hidden grade never shows; the redirect screen and the startTheCourse deep link.
import { type Page, type Request } from '@playwright/test';
import {
  accounts,
  expect,
  expectNoAxeViolations,
  objectiveIdOf,
  signIn,
  test,
} from './fixtures.ts';

/** The API calls the page makes from now until `stop`, as "METHOD /path". */
function recordApiCalls(page: Page) {
  const list: string[] = [];
  const onRequest = (request: Request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/')) list.push(`${request.method()} ${url.pathname}`);
  };
  page.on('request', onRequest);
  return { list, stop: () => page.off('request', onRequest) };
}

const contents = (page: Page) => page.getByRole('navigation', { name: 'Course contents' });

async function completeActivity(page: Page, name: string) {
  await contents(page).getByRole('link', { name, exact: true }).click();
  await expect(page.getByRole('heading', { name, level: 2 })).toBeVisible();
  await page.getByRole('button', { name: 'Mark as completed' }).click();
  await expect(page.getByText('You have completed this activity.')).toBeVisible();
}

async function openCourse(page: Page, name: string) {
  await page.getByRole('searchbox', { name: 'Search courses' }).fill(name.toLowerCase());
  // The list filters after a pause in typing; wait for it as a person would.
  await expect(page.getByText('Showing 1 of 1 course')).toBeVisible();
  await page.getByRole('link', { name, exact: true }).click();
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
}

test('a learner takes a composite course in order, submits, sees the grade, reviews and retakes it', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signIn(page, accounts.courseLearner);
  await openCourse(page, 'Data Literacy Essentials');
  await expectNoAxeViolations(page);
  const calls = recordApiCalls(page);
  await page
    .getByRole('group', { name: 'Course actions' })
    .getByRole('button', { name: 'Start' })
    .click();

  await expect(contents(page)).toBeVisible();
  // The first startable activity opens by itself.
  await expect(page.getByRole('heading', { name: 'What data is', level: 2 })).toBeVisible();
  calls.stop();
  // The starts answer synchronously (no status polls) and nothing is read twice on the way.
  expect(calls.list.filter((call) => /^GET \/api\/lms\/v1\/start-[a-z-]+\//.test(call))).toEqual(
    [],
  );
  // Between two writes (the starts of the attempt, of its root and of its first activity) nothing is read
  // twice: the aggregate, the attempt, its tree and the content are fetched once per change.
  const readsBetweenWrites = calls.list
    .filter((call) => !call.endsWith('/api/events'))
    .join('\n')
    .split(/^POST .*$/m)
    .map((segment) => segment.split('\n').filter((call) => call.startsWith('GET ')));
  for (const reads of readsBetweenWrites) {
    expect(reads.filter((call, index) => reads.indexOf(call) !== index)).toEqual([]);
  }
  await expectNoAxeViolations(page);

  // Module 2 is gated by the previous parts: its activity shows why it is locked.
  await contents(page).getByRole('link', { name: 'Framing a question', exact: true }).click();
  await expect(page.getByTestId('disabled-reason')).toContainText(
    'To get access, you have to complete previous assignments',
  );

  await completeActivity(page, 'What data is');
  await completeActivity(page, 'Tables and charts');
  await completeActivity(page, 'Framing a question');
  await completeActivity(page, 'Telling the story');
  await completeActivity(page, 'Self-check: your data habits');
  await expect(
    contents(page).getByRole('progressbar', { name: 'Course progress' }),
  ).toHaveAttribute('aria-valuenow', '100');

  await page.getByRole('button', { name: 'Submit course' }).click();
  await expect(
    page.getByRole('heading', { name: 'Data Literacy Essentials', level: 1 }),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/learn\/courses\/[\w-]+$/);
  await expect(page.getByText('Grade: A')).toBeVisible();
  await expect(page.getByTestId('result-badge')).toContainText('100%');
  // Passing issued the course's certificate, listed on the details with its preview and downloads.
  const certificates = page.getByRole('region', { name: 'Certificates' });
  await expect(certificates.getByRole('listitem')).toHaveCount(1);
  await expect(
    certificates.getByRole('img', { name: 'Your certificate for Data Literacy Essentials' }),
  ).toBeVisible();
  await expect(certificates.getByRole('link', { name: 'Download PDF' })).toBeVisible();
  await expectNoAxeViolations(page);

  const actions = page.getByRole('group', { name: 'Course actions' });
  await actions.getByRole('button', { name: 'Review' }).click();
  await expect(page.getByText(/Review mode: you are reviewing a finished attempt/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Submit course' })).toHaveCount(0);
  await expectNoAxeViolations(page);

  await page.goBack();
  await expect(
    page.getByRole('heading', { name: 'Data Literacy Essentials', level: 1 }),
  ).toBeVisible();
  await actions.getByRole('button', { name: 'Retake' }).click();
  await expect(contents(page)).toBeVisible();
  await expect(
    contents(page).getByRole('progressbar', { name: 'Course progress' }),
  ).toHaveAttribute('aria-valuenow', '0');
  await expect(page.getByRole('heading', { name: 'What data is', level: 2 })).toBeVisible();
});

test('a course whose grade is never revealed never shows it', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, accounts.courseLearner);
  await openCourse(page, 'Team Rituals');
  await page
    .getByRole('group', { name: 'Course actions' })
    .getByRole('button', { name: 'Start' })
    .click();
  const tiles = page.getByRole('region', { name: 'Course activities' });
  await expect(tiles).toBeVisible();
  await expectNoAxeViolations(page);
  for (const name of ['Stand-ups that stay short', 'Retrospectives', 'Celebrating wins']) {
    await tiles.getByRole('link', { name, exact: true }).click();
    await page.getByRole('button', { name: 'Mark as completed' }).click();
    await expect(page.getByText('You have completed this activity.')).toBeVisible();
    await page.getByRole('link', { name: 'Back to all activities' }).click();
  }
  await page.getByRole('button', { name: 'Submit course' }).click();
  await expect(page.getByRole('heading', { name: 'Team Rituals', level: 1 })).toBeVisible();
  await expect(page.getByText(/^Completed$/)).toBeVisible();
  await expect(page.getByText(/Grade:/)).toHaveCount(0);
  await expect(page.getByTestId('result-badge')).toHaveCount(0);
  await expect(page.getByText(/Passed|Not passed/)).toHaveCount(0);

  await page.goto('/learn/courses?keyword=team');
  const card = page.getByRole('article', { name: 'Team Rituals' });
  await expect(card.getByText(/^Completed /)).toBeVisible();
  await expect(card.getByText(/%$/)).toHaveCount(0);
});

test('the redirect screen sends a course without an attempt to its details and a started one to its content', async ({
  page,
}) => {
  await signIn(page, accounts.courseLearner);
  const notStarted = await objectiveIdOf(page, 'Writing Clear Emails');
  await page.goto(`/learn/courses/redirect/${notStarted}`);
  await expect(page).toHaveURL(new RegExp(`/learn/courses/${notStarted}(/view/details)?$`));
  await expect(page.getByRole('heading', { name: 'Writing Clear Emails', level: 1 })).toBeVisible();

  // Grace has an attempt in progress in Security Awareness Training.
  await page.context().clearCookies();
  await signIn(page, accounts.admin);
  const started = await objectiveIdOf(page, 'Security Awareness Training');
  await page.goto(`/learn/courses/redirect/${started}`);
  await expect(page).toHaveURL(new RegExp(`/learn/courses/${started}/view/content`));
  await expect(contents(page)).toBeVisible();
  await expectNoAxeViolations(page);
});

test('occflow=startTheCourse enrols the learner, starts the course and opens its content', async ({
  page,
}) => {
  await signIn(page, accounts.courseLearner);
  await page.goto('/learn/catalog');
  await page.getByRole('link', { name: 'Public Speaking' }).click();
  await expect(page.getByRole('heading', { name: 'Public Speaking', level: 1 })).toBeVisible();
  const objectiveId = new URL(page.url()).pathname.split('/')[3];
  expect(objectiveId).toMatch(/^[\w-]{36}$/);

  await page.goto(`/learn/courses?occflow=startTheCourse&objectiveId=${objectiveId}`);
  await expect(page).toHaveURL(new RegExp(`/learn/courses/${objectiveId}/view/content`));
  await expect(contents(page)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Public Speaking', level: 1 })).toBeVisible();
});

test('a course that has not opened yet says when it will, and one that has closed says since when', async ({
  page,
}) => {
  await signIn(page, accounts.courseLearner);
  await openCourse(page, 'Customer Empathy Lab');
  await expect(page.getByText(/^Will be available to start on /)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Start' })).toHaveCount(0);
  await expectNoAxeViolations(page);

  await page.goto('/learn/courses');
  await openCourse(page, 'Code of Conduct Pledge');
  await expect(page.getByText(/^Was available to start before /)).toBeVisible();
});

test('an imported result offers Start again and explains why review is unavailable', async ({
  page,
}) => {
  await signIn(page, accounts.courseLearner);
  await openCourse(page, 'Time Management Fundamentals');
  await expect(
    page.getByText(/This is a course completion result imported from another platform/),
  ).toBeVisible();
  await expect(
    page
      .getByRole('group', { name: 'Course actions' })
      .getByRole('button', { name: 'Start again' }),
  ).toBeVisible();
  await expectNoAxeViolations(page);
});
