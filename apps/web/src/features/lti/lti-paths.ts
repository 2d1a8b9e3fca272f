// Addresses of the LTI screens, and the one place that leaves the single-page app with a full page load.
import { APP_BASENAME } from '../../app/paths.ts';

const enc = encodeURIComponent;

/** /courses/{objectiveId}/workflow/{workflowId}/view[?activityPathId=axis]: the full-screen LTI view. */
export function workflowViewPath(objectiveId: string, workflowId: string, axis = ''): string {
  const base = `/courses/${enc(objectiveId)}/workflow/${enc(workflowId)}/view`;
  return axis ? `${base}?${new URLSearchParams({ activityPathId: axis }).toString()}` : base;
}

/** The course details, where a tool's return lands. */
export const courseDetailsPath = (objectiveId: string) => `/courses/${enc(objectiveId)}`;

/** The full-page navigation of the LTI start flow (an object, so tests can replace it). */
export const pageNavigation = {
  assign(url: string): void {
    window.location.assign(url);
  },
};

/** Spec 4: an LTI course's start flow ends with a full page reload to the workflow view. */
export function reloadToWorkflowView(objectiveId: string, workflowId: string): void {
  pageNavigation.assign(`${APP_BASENAME}${workflowViewPath(objectiveId, workflowId)}`);
}
