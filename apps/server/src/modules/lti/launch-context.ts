// What a launch is about, resolved once by the resource-form route and handed to the LTI 1.3 claim
// builder or the LTI 1.1 form builder.
import type { LtiActivityResource, LtiToolRecord } from './tools.repository.ts';

export interface LaunchContext {
  tool: LtiToolRecord;
  resource: LtiActivityResource;
  resourceLink: { id: string; title: string; description: string | null };
  /** The course: LTI context. */
  context: { id: string; title: string; label: string | null };
  user: {
    /** The tool's pseudonymous id of the user (subjects.ts). */
    subject: string;
    givenName: string;
    familyName: string;
    fullName: string;
    email: string;
  };
  /** LIS v2 context roles, e.g. http://purl.imsglobal.org/vocab/lis/v2/membership#Learner */
  roles: string[];
  targetLinkUri: string;
  /** Where the tool sends the learner back: the web app's /lti-tool-callback. */
  returnUrl: string;
  documentTarget: 'iframe' | 'window';
  locale: string | null;
  /** The AGS line item bound to this resource link (LTI 1.3) and the LTI 1.1 outcome source. */
  lineItemId: string;
  /** Only for LTI 1.1: the unforgeable lis_result_sourcedid. */
  outcomeSourcedId: string | null;
}
