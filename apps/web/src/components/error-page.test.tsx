import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { configureApiClient } from '../lib/api-client.ts';
import { aUser, renderWithProviders } from '../test/render.tsx';
import { ErrorPage } from './error-page.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** users/me as the server answers it where no page has fetched the user (full-screen error pages). */
function stubUsersMe(response: Response) {
  const fetchMock = vi.fn(async () => response);
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('ErrorPage', () => {
  it.each([
    [
      401,
      'Unauthorized access',
      "You don't have permission to access this page. Please ask your system administrator.",
    ],
    [
      403,
      'Forbidden',
      "You don't have permission to access this page. Please ask your system administrator.",
    ],
    [
      404,
      'Page not found',
      'The page you are looking for might have been removed, had its name changed, or never existed.',
    ],
    [
      500,
      'Something went wrong',
      'The server could not understand the request. Please try again or recheck your input.',
    ],
    [501, 'Feature is not implemented', 'This feature is not available yet.'],
    [502, 'Something went wrong', 'Please try again in a few minutes.'],
    [418, 'Something went wrong', 'Please try again in a few minutes.'],
  ])('status %i shows "%s"', async (status, title, text) => {
    await renderWithProviders(<ErrorPage status={status} />, { user: aUser() });
    expect(screen.getByRole('heading', { level: 1, name: title })).toBeTruthy();
    expect(screen.getByText(text)).toBeTruthy();
    expect(document.title).toBe(`${title} | Learner portal`);
  });

  it('sends learner-only users to My courses', async () => {
    await renderWithProviders(<ErrorPage status={404} />, { user: aUser({ roles: ['Learner'] }) });
    const link = screen.getByRole('link', { name: 'Go to My courses' });
    expect(link.getAttribute('href')).toBe('/learn/courses');
    expect(screen.queryByRole('link', { name: 'Go to Content library' })).toBeNull();
  });

  it('sends users with other roles to the Content library at the site root', async () => {
    await renderWithProviders(<ErrorPage status={404} />, {
      user: aUser({ roles: ['Learner', 'Author'] }),
    });
    const link = screen.getByRole('link', { name: 'Go to Content library' });
    expect(link.getAttribute('href')).toBe('/');
    expect(screen.queryByRole('link', { name: 'Go to My courses' })).toBeNull();
  });

  it('shows no button when asked (the /forbidden page)', async () => {
    await renderWithProviders(<ErrorPage status={403} showButton={false} />, { user: aUser() });
    expect(screen.getByRole('heading', { level: 1, name: 'Forbidden' })).toBeTruthy();
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.queryByRole('button')).toBeNull();
  });

  describe('outside the shell, where no page has fetched the user', () => {
    it('asks who is signed in and sends a learner-only user to My courses', async () => {
      const fetchMock = stubUsersMe(Response.json(aUser({ roles: ['Learner'] })));
      await renderWithProviders(<ErrorPage status={500} />);
      const link = await screen.findByRole('link', { name: 'Go to My courses' });
      expect(link.getAttribute('href')).toBe('/learn/courses');
      expect(fetchMock).toHaveBeenCalledWith('/api/platform/v1/users/me', expect.anything());
    });

    it('sends a user with other roles to the Content library', async () => {
      stubUsersMe(Response.json(aUser({ roles: ['Administrator', 'Learner'] })));
      await renderWithProviders(<ErrorPage status={500} />);
      expect(await screen.findByRole('link', { name: 'Go to Content library' })).toBeTruthy();
    });

    it('treats a signed-out visitor as a learner, without starting a sign-in', async () => {
      const onUnauthorized = vi.fn(() => new Promise<void>(() => undefined));
      configureApiClient({ onUnauthorized });
      stubUsersMe(Response.json({ code: 'unauthorized', message: 'Sign in' }, { status: 401 }));
      await renderWithProviders(<ErrorPage status={401} />);
      expect(await screen.findByRole('link', { name: 'Go to My courses' })).toBeTruthy();
      expect(screen.queryByRole('link', { name: 'Go to Content library' })).toBeNull();
      expect(onUnauthorized).not.toHaveBeenCalled();
    });
  });
});
