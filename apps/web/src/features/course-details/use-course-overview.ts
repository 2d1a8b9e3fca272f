// The learner's state in one course, shared by the details page and the sidebar layers: aggregate, last
// attempt, its activity tree root, and what the spec's rules derive from them.
import { useQuery } from '@tanstack/react-query';
import { ActivityType, WorkflowState } from '@portal/contracts';
import { courseButtons, isReviewAllowed, type CourseButtons } from '@portal/domain';
import {
  activityTreeQuery,
  courseAggregateQuery,
  objectiveWorkflowQuery,
} from './api/course-details-queries.ts';

const LTI_TYPES: readonly number[] = [ActivityType.lti13, ActivityType.lti11];

export function useCourseOverview(objectiveId: string, now: Date) {
  const aggregate = useQuery(courseAggregateQuery(objectiveId));
  const workflowId = aggregate.data?.objectiveWorkflowAggregate.lastObjectiveWorkflow?.id ?? null;
  const workflow = useQuery({
    ...objectiveWorkflowQuery(workflowId ?? ''),
    enabled: workflowId !== null,
  });
  const tree = useQuery({ ...activityTreeQuery(workflowId ?? ''), enabled: workflowId !== null });

  const data = aggregate.data;
  if (!data) return { aggregate, workflow, tree, derived: null };
  const lastWorkflow = data.objectiveWorkflowAggregate.lastObjectiveWorkflow;
  const activity = data.objective.activity;
  const isLti = LTI_TYPES.includes(activity.type);
  // Without an attempt there is nothing to review; until the tree arrives review stays off rather than flicker on.
  const supportReview = tree.data?.supportReview ?? false;
  const protectResults = workflow.data?.protectResults ?? true;
  const buttons: CourseButtons = courseButtons(
    {
      ...data,
      activityType: activity.type,
      activityState: activity.state,
      supportReview,
      protectResults,
      starting: false,
      inProctorSession: false,
    },
    now,
  );
  const inProgress =
    lastWorkflow !== null &&
    (lastWorkflow.state === WorkflowState.inProgress ||
      lastWorkflow.state === WorkflowState.gradingApproved);
  const reviewable =
    lastWorkflow !== null &&
    isReviewAllowed(
      {
        supportReview,
        workflowState: lastWorkflow.state,
        protectResults,
        gradeRevealPolicy: data.gradeRevealPolicy,
        gradeRevealDate: data.gradeRevealDate,
      },
      now,
    );
  return {
    aggregate,
    workflow,
    tree,
    derived: {
      buttons,
      supportReview,
      inProgress,
      reviewable,
      /** Spec 2 sidebar: the content layer exists while in progress or reviewable, never for LTI courses. */
      showContentLayer: !isLti && (inProgress || reviewable),
    },
  };
}
