import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useParams } from 'react-router';
import { notifications } from '@mantine/notifications';
import { ActivityType, DisplayMode, type ActivityNode } from '@portal/contracts';
import { anEnrollment } from '../../../../../packages/domain/src/testing/enrollment-builder.ts';
import { AppProviders } from '../../app/providers.tsx';
import { createQueryClient } from '../../app/query-client.ts';
import { i18next, initI18n } from '../../i18n/i18n.ts';
import { LIVE_REFRESH_MS } from '../lti/hooks/use-live-course-progress.ts';
import { pageNavigation } from '../lti/lti-paths.ts';
import { recordFormSubmissions, stubLtiApi, type Submission } from '../lti/testing/fake-lti-api.ts';
import { CourseContentPage } from './course-content-page.tsx';
import { aCourseTree, aNode, stubCourseApi } from './testing/fake-course-api.ts';

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

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/courses/:objectiveId/view/content/*', element: <ContentRoute /> },
      { path: '/courses/:objectiveId/workflow/:workflowId/view', element: <h1>Workflow view</h1> },
      { path: '/courses/:objectiveId', element: <h1>Course details</h1> },
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

const aTool = (name: string, displayMode: number = DisplayMode.embeddedAuto) =>
  aNode(name, { type: ActivityType.lti13, displayMode });

/** A composite course: one text activity and one tool. */
function courseWithTool(tool: ActivityNode) {
  return aCourseTree('Data Literacy Essentials', [aNode('Reading a chart'), tool]);
}

const toolFrame = () => screen.queryByTitle('Chart quiz');
let submissions: Submission[];

beforeAll(async () => {
  await initI18n('en-US');
  await i18next.loadNamespaces(['courseContent', 'lti']);
});

beforeEach(() => {
  submissions = recordFormSubmissions();
});

