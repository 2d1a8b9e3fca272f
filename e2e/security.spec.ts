// What an attacker's page can do to a signed-in learner: nothing. A page on another port of the same host
// (the same site, another origin) posts a plain HTML form to an encoded command path and points an image
// at the sign-out URL; the portal refuses the command and stays signed in.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { accounts, expect, signIn, test } from './fixtures.ts';

function attackerPage(origin: string, objectiveAccessId: string): string {
  return `<!doctype html><html lang="en"><head><title>Free prizes</title></head><body>
<h1>Free prizes</h1>
<img src="${origin}/oidc/logout" alt="">
<form method="post" action="${origin}/%61pi/lms/v1/create-self-enrollments">
<input type="hidden" name="objectiveAccessId" value="${objectiveAccessId}">
<input type="hidden" name="id" value="${crypto.randomUUID()}">
<button type="submit">Claim your prize</button>
</form></body></html>`;
}

async function serve(html: string): Promise<{ server: Server; url: string }> {
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html);
  });
  await new Promise<void>((resolve) => server.listen(0, 'localhost', resolve));
  return { server, url: `http://localhost:${(server.address() as AddressInfo).port}/` };
}

test('a page on another port cannot enrol the learner or sign them out', async ({ page }) => {
  await signIn(page, accounts.learner, '/learn/catalog');
  const filter = JSON.stringify(['objective.name', '=', 'Design Thinking']);
  const listed = await page.request.get(
    `/api/lms/v1/objective-workflow-aggregates/query?filter=${encodeURIComponent(filter)}`,
  );
  const [course] = (
    (await listed.json()) as {
      data: { objective: { id: string }; objectiveAccess: { id: string } }[];
    }
  ).data;
  expect(course).toBeDefined();

  const portal = new URL(page.url()).origin;
  const attacker = await serve(attackerPage(portal, course!.objectiveAccess.id));
  try {
    await page.goto(attacker.url);
    await expect(page.getByRole('heading', { name: 'Free prizes' })).toBeVisible();
    const refused = page.waitForResponse((r) => r.url().includes('create-self-enrollments'));
    await page.getByRole('button', { name: 'Claim your prize' }).click();
    expect((await refused).status()).toBe(403);
  } finally {
    attacker.server.close();
  }

  // Still signed in, and the course is still only offered.
  await page.goto(`/learn/catalog/${course!.objective.id}`);
  await expect(page.getByRole('heading', { name: 'Design Thinking', level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add to my courses' })).toBeEnabled();
});
