// The platform's LTI endpoints, all under the portal's public origin (same site as the portal page, which
// the launch-binding cookie relies on: docs/decisions/0008).
export const LTI_API = '/api/lti/v1';
export const GRADING_API = `${LTI_API}/grading`;

export interface LtiUrls {
  issuer: string;
  jwks: string;
  authorization: string;
  token: string;
  lineItems(objectiveId: string): string;
  lineItem(objectiveId: string, lineItemId: string): string;
  outcomes: string;
  /** launch_presentation return URL; the web app's /lti-tool-callback. */
  toolCallback(objectiveId: string, objectiveWorkflowId: string, axis: string): string;
}

export function ltiUrls(publicUrl: string): LtiUrls {
  const base = publicUrl.replace(/\/+$/, '');
  return {
    issuer: base,
    jwks: `${base}${LTI_API}/.well-known/jwks.json`,
    authorization: `${base}${LTI_API}/auth`,
    token: `${base}${LTI_API}/token`,
    lineItems: (objectiveId) =>
      `${base}${GRADING_API}/contexts/${encodeURIComponent(objectiveId)}/lineitems`,
    lineItem: (objectiveId, lineItemId) =>
      `${base}${GRADING_API}/contexts/${encodeURIComponent(objectiveId)}/lineitems/${encodeURIComponent(lineItemId)}`,
    outcomes: `${base}${GRADING_API}/outcomes`,
    toolCallback: (objectiveId, objectiveWorkflowId, axis) => {
      const query = new URLSearchParams({ objectiveId, workflowId: objectiveWorkflowId });
      if (axis) query.set('activityPathId', axis);
      return `${base}/learn/lti-tool-callback?${query.toString()}`;
    },
  };
}
