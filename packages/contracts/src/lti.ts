// LTI platform contracts: tool registrations (admin API), the learner's launch calls, and AGS bodies.
import { z } from 'zod';
import { idSchema } from './common.ts';

/** The platform's LtiVersion codes. */
export const LtiVersion = { lti11: 1, lti13: 3 } as const;
export type LtiVersion = (typeof LtiVersion)[keyof typeof LtiVersion];

/** Which personal claims a launch carries: none, the name, or the name and e-mail. */
export const ltiPrivacyLevelSchema = z.enum(['anonymous', 'name', 'email']);
export type LtiPrivacyLevel = z.infer<typeof ltiPrivacyLevelSchema>;

export const AgsScope = {
  lineItem: 'https://purl.imsglobal.org/spec/lti-ags/scope/lineitem',
  lineItemReadOnly: 'https://purl.imsglobal.org/spec/lti-ags/scope/lineitem.readonly',
  resultReadOnly: 'https://purl.imsglobal.org/spec/lti-ags/scope/result.readonly',
  score: 'https://purl.imsglobal.org/spec/lti-ags/scope/score',
} as const;
export const AGS_SCOPES: readonly string[] = Object.values(AgsScope);

export const AgsMediaType = {
  lineItem: 'application/vnd.ims.lis.v2.lineitem+json',
  lineItemContainer: 'application/vnd.ims.lis.v2.lineitemcontainer+json',
  score: 'application/vnd.ims.lis.v1.score+json',
  resultContainer: 'application/vnd.ims.lis.v2.resultcontainer+json',
} as const;

const httpUrl = z
  .url({ protocol: /^https?$/ })
  .max(2048)
  .describe('an http(s) URL');
const shortText = z.string().trim().min(1).max(255);

const lti13Registration = z
  .object({
    ltiVersion: z.literal(LtiVersion.lti13),
    name: shortText,
    /** Issued by the platform when absent. */
    clientId: shortText.optional(),
    /** One deployment is issued when absent. */
    deploymentIds: z.array(shortText).min(1).max(20).optional(),
    loginUrl: httpUrl,
    redirectUris: z.array(httpUrl).min(1).max(20),
    targetLinkUri: httpUrl,
    jwksUrl: httpUrl.optional(),
    /** A public RSA JWK, when the tool has no JWKS URL. */
    publicJwk: z
      .object({ kty: z.literal('RSA'), n: z.string(), e: z.string(), kid: z.string().optional() })
      .loose()
      .optional(),
    allowedScopes: z
      .array(z.enum(AGS_SCOPES as [string, ...string[]]))
      .max(10)
      .default([]),
    privacyLevel: ltiPrivacyLevelSchema.default('anonymous'),
    /** The tool may proctor activities (LTI Proctoring Services; docs/decisions/0028). */
    proctoring: z.boolean().optional(),
  })
  .strict()
  .refine((value) => (value.jwksUrl === undefined) !== (value.publicJwk === undefined), {
    message: 'Give either jwksUrl or publicJwk.',
    path: ['jwksUrl'],
  });

const lti11Registration = z
  .object({
    ltiVersion: z.literal(LtiVersion.lti11),
    name: shortText,
    /** The launch URL. */
    targetLinkUri: httpUrl,
    consumerKey: shortText,
    secret: z.string().min(16).max(255),
    privacyLevel: ltiPrivacyLevelSchema.default('anonymous'),
  })
  .strict();

/** POST /api/lti/v1/tools (permission LtiTool.Manage). */
export const ltiToolRegistrationSchema = z.union([lti13Registration, lti11Registration]);
export type LtiToolRegistration = z.infer<typeof ltiToolRegistrationSchema>;

