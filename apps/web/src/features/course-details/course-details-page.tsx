// /courses/{objectiveId}[/view/details | /{aggregateId}]: the learner's course details, or the unavailable page.
import { useEffect, useState } from 'react';
import { Navigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { idSchema, type EnrollmentAggregate } from '@portal/contracts';
import { ApiError, unknownErrorText } from '../../lib/api-client.ts';
import { showToast } from '../../lib/toast.ts';
import { LoadFailed } from '../../components/course-list/load-failed.tsx';
import { gradingScaleQuery, objectiveRecordsQuery } from './api/course-details-queries.ts';
import { CourseDetailsView } from './components/course-details-view.tsx';
import { CourseDetailsSkeleton } from './components/course-details-skeleton.tsx';
import { CourseUnavailable } from '../../components/course-unavailable.tsx';
import { useCourseDetailsAnalytics } from './course-details-analytics.ts';
import { useCourseOverview } from './use-course-overview.ts';

// Spec 8: these statuses on loading a course mean "not available"; anything else is an unknown error.
export const UNAVAILABLE_STATUSES: ReadonlySet<number> = new Set([400, 401, 403, 404]);

export function isUnavailableError(error: unknown): boolean {
  return error instanceof ApiError && UNAVAILABLE_STATUSES.has(error.status);
}

/**
 * Spec 4 access redirect: a catalog course the learner has not taken up (not mandatory, not self-enrolled, no
 * attempt or result) belongs on its catalog page, where joining it is the one thing to do.
 */
export function belongsInCatalog(aggregate: EnrollmentAggregate): boolean {
  const { isSelfEnrolled, lastObjectiveWorkflow, lastObjectiveRecord } =
    aggregate.objectiveWorkflowAggregate;
  return (
    aggregate.showInCatalog &&
    !aggregate.isMandatory &&
    !isSelfEnrolled &&
    lastObjectiveWorkflow === null &&
    lastObjectiveRecord === null
  );
}

export function CourseDetailsPage({ objectiveId }: { objectiveId: string }) {
  const valid = idSchema.safeParse(objectiveId).success;
  return valid ? <CourseDetails objectiveId={objectiveId} /> : <CourseUnavailable />;
}

function CourseDetails({ objectiveId }: { objectiveId: string }) {
  const { t } = useTranslation('courseDetails');
  const [now] = useState(() => new Date());
  const { aggregate, tree, derived } = useCourseOverview(objectiveId, now);
  const records = useQuery({
    ...objectiveRecordsQuery(objectiveId),
    enabled: aggregate.isSuccess,
  });
  const scaleId = aggregate.data?.objective.gradingScaleId ?? null;
  const scale = useQuery({ ...gradingScaleQuery(scaleId ?? ''), enabled: scaleId !== null });
  useCourseDetailsAnalytics(aggregate.data);

  const failedOtherwise = aggregate.isError && !isUnavailableError(aggregate.error);
  useEffect(() => {
    if (failedOtherwise) showToast({ kind: 'critical', message: unknownErrorText() });
  }, [failedOtherwise]);

  // The attempts, the grading scale and the passing score (from the tree) change what the page shows; it
  // waits for them behind a placeholder of its final layout rather than growing as each arrives.
  const loading = (query: { isPending: boolean; fetchStatus: string }) =>
    query.isPending && query.fetchStatus !== 'idle';
  if (aggregate.isPending || [records, scale, tree].some(loading)) {
    return <CourseDetailsSkeleton label={t('page.loading')} />;
  }
  if (aggregate.isError) {
    if (isUnavailableError(aggregate.error)) return <CourseUnavailable />;
    return <LoadFailed title={t('errors.unknown')} onRetry={() => void aggregate.refetch()} />;
  }
  if (!derived) return null;
  if (belongsInCatalog(aggregate.data)) {
    return <Navigate to={`/catalog/${aggregate.data.objective.id}`} replace />;
  }
  return (
    <CourseDetailsView
      aggregate={aggregate.data}
      buttons={derived.buttons}
      records={records.data ?? []}
      scale={scale.data ?? null}
      passingScore={
        scaleId !== null
          ? (scale.data?.normalizedPassingScore ?? null)
          : (tree.data?.normalizedPassingScore ?? null)
      }
      supportReview={derived.supportReview}
      now={now}
    />
  );
}
