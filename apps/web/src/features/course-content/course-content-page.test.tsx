import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { fireEvent } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useParams } from 'react-router';
import { notifications } from '@mantine/notifications';
import axe from 'axe-core';
import {
  FULL_TREE_RETRY_MS,
  PresentationMode,
  SUBMIT_POLL_INTERVAL_MS,
  WorkflowState,
} from '@portal/contracts';
import { anEnrollment } from '../../../../../packages/domain/src/testing/enrollment-builder.ts';
import { AppProviders } from '../../app/providers.tsx';
import { createQueryClient } from '../../app/query-client.ts';
import { initI18n } from '../../i18n/i18n.ts';
import { CourseContentPage } from './course-content-page.tsx';
import { CONSTRAINT_MARGIN_MS } from './hooks/use-course-timers.ts';
import { aConstraint, aCourseTree, aNode, stubCourseApi } from './testing/fake-course-api.ts';

const NOW = new Date('2026-03-10T12:00:00.000Z');

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
      { path: '/courses/:objectiveId', element: <h1>Course details</h1> },
    ],
    { initialEntries: [path] },
  );
  const view = render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { router, ...view };
}

/** Module 1 (two text activities), module 2 gated (one activity), in tree presentation. */
function compositeCourse(fields: Parameters<typeof aCourseTree>[2] = {}) {
  return aCourseTree(
    'Data Literacy Essentials',
    [
      aNode('Module 1', { children: [aNode('What is data?'), aNode('Reading a chart')] }),
      aNode('Module 2', {
        available: false,
        children: [aNode('Asking good questions', { available: false })],
      }),
    ],
    fields,
  );
}

const toc = () => screen.getByRole('navigation', { name: 'Course contents' });

beforeAll(async () => {
  await initI18n('en-US');
});

