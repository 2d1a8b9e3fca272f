// The LTI 1.3 authorization endpoint's decision (LTI.md §1.3): every check in order, then a freshly signed
// id_token. Until the redirect_uri is known to be the tool's, failures only show a page; after, they are
// posted back to the tool as error, error_description and state.
import { LtiVersion } from '@portal/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { Principal } from '../../http/principal.ts';
import type { Clock } from '../../lib/clock.ts';
import { buildIdTokenClaims, signIdToken } from './id-token.ts';
import { bindingMatches, sha256Hex } from './launch-binding.ts';
import type { LtiModule } from './lti.module.ts';
import { findResourceLink, loadLaunchContext } from './placement.ts';
import type { LtiToolRecord } from './tools.repository.ts';
import { isProctoringMessage, proctoringIdTokenClaims } from '../proctoring/proctoring-messages.ts';

export type AuthorizationOutcome =
  | { kind: 'error-page'; error: string; description: string }
  | { kind: 'post'; redirectUri: string; fields: Record<string, string> };

export interface AuthorizationDeps {
  db: Kysely<Database>;
  lti: LtiModule;
  clock: Clock;
  /** tool_platform.version */
  platformVersion: string;
}

export interface AuthorizingBrowser {
  /** The launch-binding cookie's value, or null. */
  bindingToken: string | null;
  /** The portal session of the browser, when its cookie came along. */
  principal: Principal | null;
}

interface Failure {
  error: string;
  description: string;
}

const REQUIRED = [
  'scope',
  'response_type',
  'response_mode',
  'client_id',
  'redirect_uri',
  'login_hint',
  'lti_message_hint',
  'nonce',
] as const;
const OPTIONAL = ['prompt', 'state'] as const;
type ParamName = (typeof REQUIRED)[number] | (typeof OPTIONAL)[number];
type Params = Partial<Record<ParamName, string>>;

/** The request's parameters as single strings; a repeated parameter is refused. */
function readParams(raw: unknown): { params: Params; failure: Failure | null } {
  const source = (raw !== null && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
  const params: Params = {};
  for (const name of [...REQUIRED, ...OPTIONAL]) {
    const value = source[name];
    if (value === undefined) continue;
    if (typeof value !== 'string') {
      return {
        params,
        failure: { error: 'invalid_request', description: `The parameter ${name} is repeated.` },
      };
    }
    params[name] = value;
  }
  return { params, failure: null };
}

/** Check 1: the request is an LTI OIDC authentication request. */
function checkParams(params: Params): Failure | null {
  const missing = REQUIRED.find((name) => !params[name]);
  if (missing)
    return { error: 'invalid_request', description: `The parameter ${missing} is missing.` };
  if (params.scope !== 'openid') {
    return { error: 'invalid_scope', description: 'The scope must be openid.' };
  }
  if (params.response_type !== 'id_token') {
    return {
      error: 'unsupported_response_type',
      description: 'The response_type must be id_token.',
    };
  }
  if (params.response_mode !== 'form_post') {
    return { error: 'invalid_request', description: 'The response_mode must be form_post.' };
  }
  if (params.prompt !== undefined && params.prompt !== 'none') {
    return { error: 'invalid_request', description: 'The prompt must be none when given.' };
  }
  return null;
}

type Checked = Required<Pick<Params, (typeof REQUIRED)[number]>> & Params;

/** Checks 2 and 3: a known, enabled LTI 1.3 client, and one of its registered redirect URIs exactly. */
async function checkClient(
  lti: LtiModule,
  params: Checked,
): Promise<{ tool: LtiToolRecord } | Failure> {
  const tool = await lti.tools.findByClientId(params.client_id);
  if (!tool || !tool.enabled || tool.ltiVersion !== LtiVersion.lti13) {
    return { error: 'unauthorized_client', description: 'The client_id is not a registered tool.' };
  }
  if (!tool.redirectUris.includes(params.redirect_uri)) {
    return {
      error: 'invalid_request',
      description: 'The redirect_uri is not registered for this tool.',
    };
  }
  return { tool };
}

/** Check 4: consumes the pending launch of this hint and client, once, while it is fresh. */
async function consumeLaunch(db: Kysely<Database>, tool: LtiToolRecord, hint: string, now: Date) {
  const at = now.toISOString();
  const hintHash = sha256Hex(hint);
  const result = await db
    .updateTable('ltiLaunches')
    .set({ used: at })
    .where('hintHash', '=', hintHash)
    .where('toolId', '=', tool.id)
    .where('used', 'is', null)
    .where('expires', '>', at)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) return null;
  return db
    .selectFrom('ltiLaunches')
    .selectAll()
    .where('hintHash', '=', hintHash)
    .executeTakeFirstOrThrow();
}

