import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import {
  ActivityType,
  GradeRevealPolicy,
  type EnrollmentAggregate,
  type ObjectiveRecord,
  type ObjectiveWorkflow,
  type ProctoringSession,
  WorkflowState,
} from '@portal/contracts';
import {
  aProctoringSession,
  stubProctoringApi,
} from '../proctoring/testing/fake-proctoring-api.ts';
import { anEnrollment } from '../../../../../packages/domain/src/testing/enrollment-builder.ts';
import { anActivity } from '../../../../../packages/domain/src/course-rules/testing/activity-node-builder.ts';
import { renderListPage } from '../../components/course-list/testing/render-list-page.tsx';
import { CourseDetailsPage, isUnavailableError } from './course-details-page.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { CourseAreaLayout } from './course-area-layout.tsx';
import {
  installFakeCourseApi,
  postedEvents,
  type FakeCourseData,
  type RecordedRequest,
} from './testing/fake-course-api.ts';

const NOW = new Date('2026-03-01T12:00:00Z');
let requests: RecordedRequest[];

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'], now: NOW });
  window.localStorage.clear();
});

afterEach(() => {
  cleanup();
  notifications.clean();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

async function renderDetails(aggregate: EnrollmentAggregate, data: Partial<FakeCourseData> = {}) {
  requests = installFakeCourseApi({ aggregates: [aggregate], ...data });
  const objectiveId = aggregate.objective.id;
  return renderListPage(
    <CourseAreaLayout objectiveId={objectiveId} current="details">
      <CourseDetailsPage objectiveId={objectiveId} />
    </CourseAreaLayout>,
    {
      path: '/courses/:objectiveId/view/details',
      url: `/courses/${objectiveId}/view/details`,
      namespaces: ['courseDetails', 'courseList'],
    },
  );
}

function workflowOf(aggregate: EnrollmentAggregate, fields: Partial<ObjectiveWorkflow> = {}) {
  const last = aggregate.objectiveWorkflowAggregate.lastObjectiveWorkflow!;
  return {
    id: last.id,
    objectiveId: aggregate.objective.id,
    objectiveWorkflowAggregateId: aggregate.objectiveWorkflowAggregate.id,
    state: last.state,
    progress: last.progress,
    started: last.started,
    submitted: last.submitted,
    finished: last.finished,
    objectiveRecordId: aggregate.objectiveWorkflowAggregate.lastObjectiveRecord?.id ?? null,
    protectResults: false,
    ...fields,
  } satisfies ObjectiveWorkflow;
}

function recordOf(aggregate: EnrollmentAggregate, fields: Partial<ObjectiveRecord> = {}) {
  const last = aggregate.objectiveWorkflowAggregate.lastObjectiveRecord!;
  return {
    ...last,
    objectiveId: aggregate.objective.id,
    gradeColor: null,
    protectResults: false,
    started: '2026-02-01T09:00:00Z',
    submitted: last.finished,
    ...fields,
  } satisfies ObjectiveRecord;
}

const treeFor = (supportReview = true) => {
  const root = anActivity('Root').withChildren(anActivity('One'), anActivity('Two')).buildRoot();
  return { ...root, type: ActivityType.composite, supportReview };
};

const button = (name: string) => screen.queryByRole('button', { name });

describe('CourseDetailsPage', () => {
  it('shows a course not started: title, code, collections, collapsed description, Start and Enrolled', async () => {
    const course = anEnrollment()
      .named('Data Literacy Essentials', 'DLE-1')
      .inShowcases({ id: '33333333-3333-4333-8333-333333333333', name: 'Data & AI' })
      .build();
    course.objective.description =
      'Read charts, question sources and explain numbers to colleagues without jargon or fear.';
    const { router } = await renderDetails(course);

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Data Literacy Essentials' }),
    ).toBeTruthy();
    expect(document.title).toBe('Data Literacy Essentials | Learner portal');
    // Read out beside the title; the coloured cover of a course without an image repeats it as decoration.
    expect(
      screen.getByText('DLE-1', { ignore: '[aria-hidden="true"], script, style' }),
    ).toBeTruthy();
    expect(screen.getByTestId('cover-code').textContent).toBe('DLE-1');
    expect(
      within(screen.getByRole('list', { name: 'Collections' })).getByText('Data & AI'),
    ).toBeTruthy();
    expect(
      screen.getByText('Read charts, question sources and explain numbers to colleagues…'),
    ).toBeTruthy();
    const more = screen.getByRole('button', { name: 'Show more' });
    expect(more.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(more);
    expect(screen.getByText(course.objective.description)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Show less' })).toBeTruthy();

    expect(button('Enrolled')).toHaveProperty('disabled', true);
    expect(button('Continue')).toBeNull();
    expect(button('Review')).toBeNull();
    expect(screen.getByText('Not Started')).toBeTruthy();
    const progress = screen.getByRole('progressbar', { name: 'Progress' });
    expect(progress.getAttribute('aria-valuenow')).toBe('0');
    // No attempt: the sidebar offers only the details layer.
    const layers = within(screen.getByRole('navigation', { name: 'Course sections' }));
    expect(layers.getByRole('link', { name: 'Details' }).getAttribute('aria-current')).toBe('page');
    expect(layers.queryByRole('link', { name: 'Content' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Start' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/courses/${course.objective.id}/view/content`),
    );
    expect(router.state.location.search).toBe('?start=1');
  });

  it('posts about_the_course_page_load on every load and course_open_first_time only once', async () => {
    const course = anEnrollment().build();
    await renderDetails(course);
    await screen.findByRole('heading', { level: 1 });
    await waitFor(() =>
      expect(postedEvents(requests)).toEqual([
        'about_the_course_page_load',
        'course_open_first_time',
      ]),
    );
    const event = requests.find((request) => request.url.pathname === '/api/events');
    expect(event?.body).toMatchObject({
      properties: { objectiveId: course.objective.id, objectiveName: course.objective.name },
      context: { role: 'learner' },
    });
    cleanup();

    await renderDetails(course);
    await screen.findByRole('heading', { level: 1 });
    await waitFor(() => expect(postedEvents(requests)).toEqual(['about_the_course_page_load']));
  });

  it('never posts course_open_first_time for a course already taken', async () => {
    const course = anEnrollment().finished().build();
    const workflowId = course.objectiveWorkflowAggregate.lastObjectiveWorkflow!.id;
    await renderDetails(course, {
      workflows: [workflowOf(course)],
      trees: { [workflowId]: treeFor() },
      records: [recordOf(course)],
    });
    await screen.findByRole('heading', { level: 1 });
    await waitFor(() => expect(postedEvents(requests)).toEqual(['about_the_course_page_load']));
  });

  it('offers Continue for an attempt in progress, with its progress and the content layer', async () => {
    const course = anEnrollment().inProgress(0.42).build();
    const { router } = await renderDetails(course, {
      workflows: [workflowOf(course)],
      trees: { [course.objectiveWorkflowAggregate.lastObjectiveWorkflow!.id]: treeFor() },
    });
    const next = await screen.findByRole('button', { name: 'Continue' });
    expect(button('Start')).toBeNull();
    expect(screen.getByText('In Progress')).toBeTruthy();
    expect(
      screen.getByRole('progressbar', { name: 'Progress' }).getAttribute('aria-valuenow'),
    ).toBe('42');
    expect(screen.getByText('Started')).toBeTruthy();
    const layers = within(screen.getByRole('navigation', { name: 'Course sections' }));
    expect(layers.getByRole('link', { name: 'Content' }).getAttribute('href')).toBe(
      `/courses/${course.objective.id}/view/content`,
    );
    fireEvent.click(next);
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/courses/${course.objective.id}/view/content`),
    );
    expect(router.state.location.search).toBe('');
  });

  it('shows a finished course with its grade, Retake, Review and the previous attempts', async () => {
    const builder = anEnrollment()
      .gradeReveal(GradeRevealPolicy.afterFinish)
      .finished({ grade: 'B', score: 8, maxScore: 10, normalizedScore: 0.8, passed: true });
    const course = builder.build();
    course.retake = true;
    const workflowId = course.objectiveWorkflowAggregate.lastObjectiveWorkflow!.id;
    const older = recordOf(course, {
      id: '55555555-5555-4555-8555-555555555555',
      objectiveWorkflowId: '66666666-6666-4666-8666-666666666666',
      grade: 'D',
      score: 4,
      normalizedScore: 0.4,
      passed: false,
      finished: '2026-01-10T12:00:00Z',
    });
    const { router } = await renderDetails(course, {
      workflows: [workflowOf(course)],
      trees: { [workflowId]: treeFor() },
      records: [recordOf(course), older],
    });

    expect(await screen.findByRole('button', { name: 'Review' })).toBeTruthy();
    expect(button('Start')).toBeNull();
    expect(button('Retake')).toBeTruthy();
    expect(screen.getByText('Grade: B')).toBeTruthy();
    expect(screen.getByTestId('result-badge').textContent).toBe('Result: B · 80%');
    expect(screen.getByText('Passed')).toBeTruthy();

    const attempts = screen.getByRole('button', { name: 'Previous attempts' });
    expect(attempts.getAttribute('aria-expanded')).toBe('true');
    const table = within(await screen.findByRole('table'));
    expect(table.getAllByRole('row')).toHaveLength(3);
    expect(table.getByText('D · 40%')).toBeTruthy();
    fireEvent.click(table.getByRole('button', { name: 'Review attempt 1' }));
    await waitFor(() => expect(router.state.location.search).toContain('viewType=REVIEW'));
    expect(router.state.location.search).toBe(
      '?viewType=REVIEW&objectiveWorkflowId=66666666-6666-4666-8666-666666666666',
    );
    await act(() => router.navigate(`/courses/${course.objective.id}/view/details`));

    fireEvent.click(await screen.findByRole('button', { name: 'Retake' }));
    await waitFor(() => expect(router.state.location.search).toBe('?start=1&restart=1'));
  });

  it('says "Coming soon" for a draft course and offers no way to start it', async () => {
    const course = anEnrollment().mandatory().named('Cloud Architecture Basics').draft().build();
    await renderDetails(course);
    await screen.findByRole('heading', { level: 1, name: 'Cloud Architecture Basics' });
    expect(screen.getByText('Coming soon')).toBeTruthy();
    const actions = within(screen.getByRole('group', { name: 'Course actions' }));
    for (const name of ['Start', 'Start again', 'Retake', 'Continue'])
      expect(actions.queryByRole('button', { name })).toBeNull();
  });

  it('describes a retake by its own attempt, leaving the earlier result to the attempts table', async () => {
    const finished = anEnrollment()
      .gradeReveal(GradeRevealPolicy.afterFinish)
      .finished({ grade: 'A', score: 1, maxScore: 1, normalizedScore: 1, passed: true });
    const earlier = recordOf(finished.build());
    const course = finished.inProgress(0, '2026-02-20T09:00:00Z').build();
    course.retake = true;
    const workflowId = course.objectiveWorkflowAggregate.lastObjectiveWorkflow!.id;
    await renderDetails(course, {
      workflows: [workflowOf(course, { objectiveRecordId: null })],
      trees: { [workflowId]: treeFor() },
      records: [earlier],
    });

    expect(await screen.findByRole('button', { name: 'Continue' })).toBeTruthy();
    expect(screen.getByText('In Progress')).toBeTruthy();
    expect(
      screen.getByRole('progressbar', { name: 'Progress' }).getAttribute('aria-valuenow'),
    ).toBe('0');
    expect(screen.queryByTestId('result-badge')).toBeNull();
    expect(screen.queryByText(/Grade:/)).toBeNull();
    expect(screen.queryByText('Passed')).toBeNull();
    // The attempts table (shown with the rest of the page, not after it) has a "Finished" column.
    expect(screen.queryAllByText('Finished').filter((text) => !text.closest('table'))).toEqual([]);
    const table = within(await screen.findByRole('table'));
    expect(table.getByText('A · 100%')).toBeTruthy();
  });

  it.each([
    [true, 'You can try again.'],
    [false, 'You have no attempts left.'],
  ])(
    'tells a learner who failed (retake %s) the minimum, the score and what is left',
    async (retake, left) => {
      const course = anEnrollment()
        .gradedOn('77777777-7777-4777-8777-777777777777')
        .finished({ grade: 'E', score: 4.5, maxScore: 10, normalizedScore: 0.45, passed: false })
        .build();
      course.retake = retake;
      const workflowId = course.objectiveWorkflowAggregate.lastObjectiveWorkflow!.id;
      await renderDetails(course, {
        workflows: [workflowOf(course)],
        trees: { [workflowId]: treeFor() },
        records: [recordOf(course)],
        gradingScales: [
          {
            id: '77777777-7777-4777-8777-777777777777',
            maxScore: 10,
            name: 'A–F',
            description: null,
            normalizedPassingScore: 0.6,
            numberOfGrades: 0,
            objectiveGrades: [],
            passingGradeId: null,
          },
        ],
      });
      const message = await screen.findByTestId('not-passed-message');
      expect(message.textContent).toContain('You have not passed this course');
      expect(message.textContent).toContain(
        'At least 6 points out of 10 were needed to pass; you scored 4.5.',
      );
      expect(message.textContent).toContain(left);
      expect(screen.getByText('Not passed')).toBeTruthy();
    },
  );

  it('gives the passing score in percent when the scale has no points, and says nothing to a learner who passed', async () => {
    const failed = anEnrollment()
      .finished({ score: 0.5, maxScore: 1, normalizedScore: 0.5, passed: false })
      .build();
    const workflowId = failed.objectiveWorkflowAggregate.lastObjectiveWorkflow!.id;
    await renderDetails(failed, {
      workflows: [workflowOf(failed)],
      trees: { [workflowId]: { ...treeFor(), normalizedPassingScore: 0.6 } },
      records: [recordOf(failed)],
    });
    expect((await screen.findByTestId('not-passed-message')).textContent).toContain(
      'At least 60% was needed to pass; you scored 50%.',
    );
    cleanup();

    const passed = anEnrollment()
      .finished({ score: 0.9, maxScore: 1, normalizedScore: 0.9, passed: true })
      .build();
    const passedWorkflow = passed.objectiveWorkflowAggregate.lastObjectiveWorkflow!.id;
    await renderDetails(passed, {
      workflows: [workflowOf(passed)],
      trees: { [passedWorkflow]: { ...treeFor(), normalizedPassingScore: 0.6 } },
      records: [recordOf(passed)],
    });
    await screen.findByText('Passed');
    expect(screen.queryByTestId('not-passed-message')).toBeNull();
  });

  it('never shows a grade the policy hides, nor offers review', async () => {
    const course = anEnrollment()
      .gradeReveal(GradeRevealPolicy.never)
      .finished({ grade: null, score: null, maxScore: null, normalizedScore: null, passed: null })
      .build();
    const workflowId = course.objectiveWorkflowAggregate.lastObjectiveWorkflow!.id;
    await renderDetails(course, {
      workflows: [workflowOf(course)],
      trees: { [workflowId]: treeFor() },
      records: [recordOf(course)],
    });
    await screen.findByRole('table');
    expect(button('Review')).toBeNull();
    expect(screen.queryByTestId('result-badge')).toBeNull();
    expect(screen.queryByText(/Grade:/)).toBeNull();
    expect(screen.queryByText('Grading in progress')).toBeNull();
    expect(screen.queryByText(/%/)).not.toBeNull(); // only the progress percent
    expect(screen.getAllByText(/%/).map((node) => node.textContent)).toEqual(['100%']);
    expect(screen.getByRole('button', { name: 'Review attempt 1' })).toHaveProperty(
      'disabled',
      true,
    );
  });

  it('shows "Grading in progress" for a submitted attempt', async () => {
    const course = anEnrollment().inGrading().build();
    await renderDetails(course, { workflows: [workflowOf(course)] });
    expect(await screen.findAllByText('Grading in progress')).not.toHaveLength(0);
  });

  it('offers Start again with the imported-results note for a result without an attempt', async () => {
    const course = anEnrollment().importedResult({ grade: 'A', passed: true }).build();
    const { router } = await renderDetails(course, { records: [recordOf(course)] });
    expect(
      await screen.findByText(
        'This is a course completion result imported from another platform. Course content is unavailable for review, please use “Start again” instead.',
      ),
    ).toBeTruthy();
    expect(button('Start')).toBeNull();
    expect(button('Review')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Start again' }));
    await waitFor(() => expect(router.state.location.search).toBe('?start=1'));
  });

  it('says when a course opens and offers no start before then', async () => {
    const course = anEnrollment().availableFrom('2026-04-01T12:00:00Z').build();
    await renderDetails(course);
    expect((await screen.findByTestId('availability-message')).textContent).toMatch(
      /^Will be available to start on Apr (1|2), 2026/,
    );
    expect(button('Start')).toBeNull();
  });

  it('says when a closed course was available', async () => {
    const course = anEnrollment().build();
    course.availabilityEndDate = '2026-02-01T12:00:00Z';
    await renderDetails(course);
    expect((await screen.findByTestId('availability-message')).textContent).toMatch(
      /^Was available to start before (Jan 31|Feb 1|Feb 2), 2026/,
    );
    expect(button('Start')).toBeNull();
  });

  it('sends a catalog course the learner has not joined to its catalog page', async () => {
    const course = anEnrollment().offeredInCatalog().build();
    const { router } = await renderDetails(course);
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/catalog/${course.objective.id}`),
    );
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('offers Add to my courses to a learner not yet enrolled in a course outside the catalog', async () => {
    const course = anEnrollment().selfEnrolled(false).build();
    await renderDetails(course);
    fireEvent.click(await screen.findByRole('button', { name: 'Add to my courses' }));
    expect(await screen.findByText('The course was added to your courses.')).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Enrolled' })).toHaveProperty(
      'disabled',
      true,
    );
    const command = requests.find((request) =>
      request.url.pathname.endsWith('create-self-enrollments'),
    );
    expect(command?.body).toMatchObject({ objectiveAccessId: course.objectiveAccess.id });
  });

  it('counts 400, 401, 403 and 404 as unavailable and nothing else', () => {
    for (const status of [400, 401, 403, 404]) {
      expect(isUnavailableError(new ApiError(status, 'Refused'))).toBe(true);
    }
    for (const status of [402, 409, 500, 503]) {
      expect(isUnavailableError(new ApiError(status, 'Refused'))).toBe(false);
    }
    expect(isUnavailableError(new Error('offline'))).toBe(false);
  });

  // 401 never reaches the page in the app: the API client signs the learner in again first.
  it.each([400, 403, 404])('shows the unavailable-course page for %i', async (status) => {
    const course = anEnrollment().build();
    await renderDetails(course, { aggregateStatus: status });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Course is not available' }),
    ).toBeTruthy();
    expect(
      screen.getByText(
        'You do not have the necessary access rights to open or enroll in this course or program.',
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows a critical toast for any other failure', async () => {
    const course = anEnrollment().build();
    await renderDetails(course, { aggregateStatus: 500 });
    await waitFor(() =>
      expect(
        screen
          .getAllByRole('alert')
          .some((node) =>
            node.textContent?.includes('Unknown error. Please refresh the page and try again.'),
          ),
      ).toBe(true),
    );
    expect(screen.queryByText('Course is not available')).toBeNull();
  });

  it('shows the unavailable page for an invalid id without asking the server', async () => {
    requests = installFakeCourseApi({ aggregates: [] });
    await renderListPage(<CourseDetailsPage objectiveId="not-a-course" />, {
      path: '/courses/:objectiveId',
      url: '/courses/not-a-course',
      namespaces: ['courseDetails', 'courseList'],
    });
    expect(await screen.findByText('Course is not available')).toBeTruthy();
    expect(requests).toHaveLength(0);
  });
});

describe('a course with a proctored activity', () => {
  async function renderWithSession(sessionFields: Partial<ProctoringSession>) {
    const course = anEnrollment().inProgress(0.3).build();
    const workflowId = course.objectiveWorkflowAggregate.lastObjectiveWorkflow!.id;
    const tree = anActivity('Root')
      .withWorkflow(WorkflowState.inProgress)
      .withChildren(anActivity('Final exam').withWorkflow(WorkflowState.inProgress))
      .buildRoot();
    tree.children[0]!.proctored = true;
    const examWorkflow = tree.children[0]!.activityWorkflowAggregate.lastActivityWorkflow!;
    examWorkflow.lastProctoringSessionId = '00000000-0000-4000-8000-00000000d001';
    requests = installFakeCourseApi({
      aggregates: [course],
      workflows: [workflowOf(course)],
      trees: { [workflowId]: tree },
    });
    stubProctoringApi({
      sessions: { [examWorkflow.id]: aProctoringSession(examWorkflow.id, sessionFields) },
    });
    const objectiveId = course.objective.id;
    await renderListPage(<CourseDetailsPage objectiveId={objectiveId} />, {
      path: '/courses/:objectiveId/view/details',
      url: `/courses/${objectiveId}/view/details`,
      namespaces: ['courseDetails', 'courseList'],
    });
  }

  it('hides Continue while its proctoring session is open', async () => {
    await renderWithSession({});
    expect(await screen.findByText('In Progress')).toBeTruthy();
    await waitFor(() => expect(button('Continue')).toBeNull());
    // Not only before the session arrived: it stays hidden.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(button('Continue')).toBeNull();
  });

  it('offers Continue once the session is finished', async () => {
    await renderWithSession({ state: 2, finished: '2026-03-01T11:00:00Z' });
    expect(await screen.findByRole('button', { name: 'Continue' })).toBeTruthy();
  });
});
