// The learner's state in one course, shared by the details page and the sidebar layers: aggregate, last
// attempt, its activity tree root, and what the spec's rules derive from them.
import { useQuery } from '@tanstack/react-query';
import { ActivityType, WorkflowState, type ActivityNode } from '@portal/contracts';
import {
  courseButtons,
  flattenTree,
  isProctorSessionOpen,
  isReviewAllowed,
  type CourseButtons,
} from '@portal/domain';
import { fetchLastProctoringSession, proctoringKeys } from '../proctoring/api/proctoring-api.ts';
import {
  activityTreeQuery,
  courseAggregateQuery,
  objectiveWorkflowQuery,
} from './api/course-details-queries.ts';

const LTI_TYPES: readonly number[] = [ActivityType.lti13, ActivityType.lti11];

/** The attempt's proctored activity workflows that have a proctoring session, with that session's id. */
function proctoredWorkflows(tree: ActivityNode | undefined): { id: string; sessionId: string }[] {
  if (!tree) return [];
  return flattenTree(tree)
    .filter((node) => node.proctored)
    .map((node) => node.activityWorkflowAggregate.lastActivityWorkflow)
    .filter((workflow) => workflow?.lastProctoringSessionId != null)
    .map((workflow) => ({ id: workflow!.id, sessionId: workflow!.lastProctoringSessionId! }));
}

/**
 * True while the attempt has a proctored activity whose last proctoring session is open (spec 4: Continue hides
 * then; the learner works in the proctoring tool's window).
 */
function useInProctorSession(workflowId: string | null, tree: ActivityNode | undefined): boolean {
  const workflows = workflowId === null ? [] : proctoredWorkflows(tree);
  // One query for all of them (not useQueries, whose observer would join every page's first load); a new
  // session id in the tree makes a new key.
  const sessions = useQuery({
    queryKey: [
      ...proctoringKeys.all(workflowId ?? ''),
      'open',
      ...workflows.map((workflow) => workflow.sessionId),
    ],
    queryFn: ({ signal }) =>
      Promise.all(
        workflows.map((workflow) =>
          fetchLastProctoringSession(workflowId ?? '', workflow.id, signal),
        ),
      ),
    enabled: workflows.length > 0,
  });
  return (sessions.data ?? []).some((session) => isProctorSessionOpen(session));
}

export function useCourseOverview(objectiveId: string, now: Date) {
  const aggregate = useQuery(courseAggregateQuery(objectiveId));
  const workflowId = aggregate.data?.objectiveWorkflowAggregate.lastObjectiveWorkflow?.id ?? null;
  const workflow = useQuery({
    ...objectiveWorkflowQuery(workflowId ?? ''),
    enabled: workflowId !== null,
  });
  const tree = useQuery({ ...activityTreeQuery(workflowId ?? ''), enabled: workflowId !== null });
  const inProctorSession = useInProctorSession(workflowId, tree.data);

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
      inProctorSession,
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
