import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { notifications } from '@mantine/notifications';
import { ENROLMENT_POLL_ATTEMPTS, ENROLMENT_POLL_INTERVAL_MS } from '@portal/contracts';
import { anEnrollment } from '../../../../../packages/domain/src/testing/enrollment-builder.ts';
import { AppProviders } from '../../app/providers.tsx';
import {
  BLOCKING_LOADER_DEBOUNCE_MS,
  BLOCKING_LOADER_TRANSITION_MS,
} from '../../components/blocking-loader.tsx';
import { createQueryClient } from '../../app/query-client.ts';
import { initI18n } from '../../i18n/i18n.ts';
import { AddToMyCoursesDeepAction } from './add-to-my-courses-deep-action.tsx';
import { stepsOf, stubEnrolmentApi } from './testing/fake-enrolment-api.ts';

const aggregate = anEnrollment().offeredInCatalog().named('Intro to Data').build();
const objectiveId = aggregate.objective.id;
const deepLink = (path: string, extra = '') =>
  `${path}?occflow=addToMyCourses&objectiveId=${objectiveId}${extra}`;

/** A signed-in frame like the shell's: the deep action beside whichever page is open. */
function renderAt(path: string) {
  const queryClient = createQueryClient();
  const router = createMemoryRouter(
    [
      {
        element: (
          <>
            <Outlet />
            <AddToMyCoursesDeepAction coursesPath="/courses" />
          </>
        ),
        children: [
          { path: '/courses', element: <h1>My courses</h1> },
          { path: '/profile', element: <h1>Profile</h1> },
          { path: '/courses/:objectiveId/view/content', element: <h1>Course content</h1> },
        ],
      },
    ],
    { initialEntries: [path] },
  );
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
  act(() => notifications.clean());
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('occflow=addToMyCourses', () => {
  it('adds the course from any page, removes the flags and lands on My Courses with the enrolled toast', async () => {
    const { calls } = stubEnrolmentApi({ aggregate, hasAccess: false });
    const router = renderAt(deepLink('/profile', '&selfRegistered=1&tab=info'));

    const toast = await screen.findByText('Intro to Data was added to your courses.');
    expect(toast.closest('[data-toast-kind="success"]')).not.toBeNull();
    expect(router.state.location.pathname).toBe('/courses');
    expect(router.state.location.search).toBe('');
    expect(stepsOf(calls).filter((step) => step.startsWith('POST'))).toEqual([
      'POST /api/lms/v1/create-objective-accesses',
      'POST /api/lms/v1/create-self-enrollments',
    ]);
  });

  it('removes only its own flags at once, keeping the rest of the address', async () => {
    stubEnrolmentApi({
      aggregate,
      hasAccess: true,
      createSelfEnrollment: { kind: 'commandFailed', errors: { ObjectiveAccessId: ['Nope.'] } },
    });
    const router = renderAt(deepLink('/profile', '&selfRegistered=1&tab=info'));
    await waitFor(() => expect(router.state.location.search).toBe('?tab=info'));
    await screen.findByText('Nope.');
  });

  it('shows the first error message as a critical toast and stays on the page when a step fails', async () => {
    stubEnrolmentApi({
      aggregate,
      hasAccess: true,
      createSelfEnrollment: {
        kind: 'commandFailed',
        errors: { ObjectiveAccessId: ['The course is archived.'] },
      },
    });
    const router = renderAt(deepLink('/profile'));

    const toast = await screen.findByText('The course is archived.');
    expect(toast.closest('[data-toast-kind="critical"]')).not.toBeNull();
    expect(router.state.location.pathname).toBe('/profile');
    expect(router.state.location.search).toBe('');
    expect(screen.queryByText(/was added to your courses/)).toBeNull();
  });

  it('shows the generic unknown-error toast when the failure has no message', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    renderAt(deepLink('/courses'));
    const toast = await screen.findByText('Unknown error. Please refresh the page and try again.');
    expect(toast.closest('[data-toast-kind="critical"]')).not.toBeNull();
  });

  it('goes to My Courses with the unknown-error toast when the aggregate never appears', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { calls } = stubEnrolmentApi({
      aggregate,
      hasAccess: true,
      emptyPollsBeforeAggregate: Infinity,
    });
    const router = renderAt(deepLink('/profile'));

    await act(() =>
      vi.advanceTimersByTimeAsync(ENROLMENT_POLL_ATTEMPTS * ENROLMENT_POLL_INTERVAL_MS),
    );
    const toast = await screen.findByText('Unknown error. Please refresh the page and try again.');
    expect(toast.closest('[data-toast-kind="critical"]')).not.toBeNull();
    expect(router.state.location.pathname).toBe('/courses');
    expect(stepsOf(calls)).not.toContain('POST /api/lms/v1/create-self-enrollments');
  });

  it('tells that it is working while the course is being added', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    stubEnrolmentApi({ aggregate, hasAccess: true, emptyPollsBeforeAggregate: 2 });
    renderAt(deepLink('/courses'));
    // The loader shows after its debounce, then fades in.
    await act(() => vi.advanceTimersByTimeAsync(BLOCKING_LOADER_DEBOUNCE_MS + 100));
    await act(() => vi.advanceTimersByTimeAsync(BLOCKING_LOADER_TRANSITION_MS + 100));
    expect(screen.getByRole('status', { name: 'Adding the course to your courses…' })).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(2 * ENROLMENT_POLL_INTERVAL_MS));
    await screen.findByText('Intro to Data was added to your courses.');
    await waitFor(() =>
      expect(
        screen.queryByRole('status', { name: 'Adding the course to your courses…' }),
      ).toBeNull(),
    );
  });

  it('does nothing without the flag or for another deep action', async () => {
    const { calls } = stubEnrolmentApi({ aggregate, hasAccess: true });
    const router = renderAt(`/courses?occflow=somethingElse&objectiveId=${objectiveId}`);
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(calls).toEqual([]);
    expect(router.state.location.search).toContain('occflow=somethingElse');
  });
});

describe('occflow=startTheCourse', () => {
  it('adds the course like addToMyCourses, then opens its content with the one-shot start flag', async () => {
    const { calls } = stubEnrolmentApi({ aggregate, hasAccess: false });
    const router = renderAt(`/profile?occflow=startTheCourse&objectiveId=${objectiveId}`);

    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/courses/${objectiveId}/view/content`),
    );
    expect(router.state.location.search).toBe('?start=1');
    expect(stepsOf(calls).filter((step) => step.startsWith('POST'))).toEqual([
      'POST /api/lms/v1/create-objective-accesses',
      'POST /api/lms/v1/create-self-enrollments',
    ]);
    // Starting is the content page's job; the enrolled toast belongs to addToMyCourses only.
    expect(screen.queryByText(/was added to your courses/)).toBeNull();
  });

  it('stays on the page with the error toast when enrolling fails', async () => {
    stubEnrolmentApi({
      aggregate,
      hasAccess: true,
      createSelfEnrollment: { kind: 'commandFailed', errors: { ObjectiveAccessId: ['Nope.'] } },
    });
    const router = renderAt(`/profile?occflow=startTheCourse&objectiveId=${objectiveId}`);
    await screen.findByText('Nope.');
    expect(router.state.location.pathname).toBe('/profile');
  });
});
