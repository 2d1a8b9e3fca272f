// Renders My Courses parts inside the app's providers and a memory router, for component tests.
import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { i18next, initI18n } from '../../../i18n/i18n.ts';
import { theme } from '../../../app/theme.ts';

/** Renders `ui` at `url` (route /courses); the returned router tells where the page navigated. */
export async function renderCourses(ui: ReactElement, url = '/courses') {
  await initI18n('en-US');
  await i18next.loadNamespaces(['courses']);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: '/courses', element: ui },
      { path: '*', element: null },
    ],
    {
      initialEntries: [url],
    },
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

/** The current query string of the memory router as a URLSearchParams. */
export function currentSearch(router: {
  state: { location: { search: string } };
}): URLSearchParams {
  return new URLSearchParams(router.state.location.search);
}
