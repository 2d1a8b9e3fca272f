import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useEffect } from 'react';
import {
  Link,
  Navigate,
  Outlet,
  RouterProvider,
  createMemoryRouter,
  useParams,
} from 'react-router';
import { liveRegion } from '../../lib/announcer.ts';
import { MAIN_CONTENT_ID } from './skip-link.tsx';
import { useRouteFocus } from './use-route-focus.ts';

afterEach(cleanup);

function Layout() {
  useRouteFocus();
  return (
    <>
      <nav>
        <Link to="/catalog">Catalog</Link>
        <Link to="/course/intro">Intro</Link>
        <Link to="/course/charts">Charts</Link>
      </nav>
      <main id={MAIN_CONTENT_ID}>
        <Outlet />
      </main>
    </>
  );
}

function Page({ title }: { title: string }) {
  useEffect(() => {
    document.title = `${title} | Learner portal`;
  }, [title]);
  return <h1>{title}</h1>;
}

/** One page showing one of its parts (like a course and its activities). */
function Course() {
  const { part } = useParams();
  return (
    <>
      <Page title="Data course" />
      <h2>{part}</h2>
    </>
  );
}

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      {
        element: <Layout />,
        children: [
          { path: '/', element: <Navigate to="/courses" replace /> },
          { path: '/courses', element: <Page title="My courses" /> },
          { path: '/catalog', element: <Page title="Catalog" /> },
          { path: '/course/:part', element: <Course /> },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('useRouteFocus', () => {
  it('leaves focus alone on a page load, also when a redirect completes it', async () => {
    renderAt('/');
    await screen.findByRole('heading', { level: 1, name: 'My courses' });
    expect(document.activeElement).toBe(document.body);
  });

  it('moves focus to the new page heading and announces its title', async () => {
    renderAt('/courses');
    await screen.findByRole('heading', { level: 1, name: 'My courses' });
    fireEvent.click(screen.getByRole('link', { name: 'Catalog' }));
    const heading = await screen.findByRole('heading', { level: 1, name: 'Catalog' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(heading.tabIndex).toBe(-1);
    await waitFor(() => expect(liveRegion('polite').textContent).toBe('Catalog | Learner portal'));
  });

  it('keeps focus where it is when the same page shows another of its parts', async () => {
    renderAt('/course/intro');
    await screen.findByRole('heading', { level: 2, name: 'intro' });
    const link = screen.getByRole('link', { name: 'Charts' });
    act(() => link.focus());
    fireEvent.click(link);
    await screen.findByRole('heading', { level: 2, name: 'charts' });
    expect(document.activeElement).toBe(link);
  });
});
