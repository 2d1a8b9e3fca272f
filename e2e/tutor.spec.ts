// The tutor assistant as Ada: inside Introduction to Machine Learning it answers from that course's text
// activities — composed by the generative endpoint (the e2e server's local OpenAI-compatible stand-in, which
// answers the first sentence of passage [1] and cites it) — with a cited link to the activity; the link opens
// it; a question the course does not cover says so; the history is cleared after confirmation; axe on the page
// with the tutor open. Retrieval-only answers (no endpoint) are covered by the server and component tests.
import {
  accounts,
  expect,
  expectNoAxeViolations,
  objectiveIdOf,
  signIn,
  test,
} from './fixtures.ts';

test('a learner asks the tutor about a course, follows the passage to its activity and clears the history', async ({
  page,
}) => {
  await signIn(page, accounts.learner);
  const courseId = await objectiveIdOf(page, 'Introduction to Machine Learning');
  await page.goto(`/learn/courses/${courseId}/view/content`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  const open = page.getByRole('contentinfo').getByRole('button', { name: 'Ask the tutor' });
  await open.click();
  const tutor = page.getByRole('dialog', { name: 'Tutor' });
  await expect(tutor).toBeVisible();
  const question = tutor.getByRole('textbox', { name: 'Your question' });
  await expect(question).toBeFocused();
  // Earlier runs on the same database may have left questions: start from an empty history.
  const clear = tutor.getByRole('button', { name: 'Clear history' });
  if (await clear.isVisible()) {
    await clear.click();
    await tutor.getByRole('button', { name: 'Clear', exact: true }).click();
  }
  await expect(tutor.getByText('No questions yet.')).toBeVisible();
  await expectNoAxeViolations(page);

  // Enter asks; the answer comes from a passage of the "Clustering" text activity, cites it, and is announced
  // to screen readers once complete.
  await question.fill('Explain clustering');
  await question.press('Enter');
  const passageLink = tutor.getByRole('link', { name: '[1] Clustering' });
  await expect(passageLink).toBeVisible();
  await expect(tutor.getByText('Sources')).toBeVisible();
  await expect(tutor.getByText(/This part covers clustering.*\[1\]/)).toBeVisible();
  await expect(tutor.locator('[aria-busy="true"]')).toHaveCount(0);
  await expect(page.locator('#live-announcer-polite')).toContainText('This part covers clustering');
  await expectNoAxeViolations(page);

  // A question the course does not cover: said in words, with the passages found.
  await question.fill('Is clustering a unicorn?');
  await question.press('Enter');
  await expect(tutor.getByText('The course does not cover this question.')).toBeVisible();
  await expect(page.locator('#live-announcer-polite')).toContainText(
    'The course does not cover this question.',
  );
  await expectNoAxeViolations(page);

  await passageLink.click();
  await expect(tutor).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`/learn/courses/${courseId}/view/content/[0-9a-f-]+`));
  await expect(page.getByRole('heading', { name: 'Clustering' }).first()).toBeVisible();
  await expectNoAxeViolations(page);

  // The history is kept; clearing asks first.
  await open.click();
  await expect(tutor.getByText('Explain clustering')).toBeVisible();
  await tutor.getByRole('button', { name: 'Clear history' }).click();
  await tutor.getByRole('button', { name: 'Cancel' }).click();
  await expect(tutor.getByText('Explain clustering')).toBeVisible();
  await tutor.getByRole('button', { name: 'Clear history' }).click();
  await tutor.getByRole('button', { name: 'Clear', exact: true }).click();
  await expect(tutor.getByText('No questions yet.')).toBeVisible();
  await expect(question).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(tutor).toBeHidden();
  await expect(open).toBeFocused();
});
