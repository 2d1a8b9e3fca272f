// The About section of a course as a learner meets it: nested headings with anchors, a full-screen table, an
// image gallery, a PDF viewer and an attachment's size. Read-only: course-flow.spec.ts takes the same course in
// parallel, so this test never presses a course button and asserts nothing about the course's state.
import { statSync } from 'node:fs';
import { resolve } from 'node:path';
import { accounts, expect, expectNoAxeViolations, signIn, test } from './fixtures.ts';

const COURSE = 'Data Literacy Essentials';
const WORKSHEET = resolve(
  import.meta.dirname,
  '../apps/web/public/demo/data-literacy-worksheet.csv',
);

test('the About section of a course offers anchors, a full-screen table, a gallery, a PDF and file sizes', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signIn(page, accounts.courseLearner);
  await page.getByRole('searchbox', { name: 'Search courses' }).fill(COURSE.toLowerCase());
  await expect(page.getByText('Showing 1 of 1 course')).toBeVisible();
  await page.getByRole('link', { name: COURSE, exact: true }).click();
  await expect(page.getByRole('heading', { name: COURSE, level: 1 })).toBeVisible();

  // The page owns h1 and the section's own h2, so the author's h2 and h3 become h3 and h4.
  const about = page.getByRole('region', { name: 'About' });
  await expect(about.getByRole('heading', { level: 2 })).toHaveText('About');
  await expect(about.getByRole('heading', { level: 1 })).toHaveCount(0);
  await expect(about.getByRole('heading', { level: 3 })).toHaveText([/^What you will learn/]);
  await expect(about.getByRole('heading', { level: 4 })).toHaveText([/^Three charts to compare/]);
  await about.getByRole('link', { name: 'Link to section What you will learn' }).click();
  await expect(page).toHaveURL(/#about-\w+-what-you-will-learn$/);

  await about.getByRole('button', { name: 'Show table in full screen' }).click();
  // The full-screen view is named after the table's caption.
  const table = page.getByRole('dialog', { name: 'Course plan' });
  await expect(table.getByRole('table', { name: 'Course plan' })).toBeVisible();
  await expect(table.getByRole('cell', { name: 'Asking good questions' })).toBeVisible();
  await expectNoAxeViolations(page);
  await table.getByRole('button', { name: 'Close' }).click();
  await expect(table).toHaveCount(0);

  await about.getByRole('button', { name: 'Open image 2 of 3 in the gallery' }).click();
  const gallery = page.getByRole('dialog', { name: 'Image gallery' });
  await expect(gallery.getByText('Image 2 of 3')).toBeVisible();
  await expect(
    gallery.getByRole('img', { name: 'Line chart: daily visitors trend upwards' }),
  ).toBeVisible();
  await page.keyboard.press('ArrowRight');
  await expect(gallery.getByText('Image 3 of 3')).toBeVisible();
  await expect(
    gallery.getByRole('img', { name: 'Pie chart: a quarter of answers were no' }),
  ).toBeVisible();
  await expect(gallery.getByRole('button', { name: 'Next image' })).toBeDisabled();
  await expect(gallery.getByRole('button', { name: 'Previous image' })).toBeEnabled();
  await expectNoAxeViolations(page);
  await page.keyboard.press('Escape');
  await expect(gallery).toHaveCount(0);

  // The size comes from a HEAD request to the served file, so it must match the file on disk; under a
  // kilobyte it is counted in bytes, with the plural.
  const bytes = statSync(WORKSHEET).size;
  expect(bytes).toBeGreaterThan(1);
  expect(bytes).toBeLessThan(1024);
  await expect(about.getByRole('link', { name: 'Practice worksheet' })).toBeVisible();
  await expect(about.getByText(`(${bytes} bytes)`)).toBeVisible();

  await about.getByRole('button', { name: 'View PDF Course syllabus' }).click();
  const pdf = about.getByRole('document', { name: 'PDF document Course syllabus' });
  await expect(pdf.getByRole('img', { name: 'Page 1 of 2' })).toBeVisible();
  await expect(pdf.getByRole('img', { name: 'Page 2 of 2' })).toBeAttached();
  await expect(pdf.getByRole('alert')).toHaveCount(0);
  await expect(about.getByRole('button', { name: 'Hide PDF Course syllabus' })).toHaveAttribute(
    'aria-expanded',
    'true',
  );
  await expectNoAxeViolations(page);
});
