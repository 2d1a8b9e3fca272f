import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { learnerSettings } from '../../components/course-list/testing/fake-lms.ts';
import { renderListPage } from '../../components/course-list/testing/render-list-page.tsx';
import { IndexRedirect } from './index-redirect.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function serve(dashboard: boolean) {
  const settings = learnerSettings(true);
  settings.featureFlags['learner.dashboard'] = dashboard;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      const path = new URL(input, 'http://localhost').pathname;
      const body =
        path === '/api/platform/v1/settings/learner'
          ? settings
          : path === '/api/lms/v1/users/me/tasks'
            ? { timeZone: 'UTC', tasks: [] }
            : { data: [] };
      return new Response(JSON.stringify(body), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
}

describe('IndexRedirect ("/")', () => {
  it('goes on to /courses keeping query and hash while the dashboard is off', async () => {
    serve(false);
    const { router } = await act(() =>
      renderListPage(<IndexRedirect />, { path: '/', url: '/?term=spring#list', namespaces: [] }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/courses'));
    expect(router.state.location.search).toBe('?term=spring');
    expect(router.state.location.hash).toBe('#list');
    expect(screen.queryByRole('heading', { name: 'Dashboard' })).toBeNull();
  });

  it('shows the dashboard when learner.dashboard is on', async () => {
    serve(true);
    const { router } = await act(() =>
      renderListPage(<IndexRedirect />, { path: '/', url: '/', namespaces: [] }),
    );
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Dashboard' }, { timeout: 10_000 }),
    ).toBeTruthy();
    expect(
      await screen.findByText('Nothing to do right now.', {}, { timeout: 10_000 }),
    ).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
  });
});
