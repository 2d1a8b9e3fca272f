import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { initI18n } from '../i18n/i18n.ts';
import { AppProviders } from './providers.tsx';
import { createQueryClient } from './query-client.ts';
import { createRoutes } from './router.tsx';

beforeAll(async () => {
  await initI18n('en-US');
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('the route table', () => {
  it('lands from the sign-in callback without React Router warnings', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ code: 'unauthorized' }, { status: 401 })),
    );
    const target = `${window.location.origin}/learn/simulate-error`;
    const queryClient = createQueryClient();
    const router = createMemoryRouter(createRoutes(queryClient), {
      initialEntries: [`/login-callback?redirectUrl=${encodeURIComponent(target)}&provider=local`],
    });
    render(
      <AppProviders queryClient={queryClient}>
        <RouterProvider router={router} />
      </AppProviders>,
    );
    // /simulate-error throws on purpose: the full-screen error page is where the redirect lands.
    expect(
      await screen.findByRole(
        'heading',
        { level: 1, name: 'Something went wrong' },
        { timeout: 8000 },
      ),
    ).toBeTruthy();
    expect(router.state.location.pathname).toBe('/simulate-error');
    expect(warn).not.toHaveBeenCalled();
  });
});
