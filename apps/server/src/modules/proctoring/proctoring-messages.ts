// The LTI Proctoring Services messages of the platform (docs/decisions/0028):
//   start      — the learner's single-use start token becomes an LtiStartProctoring third-party login;
//   id_token   — the claims of LtiStartProctoring and LtiEndAssessment, signed by /api/lti/v1/auth;
//   start-assessment — the tool's signed LtiStartAssessment, checked, then the activity opens.
import { decodeJwt, errors as joseErrors, jwtVerify, type JWTPayload } from 'jose';
import { LtiVersion, ProctoringSessionState } from '@portal/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { Principal } from '../../http/principal.ts';
import { newToken } from '../../lib/ids.ts';
import { buildIdTokenClaims, CLAIM, LTI_VERSION, type IdTokenClaims } from '../lti/id-token.ts';
import { sha256Hex } from '../lti/launch-binding.ts';
import type { LtiModule } from '../lti/lti.module.ts';
import { loadLaunchContext } from '../lti/placement.ts';
import { rememberOnce } from '../lti/replay-store.ts';
import type { ToolKeys } from '../lti/tool-keys.ts';
import type { LtiToolRecord } from '../lti/tools.repository.ts';
import { CLOCK_TOLERANCE_SECONDS, MAX_ASSERTION_AGE_SECONDS } from '../lti/token.ts';
import { createProctoringLaunch, END_ASSESSMENT, START_PROCTORING } from './proctoring.service.ts';
import { proctoringUrls } from './proctoring-urls.ts';

type Db = Kysely<Database>;

const AP = 'https://purl.imsglobal.org/spec/lti-ap/claim';
export const AP_CLAIM = {
  attemptNumber: `${AP}/attempt_number`,
  startAssessmentUrl: `${AP}/start_assessment_url`,
  sessionData: `${AP}/session_data`,
} as const;
export const START_ASSESSMENT = 'LtiStartAssessment';

export interface ProctoringDeps {
  db: Db;
  lti: LtiModule;
  publicUrl: string;
  now: Date;
}

// ---------------------------------------------------------------------------------------------------------
// GET /api/lti/v1/proctoring/start?token=…

export type StartOutcome =
  | { kind: 'post'; action: string; fields: Record<string, string> }
  | { kind: 'refused'; status: 400 | 403; reason: 'signIn' | 'foreign' | 'expired' };

/**
 * Consumes the learner's start token once (only the session's own learner can) and answers the tool's
 * login-initiation form of an LtiStartProctoring launch bound to this browser.
 */
export async function beginStartProctoring(
  deps: ProctoringDeps,
  principal: Principal | null,
  token: unknown,
  binding: () => string,
): Promise<StartOutcome> {
  if (principal === null) return { kind: 'refused', status: 403, reason: 'signIn' };
  if (typeof token !== 'string' || !/^[A-Za-z0-9_-]{20,100}$/.test(token))
    return { kind: 'refused', status: 400, reason: 'expired' };
  const { db, now } = deps;
  const tokenHash = sha256Hex(token);
  const session = await db
    .selectFrom('proctoringSessions')
    .selectAll()
    .where('startTokenHash', '=', tokenHash)
    .executeTakeFirst();
  if (!session) return { kind: 'refused', status: 400, reason: 'expired' };
  // Another learner's token is refused without being spent.
  if (session.userId !== principal.userId || session.tenantId !== principal.tenantId)
    return { kind: 'refused', status: 403, reason: 'foreign' };
  const at = now.toISOString();
  const consumed = await db
    .updateTable('proctoringSessions')
    .set({ startTokenUsed: at })
    .where('id', '=', session.id)
    .where('startTokenHash', '=', tokenHash)
    .where('startTokenUsed', 'is', null)
    .where('startTokenExpires', '>', at)
    .where('state', '=', ProctoringSessionState.created)
    .where('assessmentStarted', 'is', null)
    .executeTakeFirst();
  if (Number(consumed.numUpdatedRows) !== 1)
    return { kind: 'refused', status: 400, reason: 'expired' };
  const tool = await deps.lti.tools.findById(session.toolId);
  const attempt = await db
    .selectFrom('objectiveWorkflows')
    .select('objectiveId')
    .where('id', '=', session.objectiveWorkflowId)
    .executeTakeFirst();
  const workflow = await db
    .selectFrom('activityWorkflows')
    .select('finished')
    .where('id', '=', session.activityWorkflowId)
    .executeTakeFirst();
  // The activity may have ended since the token was issued: nothing left to proctor.
  if (
    !tool ||
    !tool.enabled ||
    !tool.proctoring ||
    tool.loginUrl === null ||
    !attempt ||
    !workflow ||
    workflow.finished !== null
  )
    return { kind: 'refused', status: 400, reason: 'expired' };
  const fields = await createProctoringLaunch(db, deps.lti, {
    session,
    tool,
    messageType: START_PROCTORING,
    objectiveId: attempt.objectiveId,
    bindingToken: binding(),
    publicUrl: deps.publicUrl,
    now,
  });
  return { kind: 'post', action: tool.loginUrl, fields };
}

