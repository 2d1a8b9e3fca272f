// Verifies an LTI 1.3 launch id_token (signature, audience, age, nonce, LTI claims) and reads it by message type:
// a resource link launch (the quiz), LtiStartProctoring and LtiEndAssessment (LTI Proctoring Services, proctoring.ts).
import { createRemoteJWKSet, errors, jwtVerify, type JWTPayload } from 'jose';
import type { PlatformRegistration } from './config.ts';

export const LTI_CLAIM = 'https://purl.imsglobal.org/spec/lti/claim/';
export const AGS_ENDPOINT_CLAIM = 'https://purl.imsglobal.org/spec/lti-ags/claim/endpoint';
export const AGS_SCORE_SCOPE = 'https://purl.imsglobal.org/spec/lti-ags/scope/score';
export const AP_CLAIM = 'https://purl.imsglobal.org/spec/lti-ap/claim/';

/** What the tool keeps from a verified launch. */
export interface LaunchClaims {
  sub: string;
  resourceLinkId: string;
  resourceLinkTitle: string | undefined;
  lineItemUrl: string | undefined;
  agsScopes: string[];
  returnUrl: string | undefined;
  custom: Record<string, string>;
}

/** A launch the tool refuses; the message names what failed and is safe to show. */
export class LaunchError extends Error {}

type JwksResolver = ReturnType<typeof createRemoteJWKSet>;

/** One remote key set per platform JWKS URL, so keys are cached between launches. */
export class PlatformKeySets {
  private readonly sets = new Map<string, JwksResolver>();

  for(platform: PlatformRegistration): JwksResolver {
    let set = this.sets.get(platform.jwksUrl);
    if (!set) {
      set = createRemoteJWKSet(new URL(platform.jwksUrl), { timeoutDuration: 5000 });
      this.sets.set(platform.jwksUrl, set);
    }
    return set;
  }
}

export interface ExpectedLaunch {
  platform: PlatformRegistration;
  nonce: string;
  targetLinkUri: string;
}

function describeJoseError(error: unknown): string {
  if (error instanceof errors.JWTExpired) {
    return error.claim === 'iat'
      ? 'The launch token was issued too long ago (iat).'
      : 'The launch token has expired.';
  }
  if (error instanceof errors.JWTClaimValidationFailed) {
    if (error.claim === 'aud') return 'The launch token is not addressed to this tool (aud).';
    if (error.claim === 'iss') return 'The launch token comes from another issuer (iss).';
    if (error.claim === 'iat') return 'The launch token is issued in the future (iat).';
    return `The launch token's "${error.claim}" claim is invalid: ${error.reason}.`;
  }
  if (error instanceof errors.JWSSignatureVerificationFailed) {
    return 'The launch token signature does not verify with the platform keys.';
  }
  if (error instanceof errors.JWKSNoMatchingKey) {
    return 'No key of the platform matches the launch token (kid).';
  }
  if (error instanceof errors.JOSEAlgNotAllowed)
    return 'The launch token is not signed with RS256.';
  if (error instanceof errors.JWKSTimeout || error instanceof errors.JWKSInvalid) {
    return 'The platform keys (JWKS) could not be loaded.';
  }
  if (error instanceof errors.JOSEError) return 'The launch token is malformed or invalid.';
  return 'The platform keys (JWKS) could not be loaded.';
}

async function verifySignedToken(
  idToken: string,
  expected: ExpectedLaunch,
  keys: JwksResolver,
): Promise<JWTPayload> {
  try {
    const { payload } = await jwtVerify(idToken, keys, {
      algorithms: ['RS256'],
      issuer: expected.platform.issuer,
      audience: expected.platform.clientId,
      maxTokenAge: '60s',
      clockTolerance: 5,
      requiredClaims: ['exp', 'iat'],
    });
    return payload;
  } catch (error) {
    throw new LaunchError(describeJoseError(error));
  }
}

function claim(payload: JWTPayload, name: string): unknown {
  return payload[`${LTI_CLAIM}${name}`];
}

function ensure(condition: boolean, message: string): asserts condition {
  if (!condition) throw new LaunchError(message);
}

function optionalString(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

function optionalHttpUrl(value: unknown): string | undefined {
  const text = optionalString(value);
  if (!text) return undefined;
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.toString() : undefined;
  } catch {
    return undefined;
  }
}

