import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { DisplayMode } from '@portal/contracts';
import { renderListPage } from '../../../components/course-list/testing/render-list-page.tsx';
import {
  TOOL_LOGIN_URL,
  aResourceForm,
  recordFormSubmissions,
  stubLtiApi,
  type FormAnswer,
  type Submission,
} from '../testing/fake-lti-api.ts';
import { LtiLaunchFrame } from './lti-launch-frame.tsx';

const OBJECTIVE = '00000000-0000-4000-8000-00000000a001';
const WORKFLOW = '00000000-0000-4000-8000-00000000b001';
const ROOT_AW = '00000000-0000-4000-8000-00000000c001';
const LEAF_AW = '00000000-0000-4000-8000-00000000c002';
const PART = '00000000-0000-4000-8000-00000000d001';

let submissions: Submission[];

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(null, { status: 404 })),
  );
  submissions = recordFormSubmissions();
});

afterEach(() => {
  act(() => notifications.clean());
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const frameProps = {
  objectiveId: OBJECTIVE,
  objectiveWorkflowId: WORKFLOW,
  activityWorkflowIds: [ROOT_AW, LEAF_AW],
  activityPartIds: [PART],
  activityName: 'Chart quiz',
};
const route = {
  path: '/courses/:objectiveId/view/content/*',
  url: `/courses/${OBJECTIVE}/view/content/${PART}`,
  namespaces: ['lti'],
};

async function renderFrame(answers: FormAnswer[] = []) {
  const api = stubLtiApi({ answers });
  const view = await renderListPage(<LtiLaunchFrame {...frameProps} />, route);
  return { api, ...view };
}

const hintOf = (submission: Submission) =>
  submission.inputs.find((input) => input.name === 'lti_message_hint')?.value;

// The frame is named after the activity it holds.
const frame = () => screen.getByTitle('Chart quiz') as HTMLIFrameElement;

function postFromFrame(
  data: unknown,
  origin: string,
  source: Window | null = frame().contentWindow,
) {
  act(() => {
    window.dispatchEvent(new MessageEvent('message', { data, origin, source }));
  });
}

describe('LtiLaunchFrame', () => {
  it('asks for the resource link, then posts a fresh form with exactly its fields into the tool iframe', async () => {
    const { api } = await renderFrame();
    expect(screen.getByRole('status', { name: 'Opening Chart quiz…' })).toBeTruthy();
    await waitFor(() => expect(submissions).toHaveLength(1));

    const [link, form] = api.calls;
    expect(link?.method).toBe('POST');
    expect(link?.path).toBe(`/api/lms/v1/objective-workflows/${WORKFLOW}/resource-link`);
    expect(link?.search.getAll('activityWorkflowIds')).toEqual([ROOT_AW, LEAF_AW]);
    expect(link?.search.getAll('activityPartIds')).toEqual([PART]);
    expect(form?.path).toBe(
      `/api/lms/v1/objective-workflows/${WORKFLOW}/resource-form/${ROOT_AW}/${LEAF_AW}`,
    );

    const iframe = frame();
    const submitted = submissions[0]!;
    expect(submitted.action).toBe(TOOL_LOGIN_URL);
    expect(submitted.method).toBe('post');
    expect(submitted.target).toBe(iframe.name);
    expect(iframe.name).toMatch(/^lti-tool-frame-/);
    expect(submitted.inDocument).toBe(true);
    const expected = aResourceForm(1).fields;
    expect(submitted.inputs).toEqual(
      Object.entries(expected).map(([name, value]) => ({ type: 'hidden', name, value })),
    );
    // The markup-looking value stayed a value: no element was made from it, and the form is gone.
    expect(document.querySelector('img')).toBeNull();
    expect(document.querySelector('form')).toBeNull();
    expect(iframe.getAttribute('allow')).toBe('fullscreen');
    expect(iframe.hasAttribute('sandbox')).toBe(false);
    // Embedded auto: full width, 70vh until the tool asks for a height.
    expect(iframe.style.width).toBe('100%');
    expect(iframe.style.height).toBe('70vh');
  });

  it('shows the server reason of a refusal and launches again with a new form on "Try again"', async () => {
    const { api } = await renderFrame([{ status: 403, message: 'This attempt is not yours.' }]);
    expect(await screen.findByText('This attempt is not yours.')).toBeTruthy();
    expect(submissions).toHaveLength(0);
    expect(screen.queryByTitle('Chart quiz')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(submissions).toHaveLength(1));
    expect(api.formRequests()).toHaveLength(2);
    expect(api.linkRequests()).toHaveLength(2);
    expect(hintOf(submissions[0]!)).toBe('hint-2');
  });

  it('says something generic when the server fails, without its internals', async () => {
    await renderFrame([
      { status: 500, message: 'stack trace' },
      { status: 500, message: 'stack trace' },
    ]);
    expect(
      await screen.findByText(
        'The tool could not be opened. Please try again.',
        {},
        { timeout: 4000 },
      ),
    ).toBeTruthy();
    expect(screen.queryByText('stack trace')).toBeNull();
  });

  it('never reuses a form: showing the tool again launches again with a new form', async () => {
    const api = stubLtiApi();
    function Toggle() {
      const [shown, setShown] = useState(true);
      return (
        <>
          <button onClick={() => setShown((value) => !value)}>Toggle</button>
          {shown ? <LtiLaunchFrame {...frameProps} /> : null}
        </>
      );
    }
    await renderListPage(<Toggle />, route);
    await waitFor(() => expect(submissions).toHaveLength(1));
    fireEvent.click(screen.getByRole('button', { name: 'Toggle' }));
    fireEvent.click(screen.getByRole('button', { name: 'Toggle' }));
    await waitFor(() => expect(submissions).toHaveLength(2));
    expect(api.formRequests()).toHaveLength(2);
    expect(submissions.map(hintOf)).toEqual(['hint-1', 'hint-2']);
    expect(submissions[1]!.target).toBe(frame().name);
    expect(submissions[0]!.target).not.toBe(submissions[1]!.target);
  });

  it('refuses a form whose action is not a web address', async () => {
    await renderFrame([aResourceForm(1, { action: 'javascript:alert(1)' })]);
    expect(await screen.findByText('The tool could not be opened. Please try again.')).toBeTruthy();
    expect(submissions).toHaveLength(0);
  });

  it('takes the height the tool asks for from its own frame only, clamped', async () => {
    await renderFrame();
    await waitFor(() => expect(submissions).toHaveLength(1));
    postFromFrame({ subject: 'lti.frameResize', height: 900 }, 'https://tool.example');
    expect(frame().style.height).toBe('900px');
    postFromFrame(
      JSON.stringify({ subject: 'lti.frameResize', height: '50px' }),
      'https://tool.example',
    );
    expect(frame().style.height).toBe('300px');
    postFromFrame({ subject: 'lti.frameResize', height: 99999 }, 'https://tool.example');
    expect(frame().style.height).toBe('4000px');
    // Another window (another frame, the page itself) cannot resize the tool.
    postFromFrame({ subject: 'lti.frameResize', height: 1200 }, 'https://tool.example', window);
    expect(frame().style.height).toBe('4000px');
  });

  it('sizes an embedded custom tool by its preferred size', async () => {
    await renderFrame([
      aResourceForm(1, {
        displayMode: DisplayMode.embeddedCustom,
        preferredWidth: 640,
        preferredHeight: 480,
      }),
    ]);
    await waitFor(() => expect(submissions).toHaveLength(1));
    expect(frame().style.width).toBe('640px');
    expect(frame().style.height).toBe('480px');
  });

  it("follows the tool's return from its own frame to the course details with the tool's messages", async () => {
    const { router } = await renderFrame();
    await waitFor(() => expect(submissions).toHaveLength(1));
    const message = {
      type: 'lti-tool-callback',
      objectiveId: OBJECTIVE,
      workflowId: WORKFLOW,
      activityPathId: PART,
      message: 'Your answers were saved.',
      errorMessage: '<b>Grade not sent</b>',
    };
    // From another origin (the tool itself) the message is not ours.
    postFromFrame(message, 'https://tool.example');
    expect(router.state.location.pathname).toBe(`/courses/${OBJECTIVE}/view/content/${PART}`);

    postFromFrame(message, window.location.origin);
    await waitFor(() => expect(router.state.location.pathname).toBe(`/courses/${OBJECTIVE}`));
    const success = await screen.findByText('Your answers were saved.');
    expect(success.closest('[data-toast-kind="success"]')).not.toBeNull();
    const critical = screen.getByText('<b>Grade not sent</b>');
    expect(critical.closest('[data-toast-kind="critical"]')).not.toBeNull();
  });
});
