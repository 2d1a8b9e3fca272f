// Proctored activities on the web: the notice and "Start proctored session" in the course content (start the
// activity, fetch a start token, leave for the tool), the "being graded" block, the redirect into the proctor
// route, and the proctor page's states (only inside the tool's iframe with an open session; Finish activity).
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useParams } from 'react-router';
import { notifications } from '@mantine/notifications';
import { ActivityType, ProctoringSessionState, WorkflowState } from '@portal/contracts';
import { anEnrollment } from '../../../../../packages/domain/src/testing/enrollment-builder.ts';
import { AppProviders } from '../../app/providers.tsx';
import { createQueryClient } from '../../app/query-client.ts';
import { i18next, initI18n } from '../../i18n/i18n.ts';
import { CourseContentPage } from '../course-content/course-content-page.tsx';
import { aCourseTree, aNode, stubCourseApi } from '../course-content/testing/fake-course-api.ts';
import { redirectTarget } from '../course-details/course-redirect-page.tsx';
import { pageNavigation } from '../lti/lti-paths.ts';
import { recordFormSubmissions, stubLtiApi, type Submission } from '../lti/testing/fake-lti-api.ts';
import { renderListPage } from '../../components/course-list/testing/render-list-page.tsx';
import { Component as WorkflowViewRoute } from '../lti/pages/lti-workflow-view-route.tsx';
import { isInProctoringFrame, ProctorPage } from './pages/proctor-page.tsx';
import {
  aProctoringSession,
  END_FORM,
  START_URL,
  stubProctoringApi,
} from './testing/fake-proctoring-api.ts';

const NOTICE = /This activity is proctored\. The proctoring tool opens in this window/;

function ContentRoute() {
  const { objectiveId = '', '*': splat } = useParams();
  return (
    <CourseContentPage
      objectiveId={objectiveId}
      axis={splat || undefined}
      unavailable={<h1>Course is not available</h1>}
    />
  );
}

function ProctorRoute({ inFrame }: { inFrame: boolean }) {
  const { objectiveId = '', '*': splat = '' } = useParams();
  return (
    <ProctorPage objectiveId={objectiveId} activityPathId={splat} inProctoringFrame={inFrame} />
  );
}