function checkAudienceParty(payload: JWTPayload, clientId: string): void {
  const audiences = Array.isArray(payload.aud) ? payload.aud : [payload.aud];
  if (audiences.length > 1 || payload.azp !== undefined) {
    ensure(payload.azp === clientId, 'The launch token names another authorized party (azp).');
  }
}

function stringMap(value: unknown): Record<string, string> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return {};
  const result: Record<string, string> = {};
  for (const [key, entry] of Object.entries(value)) {
    if (typeof entry === 'string') result[key] = entry;
    else if (typeof entry === 'number' || typeof entry === 'boolean') result[key] = String(entry);
  }
  return result;
}

function readAgs(payload: JWTPayload): Pick<LaunchClaims, 'lineItemUrl' | 'agsScopes'> {
  const endpoint = payload[AGS_ENDPOINT_CLAIM] as Record<string, unknown> | undefined;
  if (typeof endpoint !== 'object' || endpoint === null) {
    return { lineItemUrl: undefined, agsScopes: [] };
  }
  const scopes = Array.isArray(endpoint.scope)
    ? endpoint.scope.filter((s): s is string => typeof s === 'string')
    : [];
  return { lineItemUrl: optionalHttpUrl(endpoint.lineitem), agsScopes: scopes };
}

/** The user the platform names in a launch (OpenID Connect standard claims), as far as it sent them. */
export interface LaunchUser {
  name: string | undefined;
  givenName: string | undefined;
  familyName: string | undefined;
  email: string | undefined;
}

/** LtiStartProctoring: what the proctoring start page and its LtiStartAssessment answer need. */
export interface StartProctoringClaims {
  sub: string;
  deploymentId: string;
  resourceLinkId: string;
  resourceLinkTitle: string | undefined;
  attemptNumber: number;
  sessionData: string;
  startAssessmentUrl: string;
  user: LaunchUser;
  returnUrl: string | undefined;
}

/** LtiEndAssessment: the learner finished the proctored activity. */
export interface EndAssessmentClaims {
  sub: string;
  resourceLinkId: string;
  resourceLinkTitle: string | undefined;
  attemptNumber: number | undefined;
  /** The start's session_data, echoed by the platform (when it sends it). */
  sessionData: string | undefined;
  user: LaunchUser;
  returnUrl: string | undefined;
}

export type VerifiedLaunch =
  | { messageType: 'LtiResourceLinkRequest'; claims: LaunchClaims }
  | { messageType: 'LtiStartProctoring'; claims: StartProctoringClaims }
  | { messageType: 'LtiEndAssessment'; claims: EndAssessmentClaims };

/** An http(s) URL on the platform issuer's origin (without credentials), else undefined. */
export function urlOnIssuerOrigin(value: unknown, issuer: string): string | undefined {
  const text = optionalHttpUrl(value);
  if (!text) return undefined;
  const url = new URL(text);
  let issuerOrigin: string;
  try {
    issuerOrigin = new URL(issuer).origin;
  } catch {
    return undefined;
  }
  return url.origin === issuerOrigin && !url.username && !url.password ? text : undefined;
}

function readUser(payload: JWTPayload): LaunchUser {
  return {
    name: optionalString(payload.name),
    givenName: optionalString(payload.given_name),
    familyName: optionalString(payload.family_name),
    email: optionalString(payload.email),
  };
}

function readAttemptNumber(value: unknown): number | undefined {
  const number = typeof value === 'string' && /^\d{1,9}$/.test(value) ? Number(value) : value;
  return typeof number === 'number' && Number.isInteger(number) && number >= 1 ? number : undefined;
}

interface CommonClaims {
  sub: string;
  resourceLinkId: string;
  resourceLinkTitle: string | undefined;
  presentation: Record<string, unknown> | undefined;
}

const MESSAGE_TYPES = ['LtiResourceLinkRequest', 'LtiStartProctoring', 'LtiEndAssessment'];

