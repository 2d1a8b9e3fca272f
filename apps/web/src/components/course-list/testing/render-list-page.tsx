// Renders course-list pages and parts inside the app's providers and a memory router, for component tests.
import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { i18next, initI18n } from '../../../i18n/i18n.ts';
import { theme } from '../../../app/theme.ts';

export interface RenderListPageOptions {
  /** The route pattern `ui` is mounted on; any other path renders nothing. */
  path: string;
  /** The address to open. */
  url: string;
  /** Translation namespaces the page needs (the router's page loader preloads them in the app). */
  namespaces: string[];
}

/** Renders `ui` on route `path` at `url`; the returned router tells where the page navigated. */
export async function renderListPage(ui: ReactElement, options: RenderListPageOptions) {
  await initI18n('en-US');
  await i18next.loadNamespaces(options.namespaces);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: options.path, element: ui },
      { path: '*', element: null },
    ],
    { initialEntries: [options.url] },
  );
  const view = render(
    <MantineProvider theme={theme} env="test">
      <Notifications />
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { ...view, router, queryClient };
}

/** Renders a My Courses part at `url` (route /courses). */
export function renderCourses(ui: ReactElement, url = '/courses') {
  return renderListPage(ui, { path: '/courses', url, namespaces: ['courses', 'courseList'] });
}

/** The current query string of the memory router as a URLSearchParams. */
export function currentSearch(router: {
  state: { location: { search: string } };
}): URLSearchParams {
  return new URLSearchParams(router.state.location.search);
}
