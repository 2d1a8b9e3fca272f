import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { LearnerTasks, PromoBanner, RecentCourse } from '@portal/contracts';
import { renderListPage } from '../../components/course-list/testing/render-list-page.tsx';
import { DashboardPage } from './dashboard-page.tsx';

const COURSE = '00000000-0000-4000-8000-0000000000c1';
const MANDATORY = '00000000-0000-4000-8000-0000000000c2';
const PART = '00000000-0000-4000-8000-0000000000p1'.replace('p', 'a');

const tasks: LearnerTasks = {
  timeZone: 'Europe/Berlin',
  tasks: [
    {
      key: `overdue:${COURSE}:${PART}`,
      kind: 'overdue',
      objectiveId: COURSE,
      objectiveName: 'Data literacy',
      activityPartId: PART,
      activityName: 'Essay',
      due: '2030-03-20T17:00:00.000Z',
      dueLocalDate: '2030-03-20',
      daysLeft: -5,
      path: `/courses/${COURSE}/view/content/${PART}`,
    },
    {
      key: `notStarted:${MANDATORY}:`,
      kind: 'notStarted',
      objectiveId: MANDATORY,
      objectiveName: 'Safety at work',
      activityPartId: null,
      activityName: null,
      due: null,
      dueLocalDate: null,
      daysLeft: null,
      path: `/courses/redirect/${MANDATORY}`,
    },
  ],
};
const recent: RecentCourse[] = [
  {
    objectiveId: COURSE,
    objectiveName: 'Data literacy',
    objectiveCode: null,
    imageUrl: null,
    state: 'inProgress',
    progress: 0.4,
    lastActivity: '2030-03-23T09:00:00.000Z',
    path: `/courses/${COURSE}/view/content`,
  },
];
const banners: PromoBanner[] = [
  {
    id: '00000000-0000-4000-8000-0000000000b1',
    title: 'Learning Week',
    text: 'Five days of short sessions.',
    imageUrl: '/learn/demo/promo-learning-week.svg',
    imageAlt: 'A course page on a blue background',
    linkUrl: '/learn/catalog',
    linkLabel: 'Browse the catalog',
  },
];

let failTasks: boolean;
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  failTasks = false;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      const url = new URL(input, 'http://localhost');
      switch (url.pathname) {
        case '/api/lms/v1/users/me/tasks':
          return failTasks ? json({ code: 'internal', message: 'Boom' }, 500) : json(tasks);
        case '/api/lms/v1/users/me/recent-courses':
          expect(url.searchParams.get('take')).toBe('4');
          return json({ data: recent });
        case '/api/lms/v1/users/me/promo-banners':
          return json({ data: banners });
        default:
          return json({ code: 'not_found', message: 'Not found' }, 404);
      }
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

// Awaited act: the widgets suspend on their code and data, which arrive after the first render.
const renderDashboard = () =>
  act(() => renderListPage(<DashboardPage />, { path: '/', url: '/', namespaces: ['dashboard'] }));
// The widgets' code is imported on first render, which takes a while the first time in the test runner.
const LOADED = { timeout: 10_000 };

describe('DashboardPage', () => {
  it('shows its widgets under one h1, each with its h2', async () => {
    await renderDashboard();
    expect(screen.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeTruthy();
    for (const name of ['Recent courses', 'News', 'Tasks']) {
      expect(screen.getByRole('heading', { level: 2, name })).toBeTruthy();
    }
  });

  it('lists tasks by urgency, saying overdue in words, with the due date in the learner time zone', async () => {
    await renderDashboard();
    const section = screen.getByRole('region', { name: 'Tasks' });
    const items = await within(section).findAllByRole('listitem', {}, LOADED);
    expect(items).toHaveLength(2);
    expect(within(items[0]!).getByText('Overdue')).toBeTruthy();
    expect(within(items[0]!).getByRole('link', { name: 'Essay' }).getAttribute('href')).toBe(
      `/courses/${COURSE}/view/content/${PART}`,
    );
    // 17:00 UTC is 18:00 in Berlin (winter time).
    expect(within(items[0]!).getByText('Due Mar 20, 2030, 6:00 PM (5 days ago)')).toBeTruthy();
    expect(within(items[1]!).getByText('Mandatory, not started')).toBeTruthy();
    expect(
      within(items[1]!).getByRole('link', { name: 'Safety at work' }).getAttribute('href'),
    ).toBe(`/courses/redirect/${MANDATORY}`);
  });

  it('shows recent courses with their progress and a link to continue', async () => {
    await renderDashboard();
    const section = screen.getByRole('region', { name: 'Recent courses' });
    const link = await within(section).findByRole(
      'link',
      { name: 'Continue: Data literacy' },
      LOADED,
    );
    expect(link.getAttribute('href')).toBe(`/courses/${COURSE}/view/content`);
    expect(within(section).getByRole('progressbar', { name: 'Progress: 40%' })).toBeTruthy();
  });

  it('shows the banners with the text alternative of their image and their link', async () => {
    await renderDashboard();
    const section = screen.getByRole('region', { name: 'News' });
    expect(
      await within(section).findByRole(
        'img',
        { name: 'A course page on a blue background' },
        LOADED,
      ),
    ).toBeTruthy();
    expect(within(section).getByRole('heading', { level: 3, name: 'Learning Week' })).toBeTruthy();
    expect(
      within(section).getByRole('link', { name: 'Browse the catalog' }).getAttribute('href'),
    ).toBe('/learn/catalog');
  });

  it('shows a failed widget on its own, with a retry that loads it again', async () => {
    failTasks = true;
    await renderDashboard();
    const section = screen.getByRole('region', { name: 'Tasks' });
    const alert = await within(section).findByRole('alert', {}, LOADED);
    expect(alert.textContent).toContain('This part of the dashboard could not be loaded.');
    // The other widgets are unaffected.
    expect(
      await screen.findByRole('link', { name: 'Continue: Data literacy' }, LOADED),
    ).toBeTruthy();
    failTasks = false;
    await act(async () => {
      fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    });
    await waitFor(() => expect(within(section).getAllByRole('listitem')).toHaveLength(2));
    expect(within(section).queryByRole('alert')).toBeNull();
  });
});