// ---------------------------------------------------------------------------------------------------------
// id_token of LtiStartProctoring / LtiEndAssessment (issued by /api/lti/v1/auth)

export interface ProctoringLaunchRow {
  tenantId: string;
  userId: string;
  resourceLinkId: string;
  targetLinkUri: string;
  returnUrl: string;
  locale: string | null;
  messageType: string | null;
  proctoringSessionId: string | null;
}

export const isProctoringMessage = (messageType: string | null): boolean =>
  messageType === START_PROCTORING || messageType === END_ASSESSMENT;

/**
 * The claims of a proctoring message: the usual launch claims (no AGS endpoint, no custom parameters of the
 * activity's own tool) with the proctoring claims. LtiStartProctoring carries a fresh session_data, of
 * which the session keeps the hash (to check LtiStartAssessment) and the sealed value (for
 * LtiEndAssessment). null when the session can no longer take the message.
 */
export async function proctoringIdTokenClaims(
  deps: ProctoringDeps & { platform: { guid: string; name: string; version: string } },
  tool: LtiToolRecord,
  launch: ProctoringLaunchRow,
  nonce: string,
): Promise<IdTokenClaims | null> {
  const { db, lti, now } = deps;
  if (launch.proctoringSessionId === null) return null;
  const session = await db
    .selectFrom('proctoringSessions')
    .selectAll()
    .where('id', '=', launch.proctoringSessionId)
    .executeTakeFirst();
  const link = await db
    .selectFrom('ltiResourceLinks')
    .select(['id', 'toolId', 'objectiveId', 'activityId', 'axis'])
    .where('id', '=', launch.resourceLinkId)
    .executeTakeFirst();
  if (!session || !link) return null;
  let sessionData: string;
  if (launch.messageType === START_PROCTORING) {
    sessionData = newToken(32);
    const stored = await db
      .updateTable('proctoringSessions')
      .set({
        sessionDataHash: sha256Hex(sessionData),
        sessionDataSealed: lti.box.seal(sessionData),
      })
      .where('id', '=', session.id)
      .where('state', '=', ProctoringSessionState.created)
      .where('assessmentStarted', 'is', null)
      .executeTakeFirst();
    if (Number(stored.numUpdatedRows) !== 1) return null;
  } else {
    if (session.state !== ProctoringSessionState.finished || session.sessionDataSealed === null)
      return null;
    sessionData = lti.box.open(session.sessionDataSealed);
  }
  const context = await loadLaunchContext(db, {
    tool,
    resource: {
      activityId: link.activityId,
      toolId: tool.id,
      targetLinkUri: null,
      custom: {},
      preferredWidth: null,
      preferredHeight: null,
    },
    link: { ...link, lineItemId: '' },
    userId: launch.userId,
    targetLinkUri: launch.targetLinkUri,
    returnUrl: launch.returnUrl,
    documentTarget: 'window',
    locale: launch.locale,
    outcomeSourcedId: null,
  });
  const claims = buildIdTokenClaims({
    context,
    urls: lti.urls,
    platform: deps.platform,
    nonce,
    now,
  });
  delete claims[CLAIM.agsEndpoint];
  delete claims[CLAIM.custom];
  return {
    ...claims,
    [CLAIM.messageType]: launch.messageType,
    [AP_CLAIM.attemptNumber]: session.attemptNumber,
    [AP_CLAIM.sessionData]: sessionData,
    ...(launch.messageType === START_PROCTORING
      ? { [AP_CLAIM.startAssessmentUrl]: proctoringUrls(deps.publicUrl).startAssessment }
      : {}),
  };
}