/** A registered tool as the admin API returns it: never the LTI 1.1 secret. */
export const ltiToolSchema = z.object({
  id: idSchema,
  name: z.string(),
  ltiVersion: z.number().int(),
  enabled: z.boolean(),
  clientId: z.string().nullable(),
  deploymentIds: z.array(z.string()),
  loginUrl: z.string().nullable(),
  redirectUris: z.array(z.string()),
  targetLinkUri: z.string(),
  jwksUrl: z.string().nullable(),
  hasPublicJwk: z.boolean(),
  allowedScopes: z.array(z.string()),
  privacyLevel: ltiPrivacyLevelSchema,
  consumerKey: z.string().nullable(),
  /** May proctor activities (LTI Proctoring Services). */
  proctoring: z.boolean(),
  created: z.string(),
  /** What the tool needs to know about the platform (LTI 1.3). */
  platform: z
    .object({
      issuer: z.string(),
      authorizationEndpoint: z.string(),
      tokenEndpoint: z.string(),
      jwksUrl: z.string(),
    })
    .nullable(),
});
export type LtiTool = z.infer<typeof ltiToolSchema>;

/** PUT /api/platform/v1/lti-tools/{id}/proctoring: whether an LTI 1.3 tool may proctor activities. */
export const ltiToolProctoringSchema = z.object({ proctoring: z.boolean() }).strict();

/** Query of POST users/me/objective-workflows/{id}/resource-link: the chain from the root down. */
export const resourceLinkQuerySchema = z
  .object({
    activityWorkflowIds: z.array(idSchema).min(1).max(32),
    activityPartIds: z.array(idSchema).max(32).default([]),
  })
  .strict();

/** Response of resource-link: the stable link of this placement and what it launches. */
export const resourceLinkSchema = z.object({
  resourceLinkId: idSchema,
  targetLinkUri: z.string(),
  ltiVersion: z.number().int(),
});
export type ResourceLink = z.infer<typeof resourceLinkSchema>;

/**
 * Response of GET resource-form/...: a form the browser builds and submits (never innerHTML) into the
 * activity's iframe. Built fresh on every call; it is single-use.
 */
export const resourceFormSchema = z.object({
  action: z.string(),
  method: z.literal('POST'),
  fields: z.record(z.string(), z.string()),
  /** 1 fullscreen, 2 embedded auto, 3 embedded custom */
  displayMode: z.number().int(),
  preferredWidth: z.number().int().nullable(),
  preferredHeight: z.number().int().nullable(),
});
export type ResourceForm = z.infer<typeof resourceFormSchema>;

export const activityProgressSchema = z.enum([
  'Initialized',
  'Started',
  'InProgress',
  'Submitted',
  'Completed',
]);
export const gradingProgressSchema = z.enum([
  'FullyGraded',
  'Pending',
  'PendingManual',
  'Failed',
  'NotReady',
]);

/** AGS score (POST {lineitem}/scores). Unknown members are ignored, as AGS allows extensions. */
export const agsScoreSchema = z
  .object({
    userId: z.string().min(1).max(255),
    timestamp: z.iso.datetime({ offset: true }),
    scoreGiven: z.number().min(0).finite().optional(),
    scoreMaximum: z.number().positive().finite().optional(),
    comment: z.string().max(10000).optional(),
    activityProgress: activityProgressSchema,
    gradingProgress: gradingProgressSchema,
  })
  .refine((score) => score.scoreGiven === undefined || score.scoreMaximum !== undefined, {
    message: 'scoreMaximum is required with scoreGiven.',
    path: ['scoreMaximum'],
  });
export type AgsScore = z.infer<typeof agsScoreSchema>;

/** AGS line item body (POST lineitems, PUT lineitem). */
export const agsLineItemInputSchema = z.object({
  label: z.string().trim().min(1).max(255),
  scoreMaximum: z.number().positive().finite(),
  resourceLinkId: z.string().max(255).optional(),
  resourceId: z.string().max(255).optional(),
  tag: z.string().max(255).optional(),
  startDateTime: z.iso.datetime({ offset: true }).optional(),
  endDateTime: z.iso.datetime({ offset: true }).optional(),
});
export type AgsLineItemInput = z.infer<typeof agsLineItemInputSchema>;