function readCommonClaims(payload: JWTPayload, expected: ExpectedLaunch): CommonClaims {
  ensure(payload.nonce === expected.nonce, 'The launch token nonce does not match this login.');
  ensure(claim(payload, 'version') === '1.3.0', 'The launch is not LTI version 1.3.0.');
  ensure(
    MESSAGE_TYPES.includes(claim(payload, 'message_type') as string),
    'The launch is not a resource link or proctoring launch (message_type).',
  );
  ensure(
    claim(payload, 'deployment_id') === expected.platform.deploymentId,
    'The launch comes from an unknown deployment (deployment_id).',
  );
  ensure(
    claim(payload, 'target_link_uri') === expected.targetLinkUri,
    'The launch targets another address than the login did (target_link_uri).',
  );
  const resourceLink = claim(payload, 'resource_link') as Record<string, unknown> | undefined;
  const resourceLinkId = optionalString(resourceLink?.id);
  ensure(resourceLinkId !== undefined, 'The launch names no resource link (resource_link.id).');
  const sub = optionalString(payload.sub);
  ensure(sub !== undefined, 'The launch names no user (sub).');
  return {
    sub,
    resourceLinkId,
    resourceLinkTitle: optionalString(resourceLink?.title),
    presentation: claim(payload, 'launch_presentation') as Record<string, unknown> | undefined,
  };
}

function readResourceLinkClaims(payload: JWTPayload, common: CommonClaims): LaunchClaims {
  return {
    sub: common.sub,
    resourceLinkId: common.resourceLinkId,
    resourceLinkTitle: common.resourceLinkTitle,
    ...readAgs(payload),
    returnUrl: optionalHttpUrl(common.presentation?.return_url),
    custom: stringMap(claim(payload, 'custom')),
  };
}

function readStartProctoringClaims(
  payload: JWTPayload,
  common: CommonClaims,
  platform: PlatformRegistration,
): StartProctoringClaims {
  const attemptNumber = readAttemptNumber(payload[`${AP_CLAIM}attempt_number`]);
  ensure(
    attemptNumber !== undefined,
    'The proctoring launch names no attempt number (attempt_number).',
  );
  const sessionData = payload[`${AP_CLAIM}session_data`];
  ensure(
    typeof sessionData === 'string' && sessionData !== '',
    'The proctoring launch carries no session data (session_data).',
  );
  const rawStartUrl = payload[`${AP_CLAIM}start_assessment_url`];
  ensure(
    optionalString(rawStartUrl) !== undefined,
    'The proctoring launch names no start assessment URL (start_assessment_url).',
  );
  const startAssessmentUrl = urlOnIssuerOrigin(rawStartUrl, platform.issuer);
  ensure(
    startAssessmentUrl !== undefined,
    'The start assessment URL (start_assessment_url) is not an http(s) address on the platform origin.',
  );
  return {
    sub: common.sub,
    deploymentId: platform.deploymentId,
    resourceLinkId: common.resourceLinkId,
    resourceLinkTitle: common.resourceLinkTitle,
    attemptNumber,
    sessionData,
    startAssessmentUrl,
    user: readUser(payload),
    returnUrl: urlOnIssuerOrigin(common.presentation?.return_url, platform.issuer),
  };
}

function readEndAssessmentClaims(
  payload: JWTPayload,
  common: CommonClaims,
  platform: PlatformRegistration,
): EndAssessmentClaims {
  return {
    sub: common.sub,
    resourceLinkId: common.resourceLinkId,
    resourceLinkTitle: common.resourceLinkTitle,
    attemptNumber: readAttemptNumber(payload[`${AP_CLAIM}attempt_number`]),
    sessionData: optionalString(payload[`${AP_CLAIM}session_data`]),
    user: readUser(payload),
    returnUrl: urlOnIssuerOrigin(common.presentation?.return_url, platform.issuer),
  };
}

export async function verifyLaunch(
  idToken: string,
  expected: ExpectedLaunch,
  keySets: PlatformKeySets,
): Promise<VerifiedLaunch> {
  const payload = await verifySignedToken(idToken, expected, keySets.for(expected.platform));
  checkAudienceParty(payload, expected.platform.clientId);
  const common = readCommonClaims(payload, expected);
  switch (claim(payload, 'message_type')) {
    case 'LtiStartProctoring':
      return {
        messageType: 'LtiStartProctoring',
        claims: readStartProctoringClaims(payload, common, expected.platform),
      };
    case 'LtiEndAssessment':
      return {
        messageType: 'LtiEndAssessment',
        claims: readEndAssessmentClaims(payload, common, expected.platform),
      };
    default:
      return {
        messageType: 'LtiResourceLinkRequest',
        claims: readResourceLinkClaims(payload, common),
      };
  }
}
