// The LTI 1.1 launch form: required fields, personal data by privacy level, custom names, a valid signature.
import { describe, expect, it } from 'vitest';
import { LtiVersion, type LtiPrivacyLevel } from '@portal/contracts';
import type { LaunchContext } from './launch-context.ts';
import { buildLti11LaunchForm, customFieldName } from './lti11-launch.ts';
import { queryParams, verifySignature } from './oauth1.ts';

const NOW = new Date('2026-03-15T12:00:00.000Z');
const LAUNCH_URL = 'https://legacy-tool.example/launch?tool_mode=quiz';
const OUTCOMES = 'https://portal.example/api/lti/v1/grading/outcomes';
const SECRET = 'legacy-shared-secret-123';

function aContext(
  overrides: { privacyLevel?: LtiPrivacyLevel } & Partial<LaunchContext> = {},
): LaunchContext {
  const { privacyLevel = 'name', ...rest } = overrides;
  return {
    tool: {
      id: 'tool-1',
      tenantId: 'tenant-1',
      name: 'Legacy tool',
      ltiVersion: LtiVersion.lti11,
      enabled: true,
      clientId: null,
      deploymentIds: [],
      loginUrl: null,
      redirectUris: [],
      jwksUrl: null,
      publicJwk: null,
      allowedScopes: [],
      targetLinkUri: LAUNCH_URL,
      privacyLevel,
      consumerKey: 'consumer-1',
      secretEncrypted: 'sealed',
      proctoring: false,
      created: NOW.toISOString(),
    },
    resource: {
      activityId: 'activity-1',
      toolId: 'tool-1',
      targetLinkUri: null,
      custom: { 'Chapter-Number': '3', level: 'hard', 'Ünit id': 'x y' },
      preferredWidth: null,
      preferredHeight: null,
    },
    resourceLink: { id: 'link-1', title: 'Quiz', description: null },
    context: { id: 'objective-1', title: 'Course one', label: 'C-1' },
    user: {
      subject: 'subject-abc',
      givenName: 'Ada',
      familyName: 'Lovelace',
      fullName: 'Ada Lovelace',
      email: 'ada@example.com',
    },
    roles: ['http://purl.imsglobal.org/vocab/lis/v2/membership#Learner'],
    targetLinkUri: LAUNCH_URL,
    returnUrl:
      'https://portal.example/learn/lti-tool-callback?objectiveId=objective-1&workflowId=w1',
    documentTarget: 'iframe',
    locale: 'de-DE',
    lineItemId: 'line-item-1',
    outcomeSourcedId: 'sourced-123',
    ...rest,
  };
}

const build = (context: LaunchContext = aContext(), now = NOW) =>
  buildLti11LaunchForm({
    context,
    consumerKey: 'consumer-1',
    secret: SECRET,
    outcomeServiceUrl: OUTCOMES,
    now,
  });

const PERSON_FIELDS = [
  'lis_person_name_full',
  'lis_person_name_given',
  'lis_person_name_family',
  'lis_person_contact_email_primary',
];

