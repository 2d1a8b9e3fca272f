import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { ActivityType, type EnrollmentAggregate } from '@portal/contracts';
import { anEnrollment } from '../../../../../packages/domain/src/testing/enrollment-builder.ts';
import { anActivity } from '../../../../../packages/domain/src/course-rules/testing/activity-node-builder.ts';
import { renderListPage } from '../../components/course-list/testing/render-list-page.tsx';
import { CourseRedirectPage, redirectTarget } from './course-redirect-page.tsx';
import { installFakeCourseApi } from './testing/fake-course-api.ts';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const leaf = anActivity('Lesson');
const tree = anActivity('Root').withChildren(anActivity('Module').withChildren(leaf)).buildRoot();
const lesson = tree.children[0]!.children[0]!;
const composite = () => anEnrollment().inProgress().build();
const noQuery = { activityId: null, activityPathId: null };

describe('redirectTarget', () => {
  it('goes to the details without an attempt, whatever the query', () => {
    const course = anEnrollment().build();
    const id = course.objective.id;
    expect(redirectTarget(course, noQuery, null)).toBe(`/courses/${id}/view/details`);
    expect(redirectTarget(course, { activityId: lesson.id, activityPathId: 'x' }, null)).toBe(
      `/courses/${id}/view/details`,
    );
  });

  it('goes to the activity of an activityPathId', () => {
    const course = composite();
    expect(redirectTarget(course, { activityId: null, activityPathId: lesson.axis }, null)).toBe(
      `/courses/${course.objective.id}/view/content/${lesson.axis}`,
    );
  });

  it("finds a composite course's activity by id in the tree, or falls back to details", () => {
    const course = composite();
    const id = course.objective.id;
    const query = { activityId: lesson.id, activityPathId: null };
    expect(redirectTarget(course, query, null)).toBe('tree');
    expect(redirectTarget(course, query, tree)).toBe(`/courses/${id}/view/content/${lesson.axis}`);
    expect(
      redirectTarget(
        course,
        { activityId: '77777777-7777-4777-8777-777777777777', activityPathId: null },
        tree,
      ),
    ).toBe(`/courses/${id}/view/details`);
  });

  it('opens the content of any other started course', () => {
    const course: EnrollmentAggregate = composite();
    course.objective.activity.type = ActivityType.text;
    expect(redirectTarget(course, { activityId: lesson.id, activityPathId: null }, null)).toBe(
      `/courses/${course.objective.id}/view/content`,
    );
    expect(redirectTarget(composite(), noQuery, null)).toMatch(/\/view\/content$/);
  });
});

describe('CourseRedirectPage', () => {
  async function open(course: EnrollmentAggregate, search: string, status?: number) {
    installFakeCourseApi({
      aggregates: [course],
      trees: { [course.objectiveWorkflowAggregate.lastObjectiveWorkflow?.id ?? '']: tree },
      aggregateStatus: status,
    });
    return renderListPage(<CourseRedirectPage objectiveId={course.objective.id} />, {
      path: '/courses/redirect/:objectiveId',
      url: `/courses/redirect/${course.objective.id}${search}`,
      namespaces: ['courseDetails', 'courseList'],
    });
  }

  it('replaces itself with the activity found in the tree', async () => {
    const course = composite();
    const { router } = await open(course, `?activityId=${lesson.id}`);
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(
        `/courses/${course.objective.id}/view/content/${lesson.axis}`,
      ),
    );
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('reports an error and shows the course as not available', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await open(composite(), '', 500);
    expect(await screen.findByRole('heading', { name: 'Course is not available' })).toBeTruthy();
    expect(error).toHaveBeenCalled();
  });
});