afterEach(() => {
  act(() => notifications.clean());
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('course content: start flow', () => {
  it('starts the attempt and its root activity, then opens and starts the first startable activity', async () => {
    const aggregate = anEnrollment().selfEnrolled().named('Data Literacy Essentials').build();
    const api = stubCourseApi({ aggregate, tree: compositeCourse() });
    const { router } = renderAt(`/courses/${aggregate.objective.id}/view/content?start=1`);

    expect(await screen.findByText('Content of What is data?')).toBeTruthy();
    const [startObjective, startRoot, startLeaf] = api.commands();
    expect(startObjective?.path).toBe('/api/lms/v1/start-objective-workflows');
    const workflowId = (startObjective?.body as { id: string }).id;
    expect(startObjective?.body).toEqual({
      id: workflowId,
      objectiveWorkflowAggregateId: aggregate.objectiveWorkflowAggregate.id,
    });
    expect(startRoot?.path).toBe('/api/lms/v1/start-activity-workflows');
    expect(startRoot?.body).toMatchObject({ objectiveWorkflowId: workflowId, activityPartIds: [] });
    const module1 = api.tree.children[0]!;
    const firstLeaf = module1.children[0]!;
    expect(startLeaf?.body).toMatchObject({
      objectiveWorkflowId: workflowId,
      activityPartIds: [module1.part!.id, firstLeaf.part!.id],
    });
    expect(router.state.location.pathname).toBe(
      `/courses/${aggregate.objective.id}/view/content/${firstLeaf.axis}`,
    );
    expect(router.state.location.search).toBe('');
    await waitFor(() => expect(api.events()).toEqual(['objective_start', 'activity_start']));
  });

  it('a retake (restart=1) starts a new attempt and tells analytics it is a restart', async () => {
    const aggregate = anEnrollment().selfEnrolled().finished().build();
    aggregate.retake = true;
    const api = stubCourseApi({ aggregate, tree: compositeCourse() });
    renderAt(`/courses/${aggregate.objective.id}/view/content?restart=1`);
    await screen.findByText('Content of What is data?');
    expect(api.commands()[0]?.path).toBe('/api/lms/v1/start-objective-workflows');
    await waitFor(() => expect(api.events()).toContain('course_restart'));
  });

  it('continues an unfinished attempt instead of starting another', async () => {
    const aggregate = anEnrollment().selfEnrolled().inProgress().build();
    const api = stubCourseApi({ aggregate, tree: compositeCourse() });
    renderAt(`/courses/${aggregate.objective.id}/view/content?start=1`);
    await screen.findByText('Content of What is data?');
    expect(api.commands().map((call) => call.path)).toEqual([
      '/api/lms/v1/start-activity-workflows',
    ]);
  });

  it('says "Something went wrong. Please refresh the page." once when the activity cannot be started', async () => {
    const aggregate = anEnrollment().selfEnrolled().build();
    const api = stubCourseApi({ aggregate, tree: compositeCourse(), failActivityStart: true });
    renderAt(`/courses/${aggregate.objective.id}/view/content?start=1`);
    // The toast (its container loads with the first toast), beside the screen reader's announcement.
    await waitFor(() =>
      expect(document.querySelector('[data-toast-kind="critical"]')?.textContent).toContain(
        'Something went wrong. Please refresh the page.',
      ),
    );
    // The page goes on to open the first activity, whose start fails too: still one toast.
    await waitFor(() =>
      expect(
        api.commands().filter((call) => call.path.endsWith('start-activity-workflows')),
      ).toHaveLength(2),
    );
    await screen.findByTestId('activity-start-failed');
    const toasts = document.querySelectorAll('[data-toast-kind="critical"]');
    expect(
      [...toasts].filter((node) => node.textContent?.includes('Something went wrong')),
    ).toHaveLength(1);
  });
});

describe('course content: table of contents and activities', () => {
  it('shows the contents as a navigation landmark with links named after the activities, icons and locks', async () => {
    const aggregate = anEnrollment()
      .selfEnrolled()
      .inProgress()
      .due('2026-04-01T12:00:00Z')
      .build();
    const tree = compositeCourse();
    tree.children[0]!.children[1]!.part!.optional = true;
    stubCourseApi({ aggregate, tree });
    renderAt(`/courses/${aggregate.objective.id}/view/content`);
    await screen.findByText('Content of What is data?');

    const nav = toc();
    expect(within(nav).getByRole('heading', { name: 'Data Literacy Essentials' })).toBeTruthy();
    expect(within(nav).getByRole('progressbar', { name: 'Course progress' })).toBeTruthy();
    expect(within(nav).getByText(/^Due /)).toBeTruthy();
    for (const name of ['Module 1', 'What is data?', 'Reading a chart', 'Module 2'])
      expect(within(nav).getByRole('link', { name })).toBeTruthy();
    expect(
      within(nav).getByRole('link', { name: 'What is data?' }).getAttribute('aria-current'),
    ).toBe('page');
    expect(within(nav).getAllByRole('img', { name: 'Optional' })).toHaveLength(1);
    expect(within(nav).getAllByRole('img', { name: 'Locked' }).length).toBeGreaterThanOrEqual(2);
    expect(within(nav).getAllByRole('img', { name: 'Not started' }).length).toBeGreaterThan(0);
  });

  it('shows the reason of a locked item instead of its content', async () => {
    const aggregate = anEnrollment().selfEnrolled().inProgress().build();
    const api = stubCourseApi({ aggregate, tree: compositeCourse() });
    renderAt(`/courses/${aggregate.objective.id}/view/content`);
    await screen.findByText('Content of What is data?');
    fireEvent.click(within(toc()).getByRole('link', { name: 'Asking good questions' }));
    expect(
      await screen.findByText('To get access, you have to complete previous assignments'),
    ).toBeTruthy();
    expect(
      api.commands().filter((call) => call.path.endsWith('start-activity-workflows')),
    ).toHaveLength(1);
  });

  it('hides archived children and marks draft ones as coming soon', async () => {
    const aggregate = anEnrollment().selfEnrolled().inProgress().build();
    const tree = aCourseTree('Course', [
      aNode('Visible one'),
      aNode('Old one', { state: 4 }),
      aNode('Draft one', { state: 1 }),
    ]);
    stubCourseApi({ aggregate, tree });
    renderAt(`/courses/${aggregate.objective.id}/view/content`);
    await screen.findByText('Content of Visible one');
    expect(within(toc()).queryByRole('link', { name: 'Old one' })).toBeNull();
    expect(within(toc()).getByRole('img', { name: 'Coming soon' })).toBeTruthy();
  });

  it('renders the text activity sanitised and completes it with "Mark as completed"', async () => {
    const aggregate = anEnrollment().selfEnrolled().inProgress().build();
    const tree = compositeCourse();
    const leafAxis = tree.children[0]!.children[0]!.axis;
    const api = stubCourseApi({
      aggregate,
      tree,
      contents: {
        [leafAxis]: '<p>Safe text</p><img src=x onerror="window.hacked=1"><script>1</script>',
      },
    });
    renderAt(`/courses/${aggregate.objective.id}/view/content`);
    const text = await screen.findByText('Safe text');
    const content = text.closest('[data-testid="activity-content"]')!;
    expect(content.innerHTML).not.toContain('onerror');
    expect(content.innerHTML).not.toContain('<script');

    fireEvent.click(screen.getByRole('button', { name: 'Mark as completed' }));
    const note = await screen.findByText('You have completed this activity.');
    // The button is gone: focus moves to the note that replaces it, which a screen reader then reads.
    await waitFor(() => expect(document.activeElement?.contains(note)).toBe(true));
    const finish = api.commands().find((call) => call.path.endsWith('finish-activity-workflows'));
    const ids = (finish?.body as { activityWorkflowIds: string[] }).activityWorkflowIds;
    const leafWorkflow =
      api.tree.children[0]!.children[0]!.activityWorkflowAggregate.lastActivityWorkflow!;
    expect(ids[ids.length - 1]).toBe(leafWorkflow.id);
    expect(ids).toHaveLength(3);
    expect(screen.queryByRole('button', { name: 'Mark as completed' })).toBeNull();
    expect(within(toc()).getAllByRole('img', { name: 'Completed' })).toHaveLength(1);
  });

  it('submits the course, polls the workflow until it has a record, then opens the details page', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const aggregate = anEnrollment().selfEnrolled().inProgress().build();
    const workflowId = aggregate.objectiveWorkflowAggregate.lastObjectiveWorkflow!.id;
    const api = stubCourseApi({ aggregate, tree: compositeCourse(), pollsBeforeRecord: 2 });
    const { router } = renderAt(`/courses/${aggregate.objective.id}/view/content`);
    await screen.findByText('Content of What is data?');

    fireEvent.click(screen.getByRole('button', { name: 'Submit course' }));
    await act(() => vi.advanceTimersByTimeAsync(3 * SUBMIT_POLL_INTERVAL_MS));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/courses/${aggregate.objective.id}`),
    );
    const submit = api.commands().find((call) => call.path.endsWith('submit-objective-workflows'));
    expect(submit?.body).toEqual({ id: workflowId });
    const polls = api.calls.filter(
      (call) => call.path === `/api/lms/v1/users/me/objective-workflows/${workflowId}`,
    );
    expect(polls.length).toBeGreaterThanOrEqual(3);
  });

  it('opens a finished attempt read-only in review mode', async () => {
    const aggregate = anEnrollment().selfEnrolled().finished().build();
    const tree = aCourseTree('Team Rituals', [aNode('Stand-ups'), aNode('Retros')]);
    for (const node of tree.children)
      node.activityWorkflowAggregate.lastActivityWorkflow = {
        id: node.id,
        state: WorkflowState.finished,
        progress: 1,
        started: '2026-02-01T09:00:00Z',
        submitted: '2026-02-02T09:00:00Z',
        finished: '2026-02-02T09:00:00Z',
        lastProctoringSessionId: null,
      };
    const api = stubCourseApi({ aggregate, tree });
    renderAt(`/courses/${aggregate.objective.id}/view/content?viewType=REVIEW`);
    await screen.findByText('Content of Stand-ups');
    expect(screen.getByText(/Review mode/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Mark as completed' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Submit course' })).toBeNull();
    expect(api.commands()).toEqual([]);
    await waitFor(() => expect(api.events()).toEqual(['course_open_for_review']));
    // Links keep the review mode.
    expect(within(toc()).getByRole('link', { name: 'Retros' }).getAttribute('href')).toContain(
      'viewType=REVIEW',
    );
  });

  it('does not select an activity on first load for tiles', async () => {
    const aggregate = anEnrollment().selfEnrolled().inProgress().build();
    const tree = aCourseTree('Team Rituals', [aNode('Stand-ups'), aNode('Retros')], {
      presentationMode: PresentationMode.tiles,
    });
    stubCourseApi({ aggregate, tree });
    const { router } = renderAt(`/courses/${aggregate.objective.id}/view/content`);
    const tiles = await screen.findByRole('region', { name: 'Course activities' });
    expect(within(tiles).getByRole('link', { name: 'Stand-ups' })).toBeTruthy();
    expect(router.state.location.pathname).toBe(`/courses/${aggregate.objective.id}/view/content`);
  });

  it.each([
    [PresentationMode.longRead, true],
    [PresentationMode.longReadWithoutNames, false],
  ])('long read (mode %s) shows the activities one after another', async (mode, namesShown) => {
    const aggregate = anEnrollment().selfEnrolled().inProgress().build();
    const tree = aCourseTree('Writing Clear Emails', [aNode('Subject lines'), aNode('Tone')], {
      presentationMode: mode,
    });
    const api = stubCourseApi({ aggregate, tree });
    renderAt(`/courses/${aggregate.objective.id}/view/content`);
    await screen.findByText('Content of Subject lines');
    // Only the selected activity starts; the next one offers to open it.
    expect(screen.getByRole('link', { name: 'Open Tone' })).toBeTruthy();
    expect(
      api.commands().filter((call) => call.path.endsWith('start-activity-workflows')),
    ).toHaveLength(1);
    const heading = screen.getByRole('heading', { name: 'Subject lines' });
    expect(heading.closest('.mantine-VisuallyHidden-root') === null).toBe(namesShown);
  });

  it('notes an activity past its due date while its grace period runs, and still opens it', async () => {
    const aggregate = anEnrollment().selfEnrolled().inProgress().build();
    const due = new Date(Date.now() - 86_400_000).toISOString();
    const graceUntil = new Date(Date.now() + 2 * 86_400_000).toISOString();
    const tree = aCourseTree('Security Awareness Training', [
      aNode('Incident reporting', {
        activityConstraint: aConstraint({ due, gracePeriodUntil: graceUntil }),
      }),
      aNode('Security basics'),
    ]);
    stubCourseApi({ aggregate, tree });
    renderAt(`/courses/${aggregate.objective.id}/view/content/${tree.children[0]!.axis}`);
    expect(await screen.findByText('Content of Incident reporting')).toBeTruthy();
    const note = screen.getByTestId('past-due-note');
    expect(note.textContent).toMatch(
      /^This activity is after the due date: it was due on .+\. You can still finish it until .+\.$/,
    );
    expect(screen.getByRole('button', { name: 'Mark as completed' })).toBeTruthy();

    fireEvent.click(within(toc()).getByRole('link', { name: 'Security basics' }));
    expect(await screen.findByText('Content of Security basics')).toBeTruthy();
    expect(screen.queryByTestId('past-due-note')).toBeNull();
  });

  it('shows the unavailable-course page when the aggregate is not found', async () => {
    const aggregate = anEnrollment().build();
    stubCourseApi({ aggregate, tree: compositeCourse() });
    renderAt(`/courses/00000000-0000-4000-8000-00000000ffff/view/content`);
    expect(await screen.findByRole('heading', { name: 'Course is not available' })).toBeTruthy();
  });

  it("shows the unavailable-course page for the review address of another learner's attempt, without retrying", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const aggregate = anEnrollment().selfEnrolled().finished().build();
    const api = stubCourseApi({ aggregate, tree: compositeCourse() });
    const someoneElses = '00000000-0000-4000-8000-0000000a0b0c';
    renderAt(
      `/courses/${aggregate.objective.id}/view/content?viewType=REVIEW&objectiveWorkflowId=${someoneElses}`,
    );
    expect(await screen.findByRole('heading', { name: 'Course is not available' })).toBeTruthy();
    expect(screen.queryByText(/could not be loaded/)).toBeNull();
    const treeCalls = () => api.calls.filter((call) => call.path.includes(someoneElses)).length;
    const before = treeCalls();
    await act(() => vi.advanceTimersByTimeAsync(FULL_TREE_RETRY_MS + 1000));
    expect(treeCalls()).toBe(before);
    expect(screen.getByRole('heading', { name: 'Course is not available' })).toBeTruthy();
  });

  it('has no axe violations', async () => {
    const aggregate = anEnrollment().selfEnrolled().inProgress().build();
    stubCourseApi({ aggregate, tree: compositeCourse() });
    const { container } = renderAt(`/courses/${aggregate.objective.id}/view/content`);
    await screen.findByText('Content of What is data?');
    const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
    expect(results.violations.map((v) => [v.id, v.nodes.map((n) => n.html)])).toEqual([]);
  });
});

describe('course content: timers', () => {
  it('unlocks an item when its start time passes while the page is open, without a reload', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, now: NOW });
    const aggregate = anEnrollment().selfEnrolled().inProgress().build();
    const opensAt = new Date(NOW.getTime() + 90_000).toISOString();
    const tree = aCourseTree('Course', [
      aNode('Opening now'),
      aNode('Opening later', { activityConstraint: aConstraint({ startFrom: opensAt }) }),
    ]);
    stubCourseApi({ aggregate, tree });
    renderAt(`/courses/${aggregate.objective.id}/view/content/${tree.children[1]!.axis}`);
    expect(await screen.findByText(/This activity is not yet available/)).toBeTruthy();

    await act(() => vi.advanceTimersByTimeAsync(90_000 + CONSTRAINT_MARGIN_MS));
    expect(await screen.findByText('Content of Opening later')).toBeTruthy();
    expect(screen.queryByText(/This activity is not yet available/)).toBeNull();
  });

  it('retries the full tree 30 s after it failed to load', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const aggregate = anEnrollment().selfEnrolled().inProgress().build();
    stubCourseApi({ aggregate, tree: compositeCourse(), treeFailures: 1 });
    renderAt(`/courses/${aggregate.objective.id}/view/content`);
    expect(await screen.findByText(/could not be loaded/)).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(FULL_TREE_RETRY_MS));
    expect(await screen.findByText('Content of What is data?')).toBeTruthy();
  });
});