type Launch = NonNullable<Awaited<ReturnType<typeof consumeLaunch>>>;

/** Check 5: the launching user, in the browser that started the launch. */
function checkUser(launch: Launch, params: Checked, browser: AuthorizingBrowser): Failure | null {
  if (params.login_hint !== launch.loginHint) {
    return { error: 'access_denied', description: 'The login_hint is not the launching user.' };
  }
  if (!bindingMatches(browser.bindingToken, launch.bindingHash)) {
    return { error: 'access_denied', description: 'This browser did not start the launch.' };
  }
  if (browser.principal !== null && browser.principal.userId !== launch.userId) {
    return {
      error: 'login_required',
      description: 'Another user is signed in to the portal in this browser.',
    };
  }
  return null;
}

/** Check 6: the id_token, signed now with the tool's nonce. */
async function issueIdToken(
  deps: AuthorizationDeps,
  tool: LtiToolRecord,
  launch: Launch,
  nonce: string,
  now: Date,
): Promise<string | null> {
  if (isProctoringMessage(launch.messageType)) {
    const tenant = await deps.db
      .selectFrom('tenants')
      .select('name')
      .where('id', '=', launch.tenantId)
      .executeTakeFirst();
    if (!tenant) return null;
    const claims = await proctoringIdTokenClaims(
      {
        db: deps.db,
        lti: deps.lti,
        publicUrl: deps.lti.urls.issuer,
        now,
        platform: { guid: launch.tenantId, name: tenant.name, version: deps.platformVersion },
      },
      tool,
      launch,
      nonce,
    );
    return claims === null ? null : signIdToken(claims, await deps.lti.keys.signingKey());
  }
  const link = await findResourceLink(deps.db, launch.resourceLinkId);
  const resource = link ? await deps.lti.tools.findActivityResource(link.activityId) : null;
  const tenant = await deps.db
    .selectFrom('tenants')
    .select('name')
    .where('id', '=', launch.tenantId)
    .executeTakeFirst();
  if (!link || !resource || !tenant) return null;
  const context = await loadLaunchContext(deps.db, {
    tool,
    resource,
    link,
    userId: launch.userId,
    targetLinkUri: launch.targetLinkUri,
    returnUrl: launch.returnUrl,
    documentTarget: launch.documentTarget === 'window' ? 'window' : 'iframe',
    locale: launch.locale,
    outcomeSourcedId: null,
  });
  const claims = buildIdTokenClaims({
    context,
    urls: deps.lti.urls,
    platform: { guid: launch.tenantId, name: tenant.name, version: deps.platformVersion },
    nonce,
    now,
  });
  return signIdToken(claims, await deps.lti.keys.signingKey());
}

/** Answers an authentication request (GET query or POST form, already parsed). */
export async function authorize(
  deps: AuthorizationDeps,
  rawParams: unknown,
  browser: AuthorizingBrowser,
): Promise<AuthorizationOutcome> {
  const { params, failure: readFailure } = readParams(rawParams);
  const paramsFailure = readFailure ?? checkParams(params);
  if (paramsFailure) return { kind: 'error-page', ...paramsFailure };
  const checked = params as Checked;
  const client = await checkClient(deps.lti, checked);
  if (!('tool' in client)) return { kind: 'error-page', ...client };

  const state: Record<string, string> = checked.state === undefined ? {} : { state: checked.state };
  const post = (fields: Record<string, string>): AuthorizationOutcome => ({
    kind: 'post',
    redirectUri: checked.redirect_uri,
    fields: { ...fields, ...state },
  });
  const fail = (f: Failure) => post({ error: f.error, error_description: f.description });

  const now = deps.clock.now();
  const launch = await consumeLaunch(deps.db, client.tool, checked.lti_message_hint, now);
  if (!launch) {
    return fail({
      error: 'launch_no_longer_valid',
      description: 'The launch has expired or was already used. Start the activity again.',
    });
  }
  const userFailure = checkUser(launch, checked, browser);
  if (userFailure) return fail(userFailure);
  const idToken = await issueIdToken(deps, client.tool, launch, checked.nonce, now);
  if (idToken === null) {
    return fail({
      error: 'launch_no_longer_valid',
      description: 'The launched activity no longer exists.',
    });
  }
  return post({ id_token: idToken });
}
