// Certificates as a visitor meets them: the public page of a valid, an expired and an unknown certificate,
// opened signed out, with the files to download (issue 13; demo certificates of learner@example.com).
import { accounts, expect, expectNoAxeViolations, signIn, test } from './fixtures.ts';

interface Certificate {
  certificateNumber: string;
  objectiveId: string;
  objectiveName: string;
  status: string;
  externalUrl: string | null;
}

test('a signed-out visitor checks the learner’s certificates on their public pages', async ({
  page,
  browser,
}) => {
  await signIn(page, accounts.learner);
  const response = await page.request.get('/api/lms/v1/certificate-records/query', {
    headers: { 'X-Requested-With': 'XMLHttpRequest' },
  });
  expect(response.ok()).toBe(true);
  const { data } = (await response.json()) as { data: Certificate[] };
  const find = (status: string, external: boolean) =>
    data.find((c) => c.status === status && (c.externalUrl !== null) === external)!;
  const valid = find('valid', false);
  const expired = find('expired', false);
  const external = find('valid', true);

  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto(`/learn/certificate/${valid.certificateNumber}`);
  await expect(
    visitor.getByRole('heading', { name: 'Certificate verification', level: 1 }),
  ).toBeVisible();
  await expect(visitor.getByTestId('certificate-status')).toContainText(
    'This certificate is valid',
  );
  await expect(visitor.getByTestId('certificate-status')).toContainText(
    'Northwind Academy confirms that Ada Lovelace earned this certificate.',
  );
  // Public: no menu and no sign-in; a way to sign up.
  await expect(visitor.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
  await expect(visitor.getByRole('link', { name: 'Create an account' })).toBeVisible();
  const preview = visitor.getByRole('img', {
    name: 'Certificate of Ada Lovelace for Responsible AI',
  });
  await expect(preview).toBeVisible();
  await expect
    .poll(() => preview.evaluate((image: HTMLImageElement) => image.naturalWidth))
    .toBe(1684);
  const pdfHref = await visitor.getByRole('link', { name: 'Download PDF' }).getAttribute('href');
  const pdf = await visitor.request.get(pdfHref!);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  expect(pdf.headers()['content-disposition']).toContain(
    `Certificate-${valid.certificateNumber}.pdf`,
  );
  const linkedIn = await visitor
    .getByRole('link', { name: 'Add to LinkedIn profile' })
    .getAttribute('href');
  expect(new URL(linkedIn!).searchParams.get('certId')).toBe(valid.certificateNumber);
  await expectNoAxeViolations(visitor);

  await visitor.goto(`/learn/certificate/${expired.certificateNumber}`);
  await expect(visitor.getByTestId('certificate-status')).toContainText(
    'This certificate has expired',
  );
  await expectNoAxeViolations(visitor);

  await visitor.goto(`/learn/certificate/${external.certificateNumber}`);
  await expect(visitor.getByRole('link', { name: 'Open the certificate' })).toHaveAttribute(
    'href',
    external.externalUrl!,
  );

  await visitor.goto('/learn/certificate/0000-0000-0000-0000');
  await expect(
    visitor.getByRole('heading', { name: 'Certificate not found', level: 1 }),
  ).toBeVisible();
  await visitor.close();
});

test('the learner opens an issued certificate in the portal and copies its share link', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signIn(page, accounts.learner);
  const response = await page.request.get('/api/lms/v1/certificate-records/query', {
    headers: { 'X-Requested-With': 'XMLHttpRequest' },
  });
  const { data } = (await response.json()) as { data: Certificate[] };
  const valid = data.find((c) => c.status === 'valid' && c.externalUrl === null)!;
  const external = data.find((c) => c.externalUrl !== null)!;

  await page.goto(`/learn/courses/${valid.objectiveId}/certificate/${valid.certificateNumber}`);
  await expect(page.getByRole('heading', { name: 'Responsible AI', level: 1 })).toBeVisible();
  await expect(page.getByTestId('certificate-status')).toContainText('This certificate is valid');
  await expect(
    page.getByRole('img', { name: 'Your certificate for Responsible AI' }),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Copy link' }).click();
  await expect(page.getByRole('group', { name: 'The link was copied' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(
    new RegExp(`/learn/certificate/${valid.certificateNumber}$`),
  );
  await expectNoAxeViolations(page);

  await page.goto(
    `/learn/courses/${external.objectiveId}/certificate/${external.certificateNumber}`,
  );
  await page.getByRole('button', { name: 'Copy link' }).click();
  await expect(page.getByRole('group', { name: 'The link was copied' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(external.externalUrl);
});

test('the course details list the learner’s certificates: downloads, share link checked signed out, expiry', async ({
  page,
  context,
  browser,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signIn(page, accounts.learner);
  const response = await page.request.get('/api/lms/v1/certificate-records/query', {
    headers: { 'X-Requested-With': 'XMLHttpRequest' },
  });
  const { data } = (await response.json()) as { data: Certificate[] };
  const valid = data.find((c) => c.status === 'valid' && c.externalUrl === null)!;
  const expired = data.find((c) => c.status === 'expired' && c.objectiveId === valid.objectiveId)!;

  await page.goto(`/learn/courses/${valid.objectiveId}/view/details`);
  const section = page.getByRole('region', { name: 'Certificates' });
  await expect(section.getByRole('heading', { name: 'Current results', level: 3 })).toBeVisible();
  // The demo results are scored out of 1: no "X out of Y points".
  await expect(section.getByText(/points/)).toHaveCount(0);
  const items = section.getByRole('listitem');
  // Newest first: the recertification, then the expired first certificate.
  await expect(items).toHaveCount(2);
  const current = items.nth(0);
  await expect(
    current.getByRole('heading', { name: `Certificate ${valid.certificateNumber}` }),
  ).toBeVisible();
  await expect(current.getByText('This certificate has expired')).toHaveCount(0);
  await expect(
    items.nth(1).getByRole('heading', { name: `Certificate ${expired.certificateNumber}` }),
  ).toBeVisible();
  await expect(items.nth(1).getByText('This certificate has expired')).toBeVisible();
  const preview = current.getByRole('img', { name: 'Your certificate for Responsible AI' });
  await expect
    .poll(() => preview.evaluate((image: HTMLImageElement) => image.naturalWidth))
    .toBe(1684);
  await expectNoAxeViolations(page);

  for (const [name, extension] of [
    ['Download PDF', 'pdf'],
    ['Download image', 'png'],
  ] as const) {
    const download = page.waitForEvent('download');
    await current.getByRole('link', { name }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`Certificate-${valid.certificateNumber}.${extension}`);
    expect((await file.failure()) ?? null).toBeNull();
  }

  await current.getByRole('button', { name: 'Copy link' }).click();
  await expect(page.getByRole('group', { name: 'The link was copied' })).toBeVisible();
  const link = await page.evaluate(() => navigator.clipboard.readText());
  expect(link).toMatch(new RegExp(`/learn/certificate/${valid.certificateNumber}$`));

  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto(link);
  await expect(visitor.getByTestId('certificate-status')).toContainText(
    'This certificate is valid',
  );
  await visitor.close();

  await current.getByRole('link', { name: 'View certificate' }).click();
  await expect(page).toHaveURL(
    new RegExp(`/learn/courses/${valid.objectiveId}/certificate/${valid.certificateNumber}$`),
  );
  await expect(page.getByTestId('certificate-status')).toContainText('This certificate is valid');
});
