import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { ActivityType, DisplayMode, WorkflowState } from '@portal/contracts';
import { anEnrollment } from '../../../../../packages/domain/src/testing/enrollment-builder.ts';
import { renderListPage } from '../../components/course-list/testing/render-list-page.tsx';
import { aCourseTree, aNode, stubCourseApi } from '../course-content/testing/fake-course-api.ts';
import { LIVE_REFRESH_MS } from './hooks/use-live-course-progress.ts';
import { Component as WorkflowViewRoute } from './pages/lti-workflow-view-route.tsx';
import { recordFormSubmissions, stubLtiApi, type Submission } from './testing/fake-lti-api.ts';

let submissions: Submission[];

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

function ltiCourse(progress = 0.4) {
  const aggregate = anEnrollment().selfEnrolled().named('Quiz course').inProgress(progress).build();
  aggregate.objective.activity.type = ActivityType.lti13;
  return aggregate;
}

function renderView(url: string) {
  return renderListPage(<WorkflowViewRoute />, {
    path: '/courses/:objectiveId/workflow/:workflowId/view',
    url,
    namespaces: ['lti', 'common'],
  });
}

const viewUrl = (objectiveId: string, workflowId: string, query = '') =>
  `/courses/${objectiveId}/workflow/${workflowId}/view${query}`;

describe('the LTI workflow view', () => {
  it("shows the course's name, progress and a way back, starts the activity and opens the tool", async () => {
    const aggregate = ltiCourse();
    const workflowId = aggregate.objectiveWorkflowAggregate.lastObjectiveWorkflow!.id;
    const course = stubCourseApi({
      aggregate,
      tree: aCourseTree('Quiz course', [], { type: ActivityType.lti13 }),
    });
    const lti = stubLtiApi();
    await renderView(viewUrl(aggregate.objective.id, workflowId));

    expect(await screen.findByRole('heading', { level: 1, name: 'Quiz course' })).toBeTruthy();
    expect(document.title).toBe('Quiz course | Learner portal');
    const progress = screen.getByRole('progressbar', { name: 'Course progress' });
    expect(progress.getAttribute('aria-valuenow')).toBe('40');
    expect(screen.getByText('40% completed')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to course' }).getAttribute('href')).toBe(
      `/courses/${aggregate.objective.id}`,
    );

    await waitFor(() => expect(submissions).toHaveLength(1));
    expect(course.commands()[0]?.body).toMatchObject({
      objectiveWorkflowId: workflowId,
      activityPartIds: [],
    });
    const rootWorkflow = course.tree.activityWorkflowAggregate.lastActivityWorkflow!;
    const [link] = lti.linkRequests();
    expect(link?.search.getAll('activityWorkflowIds')).toEqual([rootWorkflow.id]);
    expect(link?.search.getAll('activityPartIds')).toEqual([]);
    expect(screen.getByTitle('Quiz course').style.height).toBe('100%');
  });

  it('opens a nested activity named by activityPathId, and refreshes its score every 5 s', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const aggregate = ltiCourse();
    aggregate.objective.activity.type = ActivityType.composite;
    const workflowId = aggregate.objectiveWorkflowAggregate.lastObjectiveWorkflow!.id;
    const tree = aCourseTree('Data course', [
      aNode('Reading'),
      aNode('Chart quiz', { type: ActivityType.lti11, displayMode: DisplayMode.fullscreen }),
    ]);
    const course = stubCourseApi({ aggregate, tree });
    const lti = stubLtiApi();
    const quiz = tree.children[1]!;
    await renderView(
      viewUrl(
        aggregate.objective.id,
        workflowId,
        `?activityPathId=${encodeURIComponent(quiz.axis)}`,
      ),
    );

    await waitFor(() => expect(submissions).toHaveLength(1));
    expect(document.title).toBe('Chart quiz | Quiz course | Learner portal');
    const started = course.tree.children[1]!.activityWorkflowAggregate.lastActivityWorkflow!;
    const root = course.tree.activityWorkflowAggregate.lastActivityWorkflow!;
    expect(lti.linkRequests()[0]?.search.getAll('activityWorkflowIds')).toEqual([
      root.id,
      started.id,
    ]);
    expect(lti.linkRequests()[0]?.search.getAll('activityPartIds')).toEqual([quiz.part!.id]);

    course.tree.children[1]!.activityWorkflowAggregate.bestActivityRecord = {
      id: '00000000-0000-4000-8000-00000000f201',
      score: 9,
      maxScore: 10,
      normalizedScore: 0.9,
      passed: true,
      progress: 1,
      finished: '2026-03-05T10:05:00.000Z',
    };
    await act(() => vi.advanceTimersByTimeAsync(LIVE_REFRESH_MS));
    expect(await screen.findByText('Score: 90%')).toBeTruthy();
    expect(submissions).toHaveLength(1);
  });

  it('does not open the tool of an attempt that is not in progress', async () => {
    const aggregate = anEnrollment().selfEnrolled().named('Quiz course').finished().build();
    aggregate.objective.activity.type = ActivityType.lti13;
    const workflowId = aggregate.objectiveWorkflowAggregate.lastObjectiveWorkflow!.id;
    expect(aggregate.objectiveWorkflowAggregate.lastObjectiveWorkflow!.state).toBe(
      WorkflowState.finished,
    );
    stubCourseApi({
      aggregate,
      tree: aCourseTree('Quiz course', [], { type: ActivityType.lti13 }),
    });
    const lti = stubLtiApi();
    await renderView(viewUrl(aggregate.objective.id, workflowId));

    expect(
      await screen.findByText(
        'This attempt is not in progress, so the tool cannot be opened. Go back to the course to see your result.',
      ),
    ).toBeTruthy();
    expect(screen.queryByTitle('Quiz course')).toBeNull();
    expect(lti.calls).toHaveLength(0);
  });

  it("shows the unavailable-course page for someone else's workflow or a malformed address", async () => {
    const aggregate = ltiCourse();
    stubCourseApi({
      aggregate,
      tree: aCourseTree('Quiz course', [], { type: ActivityType.lti13 }),
    });
    const lti = stubLtiApi();
    await renderView(viewUrl(aggregate.objective.id, '00000000-0000-4000-8000-00000000dead'));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Course is not available' }),
    ).toBeTruthy();
    cleanup();

    await renderView(viewUrl(aggregate.objective.id, 'not-an-id'));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Course is not available' }),
    ).toBeTruthy();
    expect(lti.calls).toHaveLength(0);
  });
});