// ---------------------------------------------------------------------------------------------------------
// POST /api/lti/v1/proctoring/start-assessment (form field JWT)

export type StartAssessmentOutcome =
  { kind: 'accepted'; redirectUrl: string } | { kind: 'refused'; description: string };

const refused = (description: string): StartAssessmentOutcome => ({ kind: 'refused', description });

function describeVerificationFailure(error: unknown): string {
  if (error instanceof joseErrors.JWTExpired) return 'The message has expired.';
  if (error instanceof joseErrors.JWTClaimValidationFailed)
    return `The message's ${error.claim} claim is not valid.`;
  if (error instanceof joseErrors.JOSEAlgNotAllowed)
    return 'The message must be signed with RS256.';
  if (
    error instanceof joseErrors.JWKSNoMatchingKey ||
    error instanceof joseErrors.JWSSignatureVerificationFailed
  )
    return 'The message signature does not verify with the tool’s registered key.';
  return 'The message is not a valid signed JWT.';
}

/** The proctoring tool the message claims to come from (iss = its client id), before any verification. */
async function claimedTool(lti: LtiModule, jwt: string): Promise<LtiToolRecord | string> {
  let claims: JWTPayload;
  try {
    claims = decodeJwt(jwt);
  } catch {
    return 'The message is not a JWT.';
  }
  if (typeof claims.iss !== 'string' || claims.iss === '') return 'The message has no issuer.';
  const tool = await lti.tools.findByClientId(claims.iss);
  if (!tool || !tool.enabled || !tool.proctoring || tool.ltiVersion !== LtiVersion.lti13)
    return 'The issuer is not a registered proctoring tool.';
  return tool;
}

/**
 * Checks the tool's LtiStartAssessment — signature with the tool's key, iss, aud, exp, iat, deployment,
 * message type, version, single-use nonce, session_data, attempt number, resource link, and a session that
 * is created, not started and not finished — then marks the assessment started and points the activity
 * workflow at the session. Nothing changes when a check fails.
 */
