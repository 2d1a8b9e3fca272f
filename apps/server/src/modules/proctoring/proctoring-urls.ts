// URLs of the proctoring flow (docs/decisions/0028).
import { LTI_API } from '../lti/lti-urls.ts';

export const PROCTORING_API = `${LTI_API}/proctoring`;

export interface ProctoringUrls {
  /** Where the browser goes with a start token (GET, top-level). */
  start(token: string): string;
  /** Where the tool's page posts LtiStartAssessment (form field JWT). */
  startAssessment: string;
  /** Where an accepted LtiStartAssessment leads, inside the tool's iframe. */
  redirect(objectiveId: string, activityPathId: string): string;
  /** launch_presentation.return_url: the course content. */
  courseContent(objectiveId: string): string;
}

export function proctoringUrls(publicUrl: string): ProctoringUrls {
  const base = publicUrl.replace(/\/+$/, '');
  return {
    start: (token) => `${base}${PROCTORING_API}/start?${new URLSearchParams({ token }).toString()}`,
    startAssessment: `${base}${PROCTORING_API}/start-assessment`,
    redirect: (objectiveId, activityPathId) =>
      `${base}/learn/courses/redirect/${encodeURIComponent(objectiveId)}?${new URLSearchParams({
        activityPathId,
        inProctoringIframe: 'true',
      }).toString()}`,
    courseContent: (objectiveId) =>
      `${base}/learn/courses/${encodeURIComponent(objectiveId)}/view/content`,
  };
}

/**
 * The tool's proctoring endpoint (the target_link_uri of its proctoring messages): `proctoring` beside its
 * registered launch URL, e.g. https://tool.example/launch → https://tool.example/proctoring.
 */
export function toolProctoringUrl(toolTargetLinkUri: string): string {
  return new URL('proctoring', toolTargetLinkUri).toString();
}
