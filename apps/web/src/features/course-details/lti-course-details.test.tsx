import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import {
  ActivityState,
  ActivityType,
  type EnrollmentAggregate,
  type ObjectiveWorkflow,
} from '@portal/contracts';
import { anEnrollment } from '../../../../../packages/domain/src/testing/enrollment-builder.ts';
import { anActivity } from '../../../../../packages/domain/src/course-rules/testing/activity-node-builder.ts';
import { renderListPage } from '../../components/course-list/testing/render-list-page.tsx';
import { CourseAreaLayout } from './course-area-layout.tsx';
import { CourseDetailsPage } from './course-details-page.tsx';
import { installFakeCourseApi } from './testing/fake-course-api.ts';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-03-01T12:00:00Z') });
});

afterEach(() => {
  cleanup();
  notifications.clean();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function asLtiCourse(aggregate: EnrollmentAggregate, state: number = ActivityState.ready) {
  aggregate.objective.activity = {
    ...aggregate.objective.activity,
    type: ActivityType.lti13,
    state,
  };
  return aggregate;
}

function workflowOf(aggregate: EnrollmentAggregate): ObjectiveWorkflow {
  const last = aggregate.objectiveWorkflowAggregate.lastObjectiveWorkflow!;
  return {
    ...last,
    objectiveId: aggregate.objective.id,
    objectiveWorkflowAggregateId: aggregate.objectiveWorkflowAggregate.id,
    objectiveRecordId: aggregate.objectiveWorkflowAggregate.lastObjectiveRecord?.id ?? null,
    protectResults: false,
  };
}

async function renderDetails(aggregate: EnrollmentAggregate) {
  const last = aggregate.objectiveWorkflowAggregate.lastObjectiveWorkflow;
  const root = { ...anActivity('Quiz').buildRoot(), type: ActivityType.lti13, supportReview: true };
  installFakeCourseApi({
    aggregates: [aggregate],
    workflows: last ? [workflowOf(aggregate)] : [],
    trees: last ? { [last.id]: root } : {},
  });
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

const layers = () => within(screen.getByRole('navigation', { name: 'Course sections' }));

describe('course details of an LTI course', () => {
  it('starts a first attempt with Start', async () => {
    const { router } = await renderDetails(
      asLtiCourse(anEnrollment().named('Quiz course').build()),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Start' }));
    await waitFor(() => expect(router.state.location.search).toBe('?start=1'));
  });

  it('continues in the workflow view and has no Content layer', async () => {
    const aggregate = asLtiCourse(anEnrollment().named('Quiz course').inProgress(0.5).build());
    const { router } = await renderDetails(aggregate);
    const next = await screen.findByRole('button', { name: 'Continue' });
    expect(layers().queryByRole('link', { name: 'Content' })).toBeNull();
    fireEvent.click(next);
    const workflowId = aggregate.objectiveWorkflowAggregate.lastObjectiveWorkflow!.id;
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(
        `/courses/${aggregate.objective.id}/workflow/${workflowId}/view`,
      ),
    );
  });

  it.each([
    ['ready', ActivityState.ready],
    ['expired', ActivityState.expired],
  ])('finished with retake (%s) offers Start again instead of Retake', async (_state, state) => {
    const aggregate = asLtiCourse(anEnrollment().named('Quiz course').finished().build(), state);
    aggregate.retake = true;
    const { router } = await renderDetails(aggregate);
    const again = await screen.findByRole('button', { name: 'Start again' });
    expect(screen.queryByRole('button', { name: 'Retake' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Start' })).toBeNull();
    expect(layers().queryByRole('link', { name: 'Content' })).toBeNull();
    fireEvent.click(again);
    await waitFor(() => expect(router.state.location.search).toBe('?start=1&restart=1'));
  });
});