export async function acceptStartAssessment(
  deps: ProctoringDeps & { toolKeys: ToolKeys },
  body: unknown,
): Promise<StartAssessmentOutcome> {
  const { db, lti, now } = deps;
  const form = (body !== null && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  const jwt = form.JWT;
  if (typeof jwt !== 'string' || jwt === '') return refused('The form field JWT is missing.');
  const tool = await claimedTool(lti, jwt);
  if (typeof tool === 'string') return refused(tool);
  const key = await deps.toolKeys.keyFor(tool);
  if (key === null) return refused('The tool has no registered key.');
  let payload: JWTPayload;
  try {
    const verified = await jwtVerify(jwt, key as Parameters<typeof jwtVerify>[1], {
      algorithms: ['RS256'],
      issuer: tool.clientId!,
      audience: lti.urls.issuer,
      requiredClaims: ['exp', 'iat', 'nonce'],
      clockTolerance: CLOCK_TOLERANCE_SECONDS,
      currentDate: now,
    });
    payload = verified.payload;
  } catch (error) {
    return refused(describeVerificationFailure(error));
  }
  const nowSeconds = now.getTime() / 1000;
  const iat = payload.iat!;
  if (iat < nowSeconds - MAX_ASSERTION_AGE_SECONDS - CLOCK_TOLERANCE_SECONDS)
    return refused('The message was issued too long ago.');
  if (iat > nowSeconds + CLOCK_TOLERANCE_SECONDS)
    return refused('The message is issued in the future.');
  const claim = (name: string) => (payload as Record<string, unknown>)[name];
  if (claim(CLAIM.messageType) !== START_ASSESSMENT)
    return refused(`The message_type must be ${START_ASSESSMENT}.`);
  if (claim(CLAIM.version) !== LTI_VERSION) return refused(`The version must be ${LTI_VERSION}.`);
  const deploymentId = claim(CLAIM.deploymentId);
  if (typeof deploymentId !== 'string' || !tool.deploymentIds.includes(deploymentId))
    return refused('The deployment_id is not the tool’s.');
  const nonce = claim('nonce');
  if (typeof nonce !== 'string' || nonce === '') return refused('The message has no nonce.');
  const sessionData = claim(AP_CLAIM.sessionData);
  if (typeof sessionData !== 'string' || sessionData === '')
    return refused('The session_data claim is missing.');
  const attemptNumber = claim(AP_CLAIM.attemptNumber);
  const resourceLink = claim(CLAIM.resourceLink) as { id?: unknown } | undefined;

  const session = await db
    .selectFrom('proctoringSessions')
    .selectAll()
    .where('sessionDataHash', '=', sha256Hex(sessionData))
    .where('toolId', '=', tool.id)
    .executeTakeFirst();
  if (!session || session.tenantId !== tool.tenantId)
    return refused('The session_data does not name a proctoring session of this tool.');
  if (attemptNumber !== session.attemptNumber)
    return refused('The attempt_number is not the session’s.');
  if (typeof resourceLink?.id !== 'string' || resourceLink.id !== session.resourceLinkId)
    return refused('The resource_link is not the session’s.');
  if (
    session.state !== ProctoringSessionState.created ||
    session.finished !== null ||
    session.assessmentStarted !== null
  )
    return refused('The proctoring session has already started or finished.');
  const attempt = await db
    .selectFrom('objectiveWorkflows')
    .select(['objectiveId', 'state'])
    .where('id', '=', session.objectiveWorkflowId)
    .executeTakeFirst();
  const workflow = await db
    .selectFrom('activityWorkflows')
    .select(['finished'])
    .where('id', '=', session.activityWorkflowId)
    .executeTakeFirst();
  if (!attempt || !workflow || workflow.finished !== null)
    return refused('The proctored activity is no longer in progress.');

  // Single use: after the signature, so only the tool can spend its nonces.
  const keepUntil = new Date(
    (Math.min(payload.exp!, iat + MAX_ASSERTION_AGE_SECONDS) + CLOCK_TOLERANCE_SECONDS) * 1000,
  );
  if (!(await rememberOnce(db, `ap-nonce:${tool.id}:${nonce}`, keepUntil, now)))
    return refused('The message was already used.');

  const at = now.toISOString();
  const started = await db.transaction().execute(async (tx) => {
    const result = await tx
      .updateTable('proctoringSessions')
      .set({ assessmentStarted: at })
      .where('id', '=', session.id)
      .where('state', '=', ProctoringSessionState.created)
      .where('assessmentStarted', 'is', null)
      .where('finished', 'is', null)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) return false;
    await tx
      .updateTable('activityWorkflows')
      .set({ lastProctoringSessionId: session.id })
      .where('id', '=', session.activityWorkflowId)
      .execute();
    return true;
  });
  if (!started) return refused('The proctoring session has already started or finished.');
  return {
    kind: 'accepted',
    redirectUrl: proctoringUrls(deps.publicUrl).redirect(attempt.objectiveId, session.axis),
  };
}
