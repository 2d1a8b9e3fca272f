// Query factories of the course details page: the learner's aggregate of one course, its attempts and scale.
import { queryOptions } from '@tanstack/react-query';
import {
  activityNodeSchema,
  enrollmentAggregateSchema,
  gradingScaleSchema,
  listEnvelopeSchema,
  objectiveRecordSchema,
  objectiveWorkflowSchema,
} from '@portal/contracts';
import { LMS_API, apiGet, apiQuery } from '../../../lib/api-client.ts';
import { learnerCourseKeys } from '../../../lib/course-query-keys.ts';

// Grading scales change only when an author edits them.
const REFERENCE_DATA_MS = 10 * 60 * 1000;
const MAX_ATTEMPTS_LISTED = 100;

export const courseDetailsKeys = {
  ...learnerCourseKeys,
  records: (objectiveId: string) => ['lms', 'objective-records', { objectiveId }] as const,
  scale: (scaleId: string) => ['lms', 'grading-scales', scaleId] as const,
};

/** The learner's enrolment aggregate of one course (404 when the learner has none). */
export const courseAggregateQuery = (objectiveId: string) =>
  queryOptions({
    queryKey: courseDetailsKeys.aggregate(objectiveId),
    queryFn: ({ signal }) =>
      apiGet(
        `${LMS_API}/users/me/objectives/${encodeURIComponent(objectiveId)}/objective-workflow-aggregate`,
        import.meta.env.PROD ? undefined : enrollmentAggregateSchema,
        { signal },
      ),
  });

/** Every result of the learner in this course, newest first (imported results included). */
export const objectiveRecordsQuery = (objectiveId: string) =>
  queryOptions({
    queryKey: courseDetailsKeys.records(objectiveId),
    queryFn: async ({ signal }) => {
      const page = await apiQuery(
        `${LMS_API}/objective-records/query`,
        import.meta.env.PROD ? undefined : listEnvelopeSchema(objectiveRecordSchema),
        {
          filter: ['objectiveId', '=', objectiveId],
          sort: [{ selector: 'created', desc: true }],
          take: MAX_ATTEMPTS_LISTED,
        },
        signal,
      );
      return page.data;
    },
  });

/** One attempt: carries protectResults, which the buttons and review rules read. */
export const objectiveWorkflowQuery = (workflowId: string) =>
  queryOptions({
    queryKey: courseDetailsKeys.workflow(workflowId),
    queryFn: ({ signal }) =>
      apiGet(
        `${LMS_API}/users/me/objective-workflows/${encodeURIComponent(workflowId)}`,
        import.meta.env.PROD ? undefined : objectiveWorkflowSchema,
        { signal },
      ),
  });

/** The attempt's whole activity tree (used by the redirect screen to find an activity's axis). */
export const activityTreeQuery = (workflowId: string) =>
  queryOptions({
    queryKey: courseDetailsKeys.tree(workflowId),
    queryFn: ({ signal }) =>
      apiGet(
        `${LMS_API}/users/me/objective-workflows/${encodeURIComponent(workflowId)}/activity-with-aggregates`,
        import.meta.env.PROD ? undefined : activityNodeSchema,
        { signal },
      ),
  });

export const gradingScaleQuery = (scaleId: string) =>
  queryOptions({
    queryKey: courseDetailsKeys.scale(scaleId),
    queryFn: async ({ signal }) => {
      const page = await apiQuery(
        `${LMS_API}/grading-scales/query`,
        import.meta.env.PROD ? undefined : listEnvelopeSchema(gradingScaleSchema),
        { filter: ['id', '=', scaleId], take: 1 },
        signal,
      );
      return page.data[0] ?? null;
    },
    staleTime: REFERENCE_DATA_MS,
  });
