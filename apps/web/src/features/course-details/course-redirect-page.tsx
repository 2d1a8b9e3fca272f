// /courses/redirect/{objectiveId}: sends the learner to the right place in a course (spec 2, redirect screen).
import { useEffect } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  ActivityType,
  idSchema,
  type ActivityNode,
  type EnrollmentAggregate,
} from '@portal/contracts';
import { flattenTree } from '@portal/domain';
import { ListLoading } from '../../components/course-list/list-loading.tsx';
import { activityTreeQuery, courseAggregateQuery } from './api/course-details-queries.ts';
import { CourseUnavailable } from '../../components/course-unavailable.tsx';
import { courseContentPath, courseDetailsPath } from './course-paths.ts';
import { IN_PROCTORING_IFRAME_PARAM, proctorPath } from '../proctoring/proctoring-paths.ts';

export interface RedirectQuery {
  activityId: string | null;
  activityPathId: string | null;
  /** Set by the platform when the learner's proctoring tool frames this page (spec §2). */
  inProctoringIframe?: boolean;
}

/**
 * Where the redirect screen goes, or 'tree' when it needs the attempt's activity tree first. Without an attempt:
 * details. With activityPathId: that activity, or the proctor route inside a proctoring iframe. A composite course with activityId: that activity's axis, or details
 * when the tree has no such activity. Anything else: content.
 */
export function redirectTarget(
  aggregate: EnrollmentAggregate,
  query: RedirectQuery,
  tree: ActivityNode | null,
): string | 'tree' {
  const objectiveId = aggregate.objective.id;
  if (aggregate.objectiveWorkflowAggregate.lastObjectiveWorkflow === null) {
    return courseDetailsPath(objectiveId);
  }
  // Inside the proctoring tool's frame even the root ('' path) is a proctored activity's place.
  if (query.activityPathId !== null && query.inProctoringIframe) {
    return proctorPath(objectiveId, query.activityPathId);
  }
  if (query.activityPathId) return courseContentPath(objectiveId, query.activityPathId);
  if (aggregate.objective.activity.type === ActivityType.composite && query.activityId) {
    if (tree === null) return 'tree';
    const node = flattenTree(tree).find(
      (candidate) => candidate.id === query.activityId && candidate.axis !== '',
    );
    return node ? courseContentPath(objectiveId, node.axis) : courseDetailsPath(objectiveId);
  }
  return courseContentPath(objectiveId);
}

export function CourseRedirectPage({ objectiveId }: { objectiveId: string }) {
  const valid = idSchema.safeParse(objectiveId).success;
  return valid ? <CourseRedirect objectiveId={objectiveId} /> : <CourseUnavailable />;
}

function CourseRedirect({ objectiveId }: { objectiveId: string }) {
  const { t } = useTranslation('courseDetails');
  const [params] = useSearchParams();
  const query: RedirectQuery = {
    activityId: params.get('activityId'),
    activityPathId: params.get('activityPathId'),
    inProctoringIframe: params.get(IN_PROCTORING_IFRAME_PARAM) === 'true',
  };
  const aggregate = useQuery(courseAggregateQuery(objectiveId));
  const workflowId = aggregate.data?.objectiveWorkflowAggregate.lastObjectiveWorkflow?.id ?? null;
  const first = aggregate.data ? redirectTarget(aggregate.data, query, null) : null;
  const tree = useQuery({
    ...activityTreeQuery(workflowId ?? ''),
    enabled: first === 'tree' && workflowId !== null,
  });
  const error = aggregate.error ?? tree.error;
  useEffect(() => {
    // Spec 8: the error is reported, then the course counts as not available.
    if (error) console.error('The redirect screen could not open the course', error);
  }, [error]);

  if (error) return <CourseUnavailable />;
  if (!aggregate.data || first === null) return <ListLoading label={t('redirect.loading')} />;
  if (first !== 'tree') return <Navigate to={first} replace />;
  if (!tree.data) return <ListLoading label={t('redirect.loading')} />;
  return <Navigate to={redirectTarget(aggregate.data, query, tree.data)} replace />;
}
