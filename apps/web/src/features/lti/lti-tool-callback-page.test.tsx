import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { renderListPage } from '../../components/course-list/testing/render-list-page.tsx';
import { Component as CallbackRoute } from './pages/lti-tool-callback-route.tsx';

const OBJECTIVE = '00000000-0000-4000-8000-00000000a001';
const WORKFLOW = '00000000-0000-4000-8000-00000000b001';
const PART = '00000000-0000-4000-8000-00000000d001';

afterEach(() => {
  act(() => notifications.clean());
  cleanup();
  vi.restoreAllMocks();
});

function callbackUrl(params: Record<string, string>) {
  return `/lti-tool-callback?${new URLSearchParams(params).toString()}`;
}

function renderCallback(url: string) {
  return renderListPage(<CallbackRoute />, {
    path: '/lti-tool-callback',
    url,
    namespaces: ['lti'],
  });
}

/** Makes the page believe it runs in a frame whose parent has `origin`. */
function inFrameOf(origin: string) {
  const parent = { location: { origin }, postMessage: vi.fn() };
  vi.spyOn(window, 'parent', 'get').mockReturnValue(parent as unknown as Window);
  return parent;
}

describe('/lti-tool-callback', () => {
  it("opened on its own, goes to the course details and shows the tool's messages as text", async () => {
    const { router } = await renderCallback(
      callbackUrl({
        objectiveId: OBJECTIVE,
        workflowId: WORKFLOW,
        activityPathId: PART,
        lti_msg: 'Quiz submitted.',
        lti_errormsg: '<img src=x onerror=alert(1)>Grade failed',
      }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe(`/courses/${OBJECTIVE}`));
    expect(router.state.historyAction).toBe('REPLACE');
    const success = await screen.findByText('Quiz submitted.');
    expect(success.closest('[data-toast-kind="success"]')).not.toBeNull();
    const critical = screen.getByText('<img src=x onerror=alert(1)>Grade failed');
    expect(critical.closest('[data-toast-kind="critical"]')).not.toBeNull();
    expect(document.querySelector('img')).toBeNull();
  });

  it('inside our own frame, hands the return to the parent page and says it is returning', async () => {
    const parent = inFrameOf(window.location.origin);
    const { router } = await renderCallback(
      callbackUrl({
        objectiveId: OBJECTIVE,
        workflowId: WORKFLOW,
        activityPathId: PART,
        lti_msg: 'Saved',
      }),
    );
    await waitFor(() => expect(parent.postMessage).toHaveBeenCalledTimes(1));
    expect(parent.postMessage).toHaveBeenCalledWith(
      {
        type: 'lti-tool-callback',
        objectiveId: OBJECTIVE,
        workflowId: WORKFLOW,
        activityPathId: PART,
        message: 'Saved',
        errorMessage: null,
      },
      window.location.origin,
    );
    expect(screen.getByRole('status').textContent).toBe('Returning to the course…');
    expect(screen.getByRole('link', { name: 'Go to the course' }).getAttribute('href')).toBe(
      `/learn/courses/${OBJECTIVE}`,
    );
    // The parent leaves; this frame stays where it is and shows no toast of its own.
    expect(router.state.location.pathname).toBe('/lti-tool-callback');
    expect(screen.queryByText('Saved')).toBeNull();
  });

  it("inside someone else's frame, tells no one and goes to the course itself", async () => {
    const parent = inFrameOf('https://elsewhere.example');
    const { router } = await renderCallback(
      callbackUrl({ objectiveId: OBJECTIVE, workflowId: WORKFLOW }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe(`/courses/${OBJECTIVE}`));
    expect(parent.postMessage).not.toHaveBeenCalled();
  });

  it.each([
    ['no ids', {}],
    ['a bad objective id', { objectiveId: '../../admin', workflowId: WORKFLOW }],
    ['a bad workflow id', { objectiveId: OBJECTIVE, workflowId: 'x' }],
    [
      'a bad activity path',
      { objectiveId: OBJECTIVE, workflowId: WORKFLOW, activityPathId: `${PART}/../x` },
    ],
  ])('with %s, goes to the courses list', async (_case, params) => {
    const parent = inFrameOf(window.location.origin);
    const { router } = await renderCallback(callbackUrl(params));
    await waitFor(() => expect(router.state.location.pathname).toBe('/courses'));
    expect(parent.postMessage).not.toHaveBeenCalled();
  });
});
