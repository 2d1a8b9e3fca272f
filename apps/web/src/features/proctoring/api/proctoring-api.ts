// Proctored activities (docs/decisions/0028): the last proctoring session of an activity workflow, the single-use
// start token that opens the proctoring tool, and the LtiEndAssessment form posted to the top window at the end.
import { queryOptions } from '@tanstack/react-query';
import {
  proctoringSessionSchema,
  proctoringStartTokenSchema,
  resourceFormSchema,
  type ProctoringSession,
  type ProctoringStartToken,
  type ResourceForm,
} from '@portal/contracts';
import { ApiError, LMS_API, apiGet } from '../../../lib/api-client.ts';

const enc = encodeURIComponent;
const sessionPath = (objectiveWorkflowId: string, activityWorkflowId: string) =>
  `${LMS_API}/users/me/objective-workflows/${enc(objectiveWorkflowId)}/activity-workflows/${enc(
    activityWorkflowId,
  )}/last-proctoring-session`;

export const proctoringKeys = {
  /** Everything proctoring of one attempt (invalidated together). */
  all: (objectiveWorkflowId: string) => ['lms', 'proctoring', objectiveWorkflowId] as const,
  lastSession: (objectiveWorkflowId: string, activityWorkflowId: string) =>
    ['lms', 'proctoring', objectiveWorkflowId, activityWorkflowId, 'last-session'] as const,
};

/** The activity workflow's last proctoring session; null when it has none (404). */
export async function fetchLastProctoringSession(
  objectiveWorkflowId: string,
  activityWorkflowId: string,
  signal?: AbortSignal,
): Promise<ProctoringSession | null> {
  try {
    return await apiGet(
      sessionPath(objectiveWorkflowId, activityWorkflowId),
      import.meta.env.PROD ? undefined : proctoringSessionSchema,
      { signal },
    );
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export function lastProctoringSessionQuery(
  objectiveWorkflowId: string,
  activityWorkflowId: string,
) {
  return queryOptions({
    queryKey: proctoringKeys.lastSession(objectiveWorkflowId, activityWorkflowId),
    queryFn: ({ signal }) =>
      fetchLastProctoringSession(objectiveWorkflowId, activityWorkflowId, signal),
  });
}

/** A fresh start token; the browser then navigates the whole window to its startUrl. */
export function fetchProctoringStartToken(
  objectiveWorkflowId: string,
  activityWorkflowId: string,
  activityPathId: string,
): Promise<ProctoringStartToken> {
  return apiGet(
    `${sessionPath(objectiveWorkflowId, activityWorkflowId)}/start-token`,
    import.meta.env.PROD ? undefined : proctoringStartTokenSchema,
    { query: new URLSearchParams({ activityPathId }) },
  );
}

/** The LtiEndAssessment launch of a finished session, posted with target _top. */
export function fetchProctoringEndForm(
  objectiveWorkflowId: string,
  activityWorkflowId: string,
): Promise<ResourceForm> {
  return apiGet(
    `${sessionPath(objectiveWorkflowId, activityWorkflowId)}/end-form`,
    import.meta.env.PROD ? undefined : resourceFormSchema,
  );
}
