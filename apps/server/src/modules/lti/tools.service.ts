// Registering and listing LTI tools: the admin API and the command line share these use cases.
import { LtiVersion, type LtiTool, type LtiToolRegistration } from '@portal/contracts';
import { ConflictError, NotFoundError } from '../../http/errors.ts';
import type { LtiModule } from './lti.module.ts';
import type { LtiToolRecord } from './tools.repository.ts';

/** The admin view of a tool: never its LTI 1.1 secret; for LTI 1.3, what to configure in the tool. */
export function toLtiTool(tool: LtiToolRecord, lti: LtiModule): LtiTool {
  return {
    id: tool.id,
    name: tool.name,
    ltiVersion: tool.ltiVersion,
    enabled: tool.enabled,
    clientId: tool.clientId,
    deploymentIds: tool.deploymentIds,
    loginUrl: tool.loginUrl,
    redirectUris: tool.redirectUris,
    targetLinkUri: tool.targetLinkUri,
    jwksUrl: tool.jwksUrl,
    hasPublicJwk: tool.publicJwk !== null,
    allowedScopes: tool.allowedScopes,
    privacyLevel: tool.privacyLevel,
    consumerKey: tool.consumerKey,
    proctoring: tool.proctoring,
    created: tool.created,
    platform:
      tool.ltiVersion === LtiVersion.lti13
        ? {
            issuer: lti.urls.issuer,
            authorizationEndpoint: lti.urls.authorization,
            tokenEndpoint: lti.urls.token,
            jwksUrl: lti.urls.jwks,
          }
        : null,
  };
}

function isUniqueViolation(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return /unique|duplicate key/i.test(message);
}

export function createToolsService(lti: LtiModule) {
  return {
    async register(
      tenantId: string,
      registration: LtiToolRegistration,
      now: Date,
    ): Promise<LtiTool> {
      try {
        return toLtiTool(await lti.tools.create(tenantId, registration, now), lti);
      } catch (error) {
        if (isUniqueViolation(error)) {
          throw new ConflictError(
            'lti_tool_exists',
            registration.ltiVersion === LtiVersion.lti13
              ? 'A tool with this client id is already registered.'
              : 'A tool with this consumer key is already registered.',
          );
        }
        throw error;
      }
    },

    async list(tenantId: string): Promise<LtiTool[]> {
      return (await lti.tools.listForTenant(tenantId)).map((tool) => toLtiTool(tool, lti));
    },

    /** Whether an LTI 1.3 tool of the tenant may proctor activities (LTI 1.1 tools cannot). */
    async setProctoring(tenantId: string, id: string, proctoring: boolean): Promise<LtiTool> {
      if (!(await lti.tools.setProctoring(tenantId, id, proctoring)))
        throw new NotFoundError('lti_tool_not_found', 'No such LTI 1.3 tool.');
      return this.get(tenantId, id);
    },

    async get(tenantId: string, id: string): Promise<LtiTool> {
      const tool = await lti.tools.findById(id);
      // Another tenant's tool is as absent as an unknown one.
      if (!tool || tool.tenantId !== tenantId)
        throw new NotFoundError('lti_tool_not_found', 'No such tool.');
      return toLtiTool(tool, lti);
    },
  };
}
