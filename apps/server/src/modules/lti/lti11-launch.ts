// The LTI 1.1 basic launch: the form fields of a learner's launch, signed with OAuth 1.0a HMAC-SHA1.
import type { LaunchContext } from './launch-context.ts';
import { signForm } from './oauth1.ts';

export const LTI11_PRODUCT_FAMILY_CODE = 'learner-portal';

/** LTI 1.1 custom parameter name: `custom_` + the key lower-cased, every non-alphanumeric as `_`. */
export function customFieldName(key: string): string {
  return `custom_${key.toLowerCase().replace(/[^a-z0-9]/g, '_')}`;
}

/** The personal fields the tool's privacy level allows: names from `name`, names and e-mail from `email`. */
function personFields(context: LaunchContext): Record<string, string> {
  const level = context.tool.privacyLevel;
  if (level === 'anonymous') return {};
  const { user } = context;
  const names = {
    lis_person_name_full: user.fullName,
    lis_person_name_given: user.givenName,
    lis_person_name_family: user.familyName,
  };
  return level === 'email' ? { ...names, lis_person_contact_email_primary: user.email } : names;
}

function customFields(custom: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(custom).map(([key, value]) => [customFieldName(key), value]),
  );
}

/** Fields whose value is null are left out rather than sent empty. */
function present(fields: Record<string, string | null>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(fields).filter((entry): entry is [string, string] => entry[1] !== null),
  );
}

function launchFields(context: LaunchContext, outcomeServiceUrl: string): Record<string, string> {
  return {
    ...customFields(context.resource.custom),
    ...present({
      lti_message_type: 'basic-lti-launch-request',
      lti_version: 'LTI-1p0',
      resource_link_id: context.resourceLink.id,
      resource_link_title: context.resourceLink.title,
      resource_link_description: context.resourceLink.description,
      user_id: context.user.subject,
      roles: 'Learner',
      context_id: context.context.id,
      context_title: context.context.title,
      context_label: context.context.label,
      context_type: 'CourseSection',
      launch_presentation_return_url: context.returnUrl,
      launch_presentation_document_target: context.documentTarget,
      launch_presentation_locale: context.locale,
      tool_consumer_instance_guid: context.tool.tenantId,
      tool_consumer_info_product_family_code: LTI11_PRODUCT_FAMILY_CODE,
      lis_outcome_service_url: context.outcomeSourcedId === null ? null : outcomeServiceUrl,
      lis_result_sourcedid: context.outcomeSourcedId,
    }),
    ...personFields(context),
  };
}

/**
 * The signed launch form for `context`, posted by the browser to the tool's launch URL. Never cached:
 * every call has a fresh nonce and timestamp, so the form can be used once.
 */
export function buildLti11LaunchForm(input: {
  context: LaunchContext;
  consumerKey: string;
  secret: string;
  outcomeServiceUrl: string;
  now: Date;
}): { action: string; fields: Record<string, string> } {
  const action = input.context.targetLinkUri;
  const fields = signForm({
    url: action,
    fields: launchFields(input.context, input.outcomeServiceUrl),
    consumerKey: input.consumerKey,
    secret: input.secret,
    now: input.now,
  });
  return { action, fields };
}
