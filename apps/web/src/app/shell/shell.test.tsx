import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { LearnerSettings, NavigationNode, PermissionEntry } from '@portal/contracts';
import { initI18n } from '../../i18n/i18n.ts';
import { readUserCookie } from '../../lib/session/user-cookie.ts';
import { aUser } from '../../test/render.tsx';
import { AppProviders } from '../providers.tsx';
import { createQueryClient } from '../query-client.ts';
import { createRoutes } from '../router.tsx';

const settings: LearnerSettings = {
  featureFlags: {
    'learner.dashboard': false,
    'platform.research': true,
    'platform.knowledgeModels': false,
  },
  navigation: {
    catalog: true,
    rooms: true,
    researchProjects: true,
    knowledgeModels: false,
    calendar: false,
  },
  pluginItems: [{ id: 'wiki', name: 'Company wiki', url: 'https://wiki.example.com' }],
  feedback: { learner: { visible: true } },
  tutor: { enabled: false, defaultKnowledgeModelId: null },
  copyright: '© 2026 Demo Academy',
  supportUrl: null,
};

function stubPlatform(options: {
  permissions?: PermissionEntry[];
  navigation?: NavigationNode[];
  roles?: string[];
  supportUrl?: string | null;
  feedbackVisible?: boolean;
  tutorEnabled?: boolean;
}) {
  const responses: Record<string, unknown> = {
    '/api/platform/v1/users/me': aUser({
      roles: options.roles ?? ['Learner'],
      department_name: 'Analytics',
      external_id: 'ext-ada',
    }),
    '/api/platform/v1/users/me/permissions': options.permissions ?? [
      { name: 'ObjectiveWorkflow.Create', scope_id: null },
      { name: 'Research.Access', scope_id: null },
    ],
    '/api/platform/v1/users/me/licensed-features': ['LMS'],
    '/api/platform/v1/users/me/navigation': options.navigation ?? [
      { id: 'learn', name: 'Learner portal', url: '/learn' },
    ],
    '/api/platform/v1/settings/learner': {
      ...settings,
      supportUrl: options.supportUrl ?? null,
      feedback: { learner: { visible: options.feedbackVisible ?? true } },
      tutor: { enabled: options.tutorEnabled ?? false, defaultKnowledgeModelId: null },
    },
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const body = responses[url];
      return body === undefined
        ? new Response(JSON.stringify({ message: 'Not found' }), { status: 404 })
        : new Response(JSON.stringify(body), {
            status: 200,
            headers: { 'content-type': 'application/json' },
          });
    }),
  );
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

