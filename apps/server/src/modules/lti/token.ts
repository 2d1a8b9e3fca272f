// The LTI services' token endpoint logic: OAuth 2.0 client credentials with a JWT client assertion (RFC 7523,
// 1EdTech Security Framework §4), checked as Canvas does (LTI.md §2.1): signature, iss = sub = client id,
// audience, expiry, issue time, single-use jti; scopes granted = requested ∩ the tool's allowed scopes.
import { decodeJwt, errors as joseErrors, jwtVerify, type JWTPayload } from 'jose';
import { LtiVersion } from '@portal/contracts';
import type { AppContext } from '../../app-context.ts';
import { ACCESS_TOKEN_LIFETIME_SECONDS, issueAccessToken } from './access-tokens.ts';
import type { LtiModule } from './lti.module.ts';
import { rememberOnce } from './replay-store.ts';
import type { ToolKeys } from './tool-keys.ts';
import type { LtiToolRecord } from './tools.repository.ts';

export const JWT_BEARER_ASSERTION_TYPE = 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer';
/** An assertion may be at most this old (by iat) and issued at most this far in the future. */
export const MAX_ASSERTION_AGE_SECONDS = 5 * 60;
export const MAX_ASSERTION_FUTURE_SECONDS = 30;
export const CLOCK_TOLERANCE_SECONDS = 5;

export type OAuthErrorCode =
  'invalid_request' | 'invalid_client' | 'unsupported_grant_type' | 'invalid_scope';

const STATUS: Record<OAuthErrorCode, number> = {
  invalid_request: 400,
  invalid_client: 401,
  unsupported_grant_type: 400,
  invalid_scope: 400,
};

/** An RFC 6749 §5.2 error; the route answers `{error, error_description}` with its status. */
export class OAuthError extends Error {
  readonly status: number;
  constructor(
    readonly error: OAuthErrorCode,
    readonly description: string,
  ) {
    super(description);
    this.status = STATUS[error];
  }
}

export interface TokenResponse {
  access_token: string;
  token_type: 'Bearer';
  expires_in: number;
  scope: string;
}

interface TokenRequest {
  assertion: string;
  scopes: string[];
}

/** One string parameter of the form; a repeated parameter is a malformed request (RFC 6749 §3.2). */
function param(form: Record<string, unknown>, name: string): string | undefined {
  const value = form[name];
  if (value === undefined) return undefined;
  if (typeof value !== 'string')
    throw new OAuthError('invalid_request', `The parameter ${name} must be given once.`);
  return value;
}

function parseTokenRequest(body: unknown): TokenRequest {
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw new OAuthError('invalid_request', 'The request must be a form.');
  const form = body as Record<string, unknown>;
  const grantType = param(form, 'grant_type');
  if (grantType === undefined)
    throw new OAuthError('invalid_request', 'The parameter grant_type is missing.');
  if (grantType !== 'client_credentials')
    throw new OAuthError('unsupported_grant_type', 'Only client_credentials is supported.');
  const assertionType = param(form, 'client_assertion_type');
  if (assertionType !== JWT_BEARER_ASSERTION_TYPE)
    throw new OAuthError(
      'invalid_request',
      `client_assertion_type must be ${JWT_BEARER_ASSERTION_TYPE}.`,
    );
  const assertion = param(form, 'client_assertion');
  if (!assertion)
    throw new OAuthError('invalid_request', 'The parameter client_assertion is missing.');
  const scopes = (param(form, 'scope') ?? '').split(/\s+/).filter(Boolean);
  return { assertion, scopes };
}

/** The tool the assertion claims to come from (iss = sub = its client id), before any verification. */
async function claimedTool(lti: LtiModule, assertion: string): Promise<LtiToolRecord> {
  let claims: JWTPayload;
  try {
    claims = decodeJwt(assertion);
  } catch {
    throw new OAuthError('invalid_client', 'The client assertion is not a JWT.');
  }
  if (typeof claims.iss !== 'string' || claims.iss === '')
    throw new OAuthError('invalid_client', 'The client assertion has no issuer.');
  if (claims.sub !== claims.iss)
    throw new OAuthError('invalid_client', 'The client assertion must have sub equal to iss.');
  const tool = await lti.tools.findByClientId(claims.iss);
  if (!tool || !tool.enabled || tool.ltiVersion !== LtiVersion.lti13)
    throw new OAuthError('invalid_client', 'Unknown client.');
  return tool;
}