describe('buildLti11LaunchForm', () => {
  it('posts to the launch URL with every LTI 1.1 field', () => {
    const form = build();
    expect(form.action).toBe(LAUNCH_URL);
    expect(form.fields).toMatchObject({
      lti_message_type: 'basic-lti-launch-request',
      lti_version: 'LTI-1p0',
      resource_link_id: 'link-1',
      resource_link_title: 'Quiz',
      user_id: 'subject-abc',
      roles: 'Learner',
      context_id: 'objective-1',
      context_title: 'Course one',
      context_label: 'C-1',
      context_type: 'CourseSection',
      launch_presentation_return_url: aContext().returnUrl,
      launch_presentation_document_target: 'iframe',
      launch_presentation_locale: 'de-DE',
      tool_consumer_instance_guid: 'tenant-1',
      tool_consumer_info_product_family_code: 'learner-portal',
      lis_outcome_service_url: OUTCOMES,
      lis_result_sourcedid: 'sourced-123',
      oauth_consumer_key: 'consumer-1',
      oauth_signature_method: 'HMAC-SHA1',
      oauth_timestamp: String(NOW.getTime() / 1000),
      oauth_version: '1.0',
      oauth_callback: 'about:blank',
    });
    expect(form.fields.oauth_nonce).toMatch(/^[0-9a-f]{32}$/);
    expect(form.fields).not.toHaveProperty('resource_link_description');
  });

  it('leaves out fields without a value and the outcome service without a sourcedId', () => {
    const context = aContext({
      outcomeSourcedId: null,
      locale: null,
      context: { id: 'objective-1', title: 'Course one', label: null },
      documentTarget: 'window',
      resourceLink: { id: 'link-1', title: 'Quiz', description: 'About the quiz' },
    });
    const { fields } = build(context);
    for (const name of [
      'lis_outcome_service_url',
      'lis_result_sourcedid',
      'launch_presentation_locale',
      'context_label',
    ]) {
      expect(fields).not.toHaveProperty(name);
    }
    expect(fields.launch_presentation_document_target).toBe('window');
    expect(fields.resource_link_description).toBe('About the quiz');
  });

  it.each<[LtiPrivacyLevel, Record<string, string>]>([
    ['anonymous', {}],
    [
      'name',
      {
        lis_person_name_full: 'Ada Lovelace',
        lis_person_name_given: 'Ada',
        lis_person_name_family: 'Lovelace',
      },
    ],
    [
      'email',
      {
        lis_person_name_full: 'Ada Lovelace',
        lis_person_name_given: 'Ada',
        lis_person_name_family: 'Lovelace',
        lis_person_contact_email_primary: 'ada@example.com',
      },
    ],
  ])('sends exactly the personal data of privacy level %s', (privacyLevel, expected) => {
    const { fields } = build(aContext({ privacyLevel }));
    const person = Object.fromEntries(
      Object.entries(fields).filter(([name]) => PERSON_FIELDS.includes(name)),
    );
    expect(person).toEqual(expected);
    expect(fields.user_id).toBe('subject-abc');
  });

  it('names custom parameters as LTI 1.1 requires', () => {
    expect(customFieldName('Chapter-Number')).toBe('custom_chapter_number');
    expect(customFieldName('Ünit id')).toBe('custom__nit_id');
    const { fields } = build();
    expect(fields).toMatchObject({
      custom_chapter_number: '3',
      custom_level: 'hard',
      custom__nit_id: 'x y',
    });
    expect(Object.keys(fields).filter((name) => name.startsWith('custom_'))).toHaveLength(3);
  });

  it('is signed over the fields and the launch URL query with the shared secret', () => {
    const { action, fields } = build();
    const verify = (form: Record<string, string>, secret = SECRET) =>
      verifySignature({
        method: 'POST',
        url: action,
        params: [...Object.entries(form), ...queryParams(action)],
        signature: form.oauth_signature!,
        secret,
      });
    expect(verify(fields)).toBe(true);
    expect(verify(fields, 'another-secret')).toBe(false);
    expect(verify({ ...fields, roles: 'Instructor' })).toBe(false);
    expect(verify({ ...fields, lis_result_sourcedid: 'sourced-999' })).toBe(false);
    // Without the launch URL's query parameter the signature does not hold.
    expect(
      verifySignature({
        method: 'POST',
        url: action,
        params: Object.entries(fields),
        signature: fields.oauth_signature!,
        secret: SECRET,
      }),
    ).toBe(false);
  });

  it('is built fresh on every call: new nonce, current timestamp, new signature', () => {
    const first = build();
    const second = build();
    const later = build(aContext(), new Date(NOW.getTime() + 61_000));
    expect(second.fields.oauth_nonce).not.toBe(first.fields.oauth_nonce);
    expect(second.fields.oauth_signature).not.toBe(first.fields.oauth_signature);
    expect(later.fields.oauth_timestamp).toBe(String(NOW.getTime() / 1000 + 61));
  });
});
