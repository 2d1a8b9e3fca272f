// The learner's launch calls: get-or-create the placement's resource link, then fetch a fresh single-use form.
import { queryOptions } from '@tanstack/react-query';
import { resourceFormSchema, resourceLinkSchema, type ResourceForm } from '@portal/contracts';
import { ApiError, LMS_API, apiFetch, apiGet, contractBody } from '../../../lib/api-client.ts';

const enc = encodeURIComponent;
const objectiveWorkflowPath = (objectiveWorkflowId: string) =>
  `${LMS_API}/objective-workflows/${enc(objectiveWorkflowId)}`;

/** What one launch is about: the attempt, the activity workflows root first, and the axis's part ids. */
export interface LaunchTarget {
  objectiveWorkflowId: string;
  activityWorkflowIds: string[];
  activityPartIds: string[];
}

/** POST resource-link with repeated query keys (activityWorkflowIds=..&activityWorkflowIds=..). */
export async function requestResourceLink(target: LaunchTarget, signal?: AbortSignal) {
  const query = new URLSearchParams();
  for (const id of target.activityWorkflowIds) query.append('activityWorkflowIds', id);
  for (const id of target.activityPartIds) query.append('activityPartIds', id);
  const response = await apiFetch(
    'POST',
    `${objectiveWorkflowPath(target.objectiveWorkflowId)}/resource-link`,
    { query, signal },
  );
  return contractBody(resourceLinkSchema, await response.json());
}

/** GET resource-form/{activity workflow ids joined by "/"}: single use, it also sets the binding cookie. */
export function fetchResourceForm(target: LaunchTarget, signal?: AbortSignal) {
  const ids = target.activityWorkflowIds.map(enc).join('/');
  return apiGet(
    `${objectiveWorkflowPath(target.objectiveWorkflowId)}/resource-form/${ids}`,
    import.meta.env.PROD ? undefined : resourceFormSchema,
    { signal },
  );
}

/** A refusal (4xx) will not change by asking again; a network or server hiccup may. */
export function shouldRetryLaunch(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status < 500) return false;
  return failureCount < 1;
}

/**
 * One launch: `launchId` is new for every launch (mount, "Try again"), so a form is never served from the cache,
 * and nothing refetches it behind the page's back (a refetch would be a second launch).
 */
export function ltiLaunchQuery(target: LaunchTarget, launchId: string) {
  return queryOptions<ResourceForm>({
    queryKey: [
      'lti',
      'launch',
      target.objectiveWorkflowId,
      target.activityWorkflowIds.join('/'),
      launchId,
    ],
    queryFn: async ({ signal }) => {
      await requestResourceLink(target, signal);
      return fetchResourceForm(target, signal);
    },
    staleTime: 0,
    gcTime: 0,
    retry: shouldRetryLaunch,
    refetchOnMount: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}