afterEach(() => {
  act(() => notifications.clean());
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('LTI activities in the course content', () => {
  it('starts an embedded tool activity and launches it inline, without "Mark as completed"', async () => {
    const aggregate = anEnrollment().selfEnrolled().inProgress().build();
    const tree = courseWithTool(aTool('Chart quiz'));
    const course = stubCourseApi({ aggregate, tree });
    const lti = stubLtiApi();
    const tool = tree.children[1]!;
    renderAt(`/courses/${aggregate.objective.id}/view/content/${tool.axis}`);

    await waitFor(() => expect(submissions).toHaveLength(1));
    expect(toolFrame()).not.toBeNull();
    expect(course.commands()[0]?.body).toMatchObject({ activityPartIds: [tool.part!.id] });
    const started = course.tree.children[1]!.activityWorkflowAggregate.lastActivityWorkflow!;
    const root = course.tree.activityWorkflowAggregate.lastActivityWorkflow!;
    const [link] = lti.linkRequests();
    expect(link?.search.getAll('activityWorkflowIds')).toEqual([root.id, started.id]);
    expect(link?.search.getAll('activityPartIds')).toEqual([tool.part!.id]);
    expect(screen.queryByRole('button', { name: 'Mark as completed' })).toBeNull();
    expect(screen.getByText('Not completed yet')).toBeTruthy();
    // The tool is its own content: no text is fetched for it.
    expect(course.calls.some((call) => call.path.endsWith(`/activity/${tool.axis}`))).toBe(false);
  });

  it('refreshes the tree every 5 s while the tool is open, so a reported grade shows', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const aggregate = anEnrollment().selfEnrolled().inProgress().build();
    const tree = courseWithTool(aTool('Chart quiz'));
    const course = stubCourseApi({ aggregate, tree });
    stubLtiApi();
    renderAt(`/courses/${aggregate.objective.id}/view/content/${tree.children[1]!.axis}`);
    await waitFor(() => expect(submissions).toHaveLength(1));

    const node = course.tree.children[1]!;
    node.activityWorkflowAggregate.bestActivityRecord = {
      id: '00000000-0000-4000-8000-00000000f001',
      score: 4,
      maxScore: 5,
      normalizedScore: 0.8,
      passed: true,
      progress: 1,
      finished: '2026-03-05T10:05:00.000Z',
    };
    await act(() => vi.advanceTimersByTimeAsync(LIVE_REFRESH_MS));
    expect(await screen.findByText('Score: 80%')).toBeTruthy();
    expect(screen.getByText('Completed')).toBeTruthy();
    // The open tool was not launched again by the refresh.
    expect(submissions).toHaveLength(1);
  });

  it('offers a full-screen tool as a link to its workflow view', async () => {
    const aggregate = anEnrollment().selfEnrolled().inProgress().build();
    const tree = courseWithTool(aTool('Chart quiz', DisplayMode.fullscreen));
    const course = stubCourseApi({ aggregate, tree });
    const lti = stubLtiApi();
    const tool = tree.children[1]!;
    renderAt(`/courses/${aggregate.objective.id}/view/content/${tool.axis}`);

    const link = await screen.findByRole('link', { name: 'Open Chart quiz' });
    const workflowId = aggregate.objectiveWorkflowAggregate.lastObjectiveWorkflow!.id;
    expect(link.getAttribute('href')).toBe(
      `/courses/${aggregate.objective.id}/workflow/${workflowId}/view?activityPathId=${encodeURIComponent(tool.axis)}`,
    );
    expect(course.commands()).toHaveLength(1);
    expect(toolFrame()).toBeNull();
    expect(lti.calls).toHaveLength(0);
  });

  it('in review, shows the result and does not reopen the tool', async () => {
    const aggregate = anEnrollment().selfEnrolled().finished().build();
    const tool = aTool('Chart quiz');
    tool.activityWorkflowAggregate = {
      lastActivityWorkflow: {
        id: '00000000-0000-4000-8000-00000000e101',
        state: 6,
        progress: 1,
        started: '2026-02-01T09:00:00Z',
        submitted: null,
        finished: '2026-02-02T09:00:00Z',
        lastProctoringSessionId: null,
      },
      bestActivityRecord: {
        id: '00000000-0000-4000-8000-00000000f101',
        score: 3,
        maxScore: 4,
        normalizedScore: 0.75,
        passed: true,
        progress: 1,
        finished: '2026-02-02T09:00:00Z',
      },
    };
    const tree = courseWithTool(tool);
    stubCourseApi({ aggregate, tree });
    const lti = stubLtiApi();
    renderAt(
      `/courses/${aggregate.objective.id}/view/content/${tree.children[1]!.axis}?viewType=REVIEW`,
    );

    expect(
      await screen.findByText(
        "The tool's content is not reopened for review. Your result is shown below.",
      ),
    ).toBeTruthy();
    expect(screen.getByText('Score: 75%')).toBeTruthy();
    expect(screen.getByText('Completed')).toBeTruthy();
    expect(toolFrame()).toBeNull();
    expect(screen.queryByRole('button', { name: 'Mark as completed' })).toBeNull();
    expect(lti.calls).toHaveLength(0);
    expect(submissions).toHaveLength(0);
  });
  it('marks a tool activity scored below the passing score, in the result and in the contents', async () => {
    const aggregate = anEnrollment().selfEnrolled().finished().build();
    const tool = aTool('Security basics quiz');
    tool.normalizedPassingScore = 0.6;
    tool.activityWorkflowAggregate = {
      lastActivityWorkflow: {
        id: '00000000-0000-4000-8000-00000000e102',
        state: 6,
        progress: 1,
        started: '2026-02-01T09:00:00Z',
        submitted: null,
        finished: '2026-02-02T09:00:00Z',
        lastProctoringSessionId: null,
      },
      bestActivityRecord: {
        id: '00000000-0000-4000-8000-00000000f102',
        score: 0,
        maxScore: 3,
        normalizedScore: 0,
        passed: false,
        progress: 1,
        finished: '2026-02-02T09:00:00Z',
      },
    };
    const tree = courseWithTool(tool);
    stubCourseApi({ aggregate, tree });
    stubLtiApi();
    renderAt(
      `/courses/${aggregate.objective.id}/view/content/${tree.children[1]!.axis}?viewType=REVIEW`,
    );

    expect(await screen.findByText('Completed below the passing score')).toBeTruthy();
    expect(screen.getByText('Score: 0%')).toBeTruthy();
    expect(screen.queryByText('Completed')).toBeNull();
    const contents = screen.getByRole('navigation', { name: 'Course contents' });
    const item = within(contents)
      .getByRole('link', { name: 'Security basics quiz' })
      .closest('li')!;
    expect(within(item).getByRole('img', { name: 'Below passing score' })).toBeTruthy();
    expect(within(item).queryByRole('img', { name: 'Completed' })).toBeNull();
  });
});

describe('LTI courses', () => {
  const ltiCourse = () => {
    const aggregate = anEnrollment().selfEnrolled().named('Quiz course').build();
    aggregate.objective.activity.type = ActivityType.lti13;
    aggregate.objective.childrenCount = 0;
    return aggregate;
  };
  const ltiTree = () => aCourseTree('Quiz course', [], { type: ActivityType.lti13 });

  it('end the start flow with a full page load of the workflow view', async () => {
    const assign = vi.spyOn(pageNavigation, 'assign').mockImplementation(() => undefined);
    const aggregate = ltiCourse();
    const course = stubCourseApi({ aggregate, tree: ltiTree() });
    const lti = stubLtiApi();
    const router = renderAt(`/courses/${aggregate.objective.id}/view/content?start=1`);

    await waitFor(() => expect(assign).toHaveBeenCalledTimes(1));
    const [startObjective, startRoot] = course.commands();
    const workflowId = (startObjective?.body as { id: string }).id;
    expect(startRoot?.body).toMatchObject({ objectiveWorkflowId: workflowId, activityPartIds: [] });
    expect(assign).toHaveBeenCalledWith(
      `/learn/courses/${aggregate.objective.id}/workflow/${workflowId}/view`,
    );
    // Nothing is launched from the page being left.
    expect(await screen.findByRole('status', { name: 'Starting the course…' })).toBeTruthy();
    // The one-shot flags are gone, and the flow ran once.
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(assign).toHaveBeenCalledTimes(1);
    expect(course.commands()).toHaveLength(2);
    expect(lti.calls).toHaveLength(0);
  });

  it('in progress, open in their workflow view rather than the content view', async () => {
    const aggregate = ltiCourse();
    aggregate.objectiveWorkflowAggregate.lastObjectiveWorkflow = {
      id: '00000000-0000-4000-8000-00000000b201',
      state: 1,
      progress: 0,
      started: '2026-02-01T09:00:00Z',
      submitted: null,
      finished: null,
    };
    stubCourseApi({ aggregate, tree: ltiTree() });
    const lti = stubLtiApi();
    const router = renderAt(`/courses/${aggregate.objective.id}/view/content`);
    expect(await screen.findByRole('heading', { name: 'Workflow view' })).toBeTruthy();
    expect(router.state.location.pathname).toBe(
      `/courses/${aggregate.objective.id}/workflow/00000000-0000-4000-8000-00000000b201/view`,
    );
    expect(lti.calls).toHaveLength(0);
  });
});
