import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import { ActivityType, type EnrollmentAggregate, type ObjectiveWorkflow } from '@portal/contracts';
import { anEnrollment } from '../../../../../packages/domain/src/testing/enrollment-builder.ts';
import { anActivity } from '../../../../../packages/domain/src/course-rules/testing/activity-node-builder.ts';
import { renderListPage } from '../../components/course-list/testing/render-list-page.tsx';
import { CourseAreaLayout } from './course-area-layout.tsx';
import { installFakeCourseApi } from './testing/fake-course-api.ts';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-03-01T12:00:00Z') });
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

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

/** The content page's frame (the content itself is another feature's): its sidebar is what is tested. */
async function renderContentLayer(
  aggregate: EnrollmentAggregate,
  files: Record<string, () => Response> = {},
) {
  const last = aggregate.objectiveWorkflowAggregate.lastObjectiveWorkflow;
  const root = {
    ...anActivity('Root').withChildren(anActivity('One')).buildRoot(),
    type: aggregate.objective.activity.type,
    supportReview: true,
  };
  const requests = installFakeCourseApi({
    aggregates: [aggregate],
    workflows: last ? [workflowOf(aggregate)] : [],
    trees: last ? { [last.id]: root } : {},
    files,
  });
  const objectiveId = aggregate.objective.id;
  await renderListPage(
    <CourseAreaLayout objectiveId={objectiveId} current="content">
      <h1>Course content</h1>
    </CourseAreaLayout>,
    {
      path: '/courses/:objectiveId/view/content',
      url: `/courses/${objectiveId}/view/content`,
      namespaces: ['courseDetails', 'courseList'],
    },
  );
  const layers = within(await screen.findByRole('navigation', { name: 'Course sections' }));
  return { layers, requests };
}

describe('course sections (spec 2 sidebar layers)', () => {
  it('offer the content of an attempt in progress, marked as the current page', async () => {
    const { layers } = await renderContentLayer(anEnrollment().inProgress(0.4).build());
    const content = await layers.findByRole('link', { name: 'Content' });
    expect(content.getAttribute('aria-current')).toBe('page');
  });

  it('offer no content for a course never started, even on its content address', async () => {
    const { layers } = await renderContentLayer(anEnrollment().build());
    expect(layers.getByRole('link', { name: 'Details' })).toBeTruthy();
    expect(layers.queryByRole('link', { name: 'Content' })).toBeNull();
  });

  it('offer no content for an LTI course, even while it is reviewed', async () => {
    const aggregate = anEnrollment().finished().build();
    aggregate.objective.activity = { ...aggregate.objective.activity, type: ActivityType.lti13 };
    const { layers, requests } = await renderContentLayer(aggregate);
    // Once the attempt's tree has answered, review is allowed; the layer is still not offered.
    await waitFor(() =>
      expect(requests.some((r) => r.url.pathname.endsWith('/activity-with-aggregates'))).toBe(true),
    );
    await act(() => Promise.resolve());
    expect(layers.getByRole('link', { name: 'Details' })).toBeTruthy();
    expect(layers.queryByRole('link', { name: 'Content' })).toBeNull();
  });

  it('offer Notifications with the unread count when the course has an announcement channel', async () => {
    const aggregate = anEnrollment().inProgress(0.4).build();
    const channelId = '77777777-7777-4777-8777-777777777777';
    aggregate.objective.announcementChannelId = channelId;
    const counts = {
      items: [{ objectiveId: aggregate.objective.id, channelId, unreadCount: 3 }],
    };
    const { layers } = await renderContentLayer(aggregate, {
      '/api/lms/v1/users/me/announcement-unread-counts': () =>
        new Response(JSON.stringify(counts), { headers: { 'content-type': 'application/json' } }),
    });
    const notifications = await layers.findByRole('button', {
      name: 'Notifications, Unread announcements: 3',
    });
    expect(notifications.getAttribute('aria-haspopup')).toBe('dialog');
  });

  it('offer no Notifications for a course without an announcement channel', async () => {
    const { layers } = await renderContentLayer(anEnrollment().inProgress(0.4).build());
    await layers.findByRole('link', { name: 'Content' });
    expect(layers.queryByRole('button', { name: /Notifications/ })).toBeNull();
  });
});
