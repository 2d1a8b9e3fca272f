// The LTI 1.3 id_token of an LtiResourceLinkRequest: its claims (LTI.md §1.4) and its RS256 signature.
import { SignJWT } from 'jose';
import { AGS_SCOPES } from '@portal/contracts';
import type { LaunchContext } from './launch-context.ts';
import type { LtiUrls } from './lti-urls.ts';
import type { SigningKey } from './platform-keys.ts';

export const ID_TOKEN_LIFETIME_SECONDS = 300;
export const LTI_VERSION = '1.3.0';
const LTI = 'https://purl.imsglobal.org/spec/lti/claim';
export const CLAIM = {
  messageType: `${LTI}/message_type`,
  version: `${LTI}/version`,
  deploymentId: `${LTI}/deployment_id`,
  targetLinkUri: `${LTI}/target_link_uri`,
  resourceLink: `${LTI}/resource_link`,
  roles: `${LTI}/roles`,
  context: `${LTI}/context`,
  toolPlatform: `${LTI}/tool_platform`,
  launchPresentation: `${LTI}/launch_presentation`,
  custom: `${LTI}/custom`,
  agsEndpoint: 'https://purl.imsglobal.org/spec/lti-ags/claim/endpoint',
} as const;
const COURSE_OFFERING = 'http://purl.imsglobal.org/vocab/lis/v2/course#CourseOffering';

export interface PlatformInstance {
  /** Stable per platform instance: the tenant id. */
  guid: string;
  name: string;
  version: string;
}

export interface IdTokenInput {
  context: LaunchContext;
  urls: Pick<LtiUrls, 'issuer' | 'lineItems' | 'lineItem'>;
  platform: PlatformInstance;
  /** The tool's nonce from the authentication request, copied as is. */
  nonce: string;
  now: Date;
}

export type IdTokenClaims = Record<string, unknown>;

/** The OIDC user claims the tool's privacy level allows: none, the name, or the name and e-mail. */
function personalClaims(context: LaunchContext): IdTokenClaims {
  const { privacyLevel } = context.tool;
  if (privacyLevel === 'anonymous') return {};
  const { user } = context;
  const name = { name: user.fullName, given_name: user.givenName, family_name: user.familyName };
  return privacyLevel === 'email' ? { ...name, email: user.email } : name;
}

/** The AGS endpoint claim, only for a tool allowed at least one AGS scope. */
function agsClaim(input: IdTokenInput): IdTokenClaims {
  const scope = input.context.tool.allowedScopes.filter((s) => AGS_SCOPES.includes(s));
  if (scope.length === 0) return {};
  const contextId = input.context.context.id;
  return {
    [CLAIM.agsEndpoint]: {
      scope,
      lineitems: input.urls.lineItems(contextId),
      lineitem: input.urls.lineItem(contextId, input.context.lineItemId),
    },
  };
}

function launchPresentation(context: LaunchContext) {
  const { resource } = context;
  return {
    document_target: context.documentTarget,
    return_url: context.returnUrl,
    ...(context.locale ? { locale: context.locale } : {}),
    ...(resource.preferredWidth !== null ? { width: resource.preferredWidth } : {}),
    ...(resource.preferredHeight !== null ? { height: resource.preferredHeight } : {}),
  };
}

/** Every claim of the launch's id_token, issued at `now` and valid for five minutes. */
export function buildIdTokenClaims(input: IdTokenInput): IdTokenClaims {
  const { context, platform } = input;
  const { tool } = context;
  const clientId = tool.clientId;
  const deploymentId = tool.deploymentIds[0];
  if (clientId === null || deploymentId === undefined) {
    throw new Error(`LTI tool ${tool.id} has no client id or deployment`);
  }
  const iat = Math.floor(input.now.getTime() / 1000);
  return {
    iss: input.urls.issuer,
    aud: clientId,
    azp: clientId,
    sub: context.user.subject,
    iat,
    exp: iat + ID_TOKEN_LIFETIME_SECONDS,
    nonce: input.nonce,
    ...personalClaims(context),
    [CLAIM.version]: LTI_VERSION,
    [CLAIM.messageType]: 'LtiResourceLinkRequest',
    [CLAIM.deploymentId]: deploymentId,
    [CLAIM.targetLinkUri]: context.targetLinkUri,
    [CLAIM.resourceLink]: {
      id: context.resourceLink.id,
      title: context.resourceLink.title,
      ...(context.resourceLink.description
        ? { description: context.resourceLink.description }
        : {}),
    },
    [CLAIM.roles]: context.roles,
    [CLAIM.context]: {
      id: context.context.id,
      title: context.context.title,
      ...(context.context.label ? { label: context.context.label } : {}),
      type: [COURSE_OFFERING],
    },
    [CLAIM.toolPlatform]: {
      guid: platform.guid,
      name: platform.name,
      product_family_code: 'learner-portal',
      version: platform.version,
    },
    [CLAIM.launchPresentation]: launchPresentation(context),
    [CLAIM.custom]: { ...context.resource.custom },
    ...agsClaim(input),
  };
}

/** Signs the claims with the platform's current key: RS256, its kid, typ JWT. */
export async function signIdToken(claims: IdTokenClaims, key: SigningKey): Promise<string> {
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'RS256', kid: key.kid, typ: 'JWT' })
    .sign(key.key);
}