function describeVerificationFailure(error: unknown): string {
  if (error instanceof joseErrors.JWTExpired) return 'The client assertion has expired.';
  if (error instanceof joseErrors.JWTClaimValidationFailed)
    return `The client assertion's ${error.claim} claim is not valid.`;
  if (error instanceof joseErrors.JOSEAlgNotAllowed)
    return 'The client assertion must be signed with RS256.';
  if (
    error instanceof joseErrors.JWKSNoMatchingKey ||
    error instanceof joseErrors.JWSSignatureVerificationFailed
  )
    return 'The client assertion signature does not verify with the registered key.';
  if (error instanceof joseErrors.JWKSTimeout || error instanceof joseErrors.JWKSInvalid)
    return "The client's key set could not be fetched.";
  return 'The client assertion is not valid.';
}

/** Verifies the assertion for the tool and consumes its jti (after the signature, so nobody can burn it). */
async function verifyAssertion(
  ctx: AppContext,
  lti: LtiModule,
  toolKeys: ToolKeys,
  tool: LtiToolRecord,
  assertion: string,
  now: Date,
): Promise<void> {
  const key = await toolKeys.keyFor(tool);
  if (key === null) throw new OAuthError('invalid_client', 'The client has no registered key.');
  let payload: JWTPayload;
  try {
    const verified = await jwtVerify(assertion, key as Parameters<typeof jwtVerify>[1], {
      algorithms: ['RS256'],
      issuer: tool.clientId!,
      subject: tool.clientId!,
      audience: [lti.urls.token, lti.urls.issuer],
      requiredClaims: ['exp', 'iat', 'jti'],
      clockTolerance: CLOCK_TOLERANCE_SECONDS,
      currentDate: now,
    });
    payload = verified.payload;
  } catch (error) {
    ctx.log.debug({ err: error, toolId: tool.id }, 'client assertion refused');
    throw new OAuthError('invalid_client', describeVerificationFailure(error));
  }
  const nowSeconds = now.getTime() / 1000;
  const iat = payload.iat!;
  if (iat < nowSeconds - MAX_ASSERTION_AGE_SECONDS - CLOCK_TOLERANCE_SECONDS)
    throw new OAuthError('invalid_client', 'The client assertion was issued too long ago.');
  if (iat > nowSeconds + MAX_ASSERTION_FUTURE_SECONDS)
    throw new OAuthError('invalid_client', 'The client assertion is issued in the future.');
  if (typeof payload.jti !== 'string' || payload.jti === '')
    throw new OAuthError('invalid_client', 'The client assertion has no jti.');
  // The assertion is refused anyway once too old, so its jti need not be kept longer than that.
  const acceptedUntil = Math.min(
    payload.exp! + CLOCK_TOLERANCE_SECONDS,
    iat + MAX_ASSERTION_AGE_SECONDS + CLOCK_TOLERANCE_SECONDS,
  );
  const fresh = await rememberOnce(
    ctx.db,
    `jti:${tool.id}:${payload.jti}`,
    new Date(acceptedUntil * 1000),
    now,
  );
  if (!fresh) throw new OAuthError('invalid_client', 'The client assertion was already used.');
}

/** Handles a token request: answers the token response or throws an OAuthError. */
export async function grantAccessToken(
  ctx: AppContext,
  lti: LtiModule,
  toolKeys: ToolKeys,
  body: unknown,
): Promise<TokenResponse> {
  const now = ctx.clock.now();
  const request = parseTokenRequest(body);
  const tool = await claimedTool(lti, request.assertion);
  await verifyAssertion(ctx, lti, toolKeys, tool, request.assertion, now);
  const granted = [...new Set(request.scopes)].filter((scope) =>
    tool.allowedScopes.includes(scope),
  );
  if (granted.length === 0)
    throw new OAuthError(
      'invalid_scope',
      'None of the requested scopes is allowed for this client.',
    );
  const token = await issueAccessToken(ctx.db, { toolId: tool.id, scopes: granted }, now);
  return {
    access_token: token,
    token_type: 'Bearer',
    expires_in: ACCESS_TOKEN_LIFETIME_SECONDS,
    scope: granted.join(' '),
  };
}
