import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { EnrollmentAggregate, PublicObjectiveDetail, PublicShowcase } from '@portal/contracts';
import { coverColorOf } from '@portal/domain';
import { anEnrollment } from '../../../../../packages/domain/src/testing/enrollment-builder.ts';
import { configureApiClient } from '../../lib/api-client.ts';
import { initI18n } from '../../i18n/i18n.ts';
import {
  aPublicObjective,
  aPublicShowcase,
} from '../../features/open-catalog/testing/public-catalog-builders.ts';
import { AppProviders } from '../providers.tsx';
import { createQueryClient } from '../query-client.ts';
import { createRoutes } from '../router.tsx';

const science = aPublicShowcase('Science');
const languages = aPublicShowcase('Languages');
const chemistry = aPublicObjective({
  name: 'Organic Chemistry',
  code: 'CHEM-201',
  description: 'Carbon compounds and their reactions.',
  showcases: [{ id: science.id, name: science.name }],
  about:
    '<h1>Overview</h1><p>Weekly labs.<script>window.stolen = true</script></p><img src="lab.png" alt="A lab" onerror="window.stolen = true">',
});
const spanish = aPublicObjective({
  name: 'Spanish for Travellers',
  code: 'LANG-ES1',
  showcases: [{ id: languages.id, name: languages.name }],
});
const safety = aPublicObjective({ name: 'Lab Safety', description: 'Goggles on at all times.' });

interface Catalog {
  objectives: PublicObjectiveDetail[];
  showcases: PublicShowcase[];
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const LEARNER_AGGREGATE =
  /^\/api\/lms\/v1\/users\/me\/objectives\/([^/]+)\/objective-workflow-aggregate$/;

/**
 * The public endpoints of one domain, and the learner's own course (a visitor without a session gets 401 there,
 * a signed-in learner their aggregates, 404 for others); every request is recorded.
 */
function stubPublicApi({ objectives, showcases }: Catalog, learner?: EnrollmentAggregate[]) {
  const requests: URL[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      const url = new URL(input, 'http://localhost');
      requests.push(url);
      const own = LEARNER_AGGREGATE.exec(url.pathname);
      if (own) {
        if (!learner) return json({ code: 'unauthorized', message: 'Sign-in is required.' }, 401);
        const aggregate = learner.find((item) => item.objective.id === own[1]);
        return aggregate ? json(aggregate) : json({ code: 'not_found', message: 'Not found' }, 404);
      }
      const base = '/api/lms/v1/public/open-catalog';
      if (url.pathname === `${base}/objectives/query`) {
        const list = objectives.map(({ about: _about, ...objective }) => objective);
        return json({ data: list, totalCount: list.length, groupCount: -1, summary: null });
      }
      if (url.pathname === `${base}/showcases`) return json(showcases);
      const detail = objectives.find((o) => url.pathname === `${base}/objectives/${o.id}`);
      if (detail) return json(detail);
      return json({ code: 'not_found', message: 'Not found' }, 404);
    }),
  );
  return requests;
}