beforeAll(async () => {
  await initI18n('en-US');
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

describe('shell', () => {
  it('has landmarks, a skip link first, the user menu named after the user, and the main navigation', async () => {
    stubPlatform({});
    renderAt('/no-such-page');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Page not found' }, { timeout: 8000 }),
    ).toBeTruthy();

    const focusable = document.querySelectorAll('a[href], button');
    expect(focusable[0]?.textContent).toBe('Skip to main content');
    expect(screen.getByRole('main').id).toBe('main-content');
    expect(screen.getByRole('banner')).toBeTruthy();
    expect(screen.getByRole('contentinfo').textContent).toContain('© 2026 Demo Academy');
    // Named by what it shows: the initials, and the name (visible from 48em).
    expect(screen.getByRole('button', { name: 'AL Ada Lovelace' })).toBeTruthy();

    const nav = screen.getByRole('navigation', { name: 'Main' });
    const links = within(nav)
      .getAllByRole('link')
      .map((link) => [link.textContent, link.getAttribute('href')]);
    // Research needs its own flag too.
    expect(links).toEqual([
      ['Courses', '/courses'],
      ['Catalog', '/catalog'],
      ['Research projects', '/platform/projects'],
      ['Rooms', '/classroom/learner/rooms'],
      ['Company wiki', 'https://wiki.example.com'],
    ]);
    expect(
      screen.getByRole('button', { name: 'Open navigation' }).getAttribute('aria-expanded'),
    ).toBe('false');
  });

  it('keeps the user cookie: username, department name and external_id', async () => {
    stubPlatform({});
    renderAt('/no-such-page');
    await screen.findByRole('heading', { level: 1, name: 'Page not found' }, { timeout: 8000 });
    await waitFor(() =>
      expect(readUserCookie()).toEqual({
        username: 'ada',
        department_name: 'Analytics',
        external_id: 'ext-ada',
      }),
    );
  });

  it('redirects / to /courses keeping query and hash', async () => {
    stubPlatform({});
    const router = renderAt('/?keyword=algebra#top');
    await waitFor(() => expect(router.state.location.pathname).toBe('/courses'), { timeout: 8000 });
    expect(router.state.location.search).toBe('?keyword=algebra');
    expect(router.state.location.hash).toBe('#top');
  });

  it('sends users without ObjectiveWorkflow.Create and no other application to /forbidden, without a button', async () => {
    stubPlatform({ permissions: [], navigation: [], roles: ['Author'] });
    const router = renderAt('/courses');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Forbidden' }, { timeout: 8000 }),
    ).toBeTruthy();
    expect(router.state.location.pathname).toBe('/forbidden');
    expect(screen.queryByRole('link', { name: /Go to/ })).toBeNull();
  });

  it('shows the "Go to portal" menu when other applications exist', async () => {
    stubPlatform({
      navigation: [
        { id: 'learn', name: 'Learner portal', url: '/learn' },
        { id: 'author', name: 'Authoring', url: '/teach' },
      ],
    });
    renderAt('/missing');
    expect(await screen.findByRole('button', { name: 'Go to portal' })).toBeTruthy();
  });

  it('offers the applications of the roles held, Contact Support and Sign out in the one user menu', async () => {
    stubPlatform({
      roles: ['Administrator', 'Learner'],
      navigation: [
        { id: 'learn', name: 'Learner portal', url: '/learn' },
        { id: 'admin', name: 'Admin panel', url: '/admin' },
        { id: 'teach', name: 'Authoring', url: '/teach' },
      ],
      supportUrl: 'mailto:help@example.com',
    });
    renderAt('/missing');
    fireEvent.click(await screen.findByRole('button', { name: /Ada Lovelace/ }, { timeout: 8000 }));
    // Mantine's opening transition keeps the dropdown display:none in jsdom (no transitions run).
    const menu = await screen.findByRole('menu', { hidden: true });
    const items = (await within(menu).findAllByRole('menuitem', { hidden: true })).map((item) => [
      item.textContent,
      item.getAttribute('href'),
    ]);
    expect(items).toEqual([
      ['Admin panel', '/admin'],
      ['Learner', '/learn'],
      ['Profile', '/profile'],
      ['Language', null],
      ['Contact support', 'mailto:help@example.com'],
      ['Sign out', null],
    ]);
    // Author is not a role Ada holds; the learner portal is where she is.
    expect(
      within(menu)
        .getByRole('menuitem', { name: 'Learner', hidden: true })
        .getAttribute('aria-current'),
    ).toBe('page');
    // The applications live in the user menu, not a second time under "Go to portal".
    expect(screen.queryByRole('button', { name: 'Go to portal' })).toBeNull();
  });

  it('shows a learner-only user no applications to switch to and no support entry unless configured', async () => {
    stubPlatform({ navigation: [{ id: 'learn', name: 'Learner portal', url: '/learn' }] });
    renderAt('/missing');
    fireEvent.click(await screen.findByRole('button', { name: /Ada Lovelace/ }, { timeout: 8000 }));
    // Mantine's opening transition keeps the dropdown display:none in jsdom (no transitions run).
    const menu = await screen.findByRole('menu', { hidden: true });
    await within(menu).findByRole('menuitem', { name: 'Profile', hidden: true });
    expect(within(menu).queryByText('Applications')).toBeNull();
    expect(within(menu).queryByRole('menuitem', { name: 'Learner', hidden: true })).toBeNull();
    expect(
      within(menu).queryByRole('menuitem', { name: 'Contact support', hidden: true }),
    ).toBeNull();
  });

  it('offers the feedback widget at the bottom of the shell only when platform.ui.feedback lets learners see it', async () => {
    stubPlatform({});
    renderAt('/no-such-page');
    await screen.findByRole('heading', { level: 1, name: 'Page not found' }, { timeout: 8000 });
    const footer = screen.getByRole('contentinfo');
    expect(await within(footer).findByRole('button', { name: 'Send feedback' })).toBeTruthy();
    cleanup();

    stubPlatform({ feedbackVisible: false });
    renderAt('/no-such-page');
    await screen.findByRole('heading', { level: 1, name: 'Page not found' }, { timeout: 8000 });
    expect(screen.queryByRole('button', { name: 'Send feedback' })).toBeNull();
  });

  it('offers the tutor at the bottom of the shell only when learner.tutor is enabled, its panel on first open', async () => {
    stubPlatform({});
    renderAt('/no-such-page');
    await screen.findByRole('heading', { level: 1, name: 'Page not found' }, { timeout: 8000 });
    await within(screen.getByRole('contentinfo')).findByRole('button', { name: 'Send feedback' });
    expect(screen.queryByRole('button', { name: 'Ask the tutor' })).toBeNull();
    cleanup();

    stubPlatform({ tutorEnabled: true });
    renderAt('/no-such-page');
    await screen.findByRole('heading', { level: 1, name: 'Page not found' }, { timeout: 8000 });
    const open = await within(screen.getByRole('contentinfo')).findByRole('button', {
      name: 'Ask the tutor',
    });
    expect(screen.queryByRole('dialog', { name: 'Tutor' })).toBeNull();
    fireEvent.click(open);
    const dialog = await screen.findByRole('dialog', { name: 'Tutor' }, { timeout: 8000 });
    // No default knowledge model and no course in the address: the panel says so.
    expect(
      await within(dialog).findByText(
        'There is no course to answer from on this page. Open one of your courses and ask there.',
      ),
    ).toBeTruthy();
  });
});
