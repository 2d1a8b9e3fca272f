// The calendar page against a mocked server (fetch): the month grid by keyboard (roving focus, months, Enter),
// week and agenda views, event links, the address keeping the view and day, and the subscription link.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { i18next } from '../../i18n/i18n.ts';
import { aUser, renderWithProviders } from '../../test/render.tsx';
import { CalendarPage } from './calendar-page.tsx';

const COURSE = '3f7d1a52-9a0b-4d2e-8c11-4a5b6c7d8e01';
const events = [
  {
    key: `courseDue:${COURSE}:`,
    kind: 'courseDue',
    at: '2030-03-10T16:00:00.000Z',
    localDate: '2030-03-10',
    localTime: '16:00',
    objectiveId: COURSE,
    objectiveName: 'Data protection',
    activityPartId: null,
    activityName: null,
  },
  {
    key: `activityDue:${COURSE}:p1`,
    kind: 'activityDue',
    at: '2030-04-02T08:00:00.000Z',
    localDate: '2030-04-02',
    localTime: '08:00',
    objectiveId: COURSE,
    objectiveName: 'Data protection',
    activityPartId: 'p1',
    activityName: 'Final quiz',
  },
];

let calls: { method: string; url: string }[];
let feedExists: boolean;

function json(body: unknown, status = 200) {
  return new Response(body === null ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

beforeEach(() => {
  calls = [];
  feedExists = false;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      calls.push({ method, url });
      if (url.startsWith('/api/lms/v1/users/me/calendar-events'))
        return json({ timeZone: 'UTC', events });
      if (url === '/api/lms/v1/users/me/calendar-feed') {
        if (method === 'GET') return json({ exists: feedExists, created: null });
        if (method === 'POST') {
          feedExists = true;
          const n = calls.filter((c) => c.method === 'POST').length;
          return json(
            {
              url: `https://portal.test/api/lms/v1/public/calendar-feeds/token${n}.ics`,
              webcalUrl: `webcal://portal.test/api/lms/v1/public/calendar-feeds/token${n}.ics`,
            },
            201,
          );
        }
        if (method === 'DELETE') {
          feedExists = false;
          return new Response(null, { status: 204 });
        }
      }
      return json({ code: 'not_found', message: 'Not found' }, 404);
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function renderCalendar(search: string) {
  const router = createMemoryRouter(
    [
      { path: '/calendar/*', element: <CalendarPage /> },
      { path: '/courses/:id/view/details', element: <p>Course details page</p> },
    ],
    { initialEntries: [`/calendar${search}`] },
  );
  await renderWithProviders(<RouterProvider router={router} />, { user: aUser() });
  await act(() => i18next.loadNamespaces('calendar'));
  return router;
}

const cell = (name: RegExp) => screen.getByRole('gridcell', { name });
/** A day's cell by its date (role queries over 42 cells are slow in jsdom). */
const day = (date: string) =>
  document.querySelector<HTMLElement>(`[role="gridcell"][data-date="${date}"]`);

describe('CalendarPage', () => {
  it('moves the focus through the month grid by keyboard and keeps the day in the address', async () => {
    const router = await renderCalendar('?view=month&date=2030-03-09');
    const grid = await screen.findByRole('grid', { name: 'March 2030' });
    // The focused day is the grid's one tab stop.
    const saturday = within(grid).getByRole('gridcell', { name: /Saturday, March 9, 2030/ });
    expect(saturday.tabIndex).toBe(0);
    expect(
      within(grid)
        .getAllByRole('gridcell')
        .filter((c) => c.tabIndex === 0),
    ).toHaveLength(1);
    await waitFor(() => expect(cell(/^Sunday, March 10, 2030, events: 1$/)).toBeTruthy());

    saturday.focus();
    fireEvent.keyDown(saturday, { key: 'ArrowRight' });
    await waitFor(() => expect(document.activeElement).toBe(day('2030-03-10')));
    expect(router.state.location.search).toBe('?view=month&date=2030-03-10');
    expect(screen.getByRole('heading', { name: 'Events on Sunday, March 10, 2030' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Course due: Data protection' })).toBeTruthy();

    fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' });
    await waitFor(() => expect(document.activeElement).toBe(day('2030-03-17')));
    // en-US weeks start on Sunday: End goes to Saturday.
    fireEvent.keyDown(document.activeElement!, { key: 'End' });
    await waitFor(() => expect(document.activeElement).toBe(day('2030-03-23')));
    fireEvent.keyDown(document.activeElement!, { key: 'Home' });
    await waitFor(() => expect(document.activeElement).toBe(day('2030-03-17')));
    fireEvent.keyDown(document.activeElement!, { key: 'End' });
    fireEvent.keyDown(document.activeElement!, { key: 'PageDown' });
    await screen.findByRole('grid', { name: 'April 2030' });
    await waitFor(() => expect(document.activeElement).toBe(day('2030-04-23')));
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowUp' });
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowUp' });
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowUp' });
    await waitFor(() => expect(document.activeElement).toBe(day('2030-04-02')));
    expect(day('2030-04-02')!.getAttribute('aria-label')).toBe('Tuesday, April 2, 2030, events: 1');

    // Enter opens the day's events: the focus goes to their heading.
    fireEvent.keyDown(document.activeElement!, { key: 'Enter' });
    expect(document.activeElement).toBe(
      screen.getByRole('heading', { name: 'Events on Tuesday, April 2, 2030' }),
    );
    expect(screen.getByRole('link', { name: 'Due: Final quiz' })).toBeTruthy();

    // Presses faster than the page re-renders (a held key) all count.
    const from = day('2030-04-02')!;
    from.focus();
    for (let i = 0; i < 3; i += 1) fireEvent.keyDown(from, { key: 'ArrowDown' });
    await waitFor(() => expect(document.activeElement).toBe(day('2030-04-23')));
    expect(router.state.location.search).toBe('?view=month&date=2030-04-23');
  });

  it('shows the week and the agenda, with empty states, and follows an event to its course', async () => {
    const router = await renderCalendar('?view=week&date=2030-03-19');
    expect(await screen.findByRole('tab', { name: 'Week', selected: true })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: /March 17.+23, 2030/ })).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 3 })).toHaveLength(7);
    expect(screen.getAllByText('No events on this day.')).toHaveLength(7);
    expect(screen.getByText('No events this week.')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Previous week' }));
    await waitFor(() => expect(router.state.location.search).toBe('?view=week&date=2030-03-12'));
    expect(await screen.findByRole('link', { name: 'Course due: Data protection' })).toBeTruthy();

    fireEvent.click(screen.getByRole('tab', { name: 'Agenda' }));
    await waitFor(() => expect(router.state.location.search).toBe('?view=agenda&date=2030-03-12'));
    expect(screen.getByRole('heading', { level: 3, name: 'Sunday, March 10, 2030' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Next month' }));
    expect(
      await screen.findByRole('heading', { level: 3, name: 'Tuesday, April 2, 2030' }),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Next month' }));
    expect(await screen.findByRole('heading', { name: 'No events in May 2030' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Previous month' }));
    fireEvent.click(await screen.findByRole('link', { name: 'Due: Final quiz' }));
    expect(await screen.findByText('Course details page')).toBeTruthy();
    expect(router.state.location.pathname).toBe(`/courses/${COURSE}/view/details`);
  });

  it('creates the subscription link, copies it, regenerates it and turns it off after confirming', async () => {
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await renderCalendar('?view=agenda&date=2030-03-05');
    const panel = await screen.findByRole('region', { name: 'Subscribe in your calendar app' });
    expect(within(panel).getByText(/The link is secret/)).toBeTruthy();
    fireEvent.click(await within(panel).findByRole('button', { name: 'Create subscription link' }));

    const https = await within(panel).findByRole('textbox', { name: 'Subscription link (https)' });
    expect((https as HTMLInputElement).value).toBe(
      'https://portal.test/api/lms/v1/public/calendar-feeds/token1.ics',
    );
    expect(
      within(panel).getByRole('link', { name: 'Open in calendar app' }).getAttribute('href'),
    ).toBe('webcal://portal.test/api/lms/v1/public/calendar-feeds/token1.ics');
    fireEvent.click(within(panel).getByRole('button', { name: 'Copy link' }));
    await waitFor(() =>
      expect(writeText).toHaveBeenCalledWith(
        'https://portal.test/api/lms/v1/public/calendar-feeds/token1.ics',
      ),
    );

    fireEvent.click(within(panel).getByRole('button', { name: 'Regenerate link' }));
    const confirm = await screen.findByRole('dialog', {
      name: 'Regenerate the subscription link?',
    });
    expect(within(confirm).getByText(/The old link stops working at once/)).toBeTruthy();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Regenerate link' }));
    await waitFor(() =>
      expect(
        (
          within(panel).getByRole('textbox', {
            name: 'Subscription link (https)',
          }) as HTMLInputElement
        ).value,
      ).toMatch(/token2\.ics$/),
    );

    fireEvent.click(within(panel).getByRole('button', { name: 'Turn off' }));
    const off = await screen.findByRole('dialog', { name: 'Turn off the subscription link?' });
    fireEvent.click(within(off).getByRole('button', { name: 'Turn off' }));
    expect(
      await within(panel).findByRole('button', { name: 'Create subscription link' }),
    ).toBeTruthy();
    expect(within(panel).queryByRole('textbox')).toBeNull();
    expect(calls.filter((c) => c.url.endsWith('calendar-feed')).map((c) => c.method)).toEqual(
      expect.arrayContaining(['POST', 'POST', 'DELETE']),
    );
  });
});