function renderAt(path: string) {
  const queryClient = createQueryClient();
  const router = createMemoryRouter(createRoutes(queryClient), { initialEntries: [path] });
  render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

const fullCatalog: Catalog = {
  objectives: [safety, chemistry, spanish],
  showcases: [science, languages],
};

const cardNames = () =>
  within(screen.getByRole('list', { name: 'Courses' }))
    .getAllByRole('heading', { level: 2 })
    .map((heading) => heading.textContent);

beforeAll(async () => {
  await initI18n('en-US');
  // On public pages a 401 is an answer, not a sign-in redirect: main.tsx tells them by the browser's address,
  // which a memory router leaves alone, so these tests say it directly.
  configureApiClient({ isPublicMode: () => true });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('public open catalog', () => {
  it('is a public page: banner, main and footer, one h1, no menu, and no user or sign-in calls', async () => {
    const requests = stubPublicApi(fullCatalog);
    renderAt('/open-catalog');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Course catalog' }, { timeout: 8000 }),
    ).toBeTruthy();
    await screen.findByRole('link', { name: 'Organic Chemistry' });

    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    const banner = screen.getByRole('banner');
    expect(within(banner).getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe(
      '/oidc/login?redirectUrl=%2Flearn%2Fcourses',
    );
    expect(screen.getByRole('main').id).toBe('main-content');
    expect(screen.getByRole('contentinfo')).toBeTruthy();
    expect(screen.queryByRole('navigation')).toBeNull();
    expect(document.title).toBe('Course catalog | Learner portal');

    expect(requests.every((url) => url.pathname.startsWith('/api/lms/v1/public/'))).toBe(true);
    for (const url of requests) expect(url.searchParams.get('domain')).toBe('localhost');
    const query = requests.find((url) => url.pathname.endsWith('/objectives/query'));
    expect(JSON.parse(query?.searchParams.get('sort') ?? '')).toEqual([
      { selector: 'name', desc: false },
    ]);
    expect(query?.searchParams.get('requireTotalCount')).toBe('true');
  });

  it('gives a course without an image its own colour, the same in the list and on its page', async () => {
    stubPublicApi(fullCatalog);
    renderAt('/open-catalog');
    const card = await screen.findByRole(
      'article',
      { name: 'Spanish for Travellers' },
      { timeout: 8000 },
    );
    const listColour = within(card).getByTestId('course-cover-colour').style.backgroundColor;
    fireEvent.click(within(card).getByRole('link', { name: 'Spanish for Travellers' }));
    await screen.findByRole('heading', { level: 1, name: 'Spanish for Travellers' });
    expect(screen.getByTestId('course-cover-colour').style.backgroundColor).toBe(listColour);
    expect(listColour).toBe(rgb(coverColorOf(spanish.id)));
  });

  it('lists the courses as cards linking to their public page', async () => {
    stubPublicApi(fullCatalog);
    renderAt('/open-catalog');
    const link = await screen.findByRole('link', { name: 'Organic Chemistry' }, { timeout: 8000 });
    expect(link.getAttribute('href')).toBe(`/open-catalog/${chemistry.id}/view/details`);
    expect(cardNames()).toEqual(['Lab Safety', 'Organic Chemistry', 'Spanish for Travellers']);
    expect(screen.getByText('3 courses').getAttribute('role')).toBe('status');
  });

  it('searches name, code and description as the visitor types, whatever the case', async () => {
    stubPublicApi(fullCatalog);
    const router = renderAt('/open-catalog');
    const search = await screen.findByRole(
      'searchbox',
      { name: 'Search courses' },
      { timeout: 8000 },
    );
    await screen.findByRole('link', { name: 'Organic Chemistry' });

    fireEvent.change(search, { target: { value: 'CHEM' } });
    expect(cardNames()).toEqual(['Organic Chemistry']);
    expect(screen.getByText('1 course')).toBeTruthy();
    await waitFor(() => expect(router.state.location.search).toBe('?keyword=CHEM'));

    fireEvent.change(search, { target: { value: 'lang-es' } });
    expect(cardNames()).toEqual(['Spanish for Travellers']);

    fireEvent.change(search, { target: { value: 'goggles' } });
    expect(cardNames()).toEqual(['Lab Safety']);
  });

  it('shows an empty-results state whose button clears the search', async () => {
    stubPublicApi(fullCatalog);
    renderAt('/open-catalog?keyword=astronomy');
    expect(
      await screen.findByRole('heading', { level: 2, name: 'No courses found' }, { timeout: 8000 }),
    ).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Courses' })).toBeNull();
    expect(
      (screen.getByRole('searchbox', { name: 'Search courses' }) as HTMLInputElement).value,
    ).toBe('astronomy');

    fireEvent.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(cardNames()).toHaveLength(3);
    expect(
      (screen.getByRole('searchbox', { name: 'Search courses' }) as HTMLInputElement).value,
    ).toBe('');
  });

  it('narrows the list by collection chips', async () => {
    stubPublicApi(fullCatalog);
    renderAt('/open-catalog');
    const collections = await screen.findByRole(
      'group',
      { name: 'Collections' },
      { timeout: 8000 },
    );
    await screen.findByRole('link', { name: 'Organic Chemistry' });
    fireEvent.click(within(collections).getByRole('checkbox', { name: 'Languages' }));
    await waitFor(() => expect(cardNames()).toEqual(['Spanish for Travellers']));
  });

  it('says so when the catalog has no course at all', async () => {
    stubPublicApi({ objectives: [], showcases: [] });
    renderAt('/open-catalog');
    expect(
      await screen.findByRole('heading', { level: 2, name: 'No courses yet' }, { timeout: 8000 }),
    ).toBeTruthy();
  });
});

describe('public course page', () => {
  it('shows the course with sanitised "About" content and the ways to join', async () => {
    const requests = stubPublicApi(fullCatalog);
    renderAt(`/open-catalog/${chemistry.id}/view/details`);
    expect(
      await screen.findByRole(
        'heading',
        { level: 1, name: 'Organic Chemistry' },
        { timeout: 8000 },
      ),
    ).toBeTruthy();
    expect(document.title).toBe('Organic Chemistry | Learner portal');
    expect(screen.getByText('Code: CHEM-201')).toBeTruthy();
    expect(
      within(screen.getByRole('list', { name: 'Collections' })).getByText('Science'),
    ).toBeTruthy();
    expect(screen.getByText('Carbon compounds and their reactions.')).toBeTruthy();

    // "About": headings nested below its h2, no script and no handler.
    expect(screen.getByRole('heading', { level: 2, name: 'About' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 3, name: 'Overview' })).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    const main = screen.getByRole('main');
    expect(main.innerHTML).not.toMatch(/<script|onerror/);
    expect(screen.getByRole('img', { name: 'A lab' })).toBeTruthy();

    const returnUrl = `/learn/courses?occflow=addToMyCourses&objectiveId=${chemistry.id}`;
    const signUp = screen.getByRole('button', { name: 'Sign up and add to my courses' });
    const form = signUp.closest('form') as HTMLFormElement;
    expect(form.getAttribute('action')).toBe('/oidc/login');
    expect(form.getAttribute('method')).toBe('get');
    expect(Object.fromEntries(new FormData(form))).toEqual({
      screen: 'register',
      redirectUrl: returnUrl,
    });
    expect(within(main).getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe(
      `/oidc/login?redirectUrl=${encodeURIComponent(returnUrl)}`,
    );
    expect(
      within(main).getByRole('link', { name: 'Back to the course catalog' }).getAttribute('href'),
    ).toBe('/open-catalog');

    // Besides the public calls, only the question whether a learner is signed in (answered 401 here).
    const ownCalls = requests.filter((url) => !url.pathname.startsWith('/api/lms/v1/public/'));
    expect(ownCalls.map((url) => url.pathname)).toEqual([
      `/api/lms/v1/users/me/objectives/${chemistry.id}/objective-workflow-aggregate`,
    ]);
    const publicCalls = requests.filter((url) => url.pathname.startsWith('/api/lms/v1/public/'));
    expect(publicCalls[0]?.searchParams.get('domain')).toBe('localhost');
  });

  it('sends a signed-in learner who already has the course to its course page', async () => {
    const enrolled = anEnrollment().selfEnrolled().build();
    enrolled.objective.id = chemistry.id;
    stubPublicApi(fullCatalog, [enrolled]);
    const router = renderAt(`/open-catalog/${chemistry.id}/view/details`);
    await waitFor(
      () => expect(router.state.location.pathname).toBe(`/courses/${chemistry.id}/view/details`),
      { timeout: 8000 },
    );
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('keeps a signed-in learner who has not taken the course on the public page', async () => {
    const offered = anEnrollment().offeredInCatalog().build();
    offered.objective.id = spanish.id;
    stubPublicApi(fullCatalog, [offered]);
    const router = renderAt(`/open-catalog/${chemistry.id}/view/details`);
    await screen.findByRole('heading', { level: 1, name: 'Organic Chemistry' }, { timeout: 8000 });
    cleanup();
    const spanishRouter = renderAt(`/open-catalog/${spanish.id}/view/details`);
    await screen.findByRole(
      'heading',
      { level: 1, name: 'Spanish for Travellers' },
      { timeout: 8000 },
    );
    expect(screen.getByRole('button', { name: 'Sign up and add to my courses' })).toBeTruthy();
    expect(router.state.location.pathname).toBe(`/open-catalog/${chemistry.id}/view/details`);
    expect(spanishRouter.state.location.pathname).toBe(`/open-catalog/${spanish.id}/view/details`);
  });

  it('shows the unavailable state for a course that is not in the open catalog', async () => {
    stubPublicApi(fullCatalog);
    renderAt('/open-catalog/00000000-0000-4000-8000-00000000dead/view/details');
    expect(
      await screen.findByRole(
        'heading',
        { level: 1, name: 'Course is not available' },
        { timeout: 8000 },
      ),
    ).toBeTruthy();
    expect(
      screen.getByText(
        'You do not have the necessary access rights to open or enroll in this course or program.',
      ),
    ).toBeTruthy();
    expect(
      screen.getByRole('link', { name: 'Browse the course catalog' }).getAttribute('href'),
    ).toBe('/open-catalog');
    expect(screen.queryByRole('button', { name: 'Sign up and add to my courses' })).toBeNull();
  });

  it('opens the details from the short course address', async () => {
    stubPublicApi(fullCatalog);
    const router = renderAt(`/open-catalog/${spanish.id}`);
    expect(
      await screen.findByRole(
        'heading',
        { level: 1, name: 'Spanish for Travellers' },
        { timeout: 8000 },
      ),
    ).toBeTruthy();
    expect(router.state.location.pathname).toBe(`/open-catalog/${spanish.id}/view/details`);
  });
});

/** "#FFC699" as the DOM reports a style colour. */
function rgb(hex: string): string {
  const [r, g, b] = [1, 3, 5].map((start) => parseInt(hex.slice(start, start + 2), 16));
  return `rgb(${r}, ${g}, ${b})`;
}