function renderAt(path: string, inFrame = true) {
  const router = createMemoryRouter(
    [
      { path: '/courses/:objectiveId/view/content/*', element: <ContentRoute /> },
      { path: '/courses/proctor/:objectiveId/*', element: <ProctorRoute inFrame={inFrame} /> },
    ],
    { initialEntries: [path] },
  );
  render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

/** A course with a text lesson and a proctored exam (a tool or a text). */
function proctoredCourse(type: number = ActivityType.lti13) {
  return aCourseTree('Data Literacy Essentials', [
    aNode('Reading a chart'),
    aNode('Proctored Final Exam', { type, proctored: true }),
  ]);
}

function started(tree: ReturnType<typeof proctoredCourse>, fields: { finished?: string } = {}) {
  for (const [index, node] of [tree, tree.children[1]!].entries()) {
    node.activityWorkflowAggregate.lastActivityWorkflow = {
      id: `00000000-0000-4000-8000-00000000c00${index}`,
      state: fields.finished ? WorkflowState.finished : WorkflowState.inProgress,
      progress: fields.finished ? 1 : 0,
      started: '2026-03-05T10:00:00.000Z',
      submitted: null,
      finished: fields.finished ?? null,
      lastProctoringSessionId: index === 1 ? '00000000-0000-4000-8000-00000000d001' : null,
    };
  }
  return tree.children[1]!.activityWorkflowAggregate.lastActivityWorkflow!.id;
}

let submissions: Submission[];
let assigned: string[];

beforeAll(async () => {
  await initI18n('en-US');
  await i18next.loadNamespaces(['courseContent', 'lti']);
});

beforeEach(() => {
  submissions = recordFormSubmissions();
  assigned = [];
  vi.spyOn(pageNavigation, 'assign').mockImplementation((url) => void assigned.push(url));
});

afterEach(() => {
  act(() => notifications.clean());
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('a proctored activity in the course content', () => {
  it('shows the notice instead of the tool and starts the proctored session on request', async () => {
    const aggregate = anEnrollment().selfEnrolled().inProgress().build();
    const tree = proctoredCourse();
    const course = stubCourseApi({ aggregate, tree });
    stubLtiApi();
    const proctoring = stubProctoringApi();
    const exam = tree.children[1]!;
    renderAt(`/courses/${aggregate.objective.id}/view/content/${exam.axis}`);

    expect(await screen.findByText(NOTICE)).toBeTruthy();
    // Opening it neither starts the activity nor launches the tool here.
    expect(course.commands()).toHaveLength(0);
    expect(screen.queryByTitle('Proctored Final Exam')).toBeNull();
    expect(submissions).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Start proctored session' }));
    await waitFor(() => expect(assigned).toEqual([START_URL]));
    expect(course.commands()[0]?.body).toMatchObject({ activityPartIds: [exam.part!.id] });
    const activityWorkflowId =
      course.tree.children[1]!.activityWorkflowAggregate.lastActivityWorkflow!.id;
    const [tokenCall] = proctoring.calls;
    expect(tokenCall?.path).toContain(`/activity-workflows/${activityWorkflowId}/`);
    expect(tokenCall?.path).toMatch(/\/last-proctoring-session\/start-token$/);
    expect(tokenCall?.search.get('activityPathId')).toBe(exam.axis);
  });

  it('says why when the start token is refused, and stays', async () => {
    const aggregate = anEnrollment().selfEnrolled().inProgress().build();
    const tree = proctoredCourse(ActivityType.text);
    started(tree);
    stubCourseApi({ aggregate, tree });
    stubProctoringApi({ startTokenStatus: 409 });
    renderAt(`/courses/${aggregate.objective.id}/view/content/${tree.children[1]!.axis}`);

    fireEvent.click(await screen.findByRole('button', { name: 'Start proctored session' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('This activity is finished.');
    expect(assigned).toEqual([]);
    // The text of a proctored text activity is never fetched in the course content.
    expect(screen.queryByText('Content of Proctored Final Exam')).toBeNull();
  });

  it('blocks the activity while a finished session waits for the workflow (being graded)', async () => {
    const aggregate = anEnrollment().selfEnrolled().inProgress().build();
    const tree = proctoredCourse();
    const workflowId = started(tree);
    stubCourseApi({ aggregate, tree });
    stubProctoringApi({
      sessions: {
        [workflowId]: aProctoringSession(workflowId, {
          state: ProctoringSessionState.finished,
          finished: '2026-03-05T10:30:00.000Z',
        }),
      },
    });
    renderAt(`/courses/${aggregate.objective.id}/view/content/${tree.children[1]!.axis}`);

    expect(
      await screen.findByText(
        'This course is being graded. You can open it again when grading is complete.',
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Start proctored session' })).toBeNull();
  });

  it('shows the result of a finished proctored tool without opening it again', async () => {
    const aggregate = anEnrollment().selfEnrolled().inProgress().build();
    const tree = proctoredCourse();
    const workflowId = started(tree, { finished: '2026-03-05T10:30:00.000Z' });
    stubCourseApi({ aggregate, tree });
    stubLtiApi();
    stubProctoringApi({
      sessions: {
        [workflowId]: aProctoringSession(workflowId, {
          state: ProctoringSessionState.finished,
          finished: '2026-03-05T10:30:00.000Z',
        }),
      },
    });
    renderAt(`/courses/${aggregate.objective.id}/view/content/${tree.children[1]!.axis}`);

    expect(
      await screen.findByText('You finished this proctored activity. Your result is shown below.'),
    ).toBeTruthy();
    expect(screen.getByText('Completed')).toBeTruthy();
    expect(submissions).toHaveLength(0);
  });
});

describe('the redirect screen', () => {
  it('opens the proctor route inside a proctoring iframe, the content otherwise', () => {
    const course = anEnrollment().inProgress().build();
    const id = course.objective.id;
    const query = { activityId: null, activityPathId: 'p1/p2' };
    expect(redirectTarget(course, { ...query, inProctoringIframe: true }, null)).toBe(
      `/courses/proctor/${id}/p1/p2?inProctoringIframe=true`,
    );
    expect(redirectTarget(course, { ...query, inProctoringIframe: false }, null)).toBe(
      `/courses/${id}/view/content/p1/p2`,
    );
  });

  it('counts as a proctoring iframe only when framed and flagged', () => {
    const framed = { top: {}, self: {} } as unknown as Window;
    const flagged = new URLSearchParams('inProctoringIframe=true');
    expect(isInProctoringFrame(flagged, framed)).toBe(true);
    expect(isInProctoringFrame(new URLSearchParams(), framed)).toBe(false);
    expect(isInProctoringFrame(flagged, window)).toBe(false);
  });
});

describe('the proctor page', () => {
  function openProctor(
    sessionFields: Parameters<typeof aProctoringSession>[1] | null,
    inFrame = true,
    type: number = ActivityType.text,
  ) {
    const aggregate = anEnrollment().selfEnrolled().inProgress().build();
    const tree = proctoredCourse(type);
    const workflowId = started(tree);
    const course = stubCourseApi({ aggregate, tree });
    stubLtiApi();
    stubProctoringApi({
      sessions: sessionFields
        ? { [workflowId]: aProctoringSession(workflowId, sessionFields) }
        : {},
    });
    const exam = tree.children[1]!;
    renderAt(
      `/courses/proctor/${aggregate.objective.id}/${exam.axis}?inProctoringIframe=true`,
      inFrame,
    );
    return { course, exam, aggregate };
  }

  const explanation = () => screen.findByTestId('proctor-no-content');

  it('shows the activity inside the tool during an open session, and Finish activity ends it to the top window', async () => {
    const { course, exam } = openProctor({});
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Proctored Final Exam' }),
    ).toBeTruthy();
    expect(await screen.findByText('Content of Proctored Final Exam')).toBeTruthy();
    expect(screen.queryByRole('navigation')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Finish activity' }));
    await waitFor(() => expect(submissions).toHaveLength(1));
    expect(submissions[0]).toMatchObject({ action: END_FORM.action, target: '_top' });
    expect(submissions[0]?.inputs.map((input) => input.name)).toEqual(Object.keys(END_FORM.fields));
    const finish = course
      .commands()
      .find((call) => call.path.endsWith('/finish-activity-workflows'));
    expect((finish?.body as { activityWorkflowIds: string[] }).activityWorkflowIds.at(-1)).toBe(
      exam.activityWorkflowAggregate.lastActivityWorkflow!.id,
    );
  });

  it('launches a tool activity inside the page', async () => {
    openProctor({}, true, ActivityType.lti13);
    await waitFor(() => expect(submissions).toHaveLength(1));
    expect(screen.getByTitle('Proctored Final Exam')).toBeTruthy();
  });

  it('shows no content outside the proctoring iframe', async () => {
    openProctor({}, false);
    expect((await explanation()).textContent).toMatch(/opens only inside the proctoring tool/);
    expect(screen.getByRole('link', { name: 'Back to the course content' })).toBeTruthy();
    expect(screen.queryByText('Content of Proctored Final Exam')).toBeNull();
  });

  it('shows no content without an open session (none, not yet started, finished)', async () => {
    for (const fields of [
      null,
      { assessmentStarted: null },
      { state: ProctoringSessionState.finished, finished: '2026-03-05T10:30:00.000Z' },
    ]) {
      openProctor(fields);
      expect(await explanation()).toBeTruthy();
      expect(screen.queryByText('Content of Proctored Final Exam')).toBeNull();
      expect(screen.queryByRole('button', { name: 'Finish activity' })).toBeNull();
      cleanup();
      vi.unstubAllGlobals();
    }
  });
});

describe('a proctored LTI course in the workflow view', () => {
  it('offers the proctored session instead of launching the tool', async () => {
    const aggregate = anEnrollment().selfEnrolled().named('Exam course').inProgress().build();
    aggregate.objective.activity.type = ActivityType.lti13;
    const workflowId = aggregate.objectiveWorkflowAggregate.lastObjectiveWorkflow!.id;
    const course = stubCourseApi({
      aggregate,
      tree: aCourseTree('Exam course', [], { type: ActivityType.lti13, proctored: true }),
    });
    stubLtiApi();
    stubProctoringApi();
    await renderListPage(<WorkflowViewRoute />, {
      path: '/courses/:objectiveId/workflow/:workflowId/view',
      url: `/courses/${aggregate.objective.id}/workflow/${workflowId}/view`,
      namespaces: ['lti', 'common', 'courseContent'],
    });

    expect(await screen.findByText(NOTICE)).toBeTruthy();
    expect(submissions).toHaveLength(0);
    expect(course.commands()).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Start proctored session' }));
    await waitFor(() => expect(assigned).toEqual([START_URL]));
    expect(course.commands()[0]?.body).toMatchObject({ activityPartIds: [] });
    expect(submissions).toHaveLength(0);
  });
});
