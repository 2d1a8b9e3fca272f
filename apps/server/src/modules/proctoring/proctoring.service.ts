// LMS API use cases of proctored activities (docs/decisions/0028): the caller's last proctoring session of an
// activity workflow, the single-use start token that opens the LtiStartProctoring launch, and the
// LtiEndAssessment form of a finished session.
import { randomBytes } from 'node:crypto';
import {
  ActivityType,
  LtiVersion,
  ProctoringSessionState,
  proctoringStartTokenQuerySchema,
  WorkflowState,
  type ActivityNode,
  type ProctoringSession,
  type ProctoringStartToken,
  type ResourceForm,
} from '@portal/contracts';
import { proctoringBlock } from '@portal/domain';
import type { AppContext } from '../../app-context.ts';
import type { Database } from '../../db/schema.ts';
import {
  BadRequestError,
  ConflictError,
  ForbiddenError,
  NotFoundError,
} from '../../http/errors.ts';
import type { Principal } from '../../http/principal.ts';
import { newId } from '../../lib/ids.ts';
import type { Kysely } from 'kysely';
import { loadAttemptTree, pathTo } from '../workflows/attempt-progress.ts';
import {
  createWorkflowsRepository,
  type ActivityWorkflowRow,
  type AttemptRow,
} from '../workflows/workflows.repository.ts';
import { sha256Hex } from '../lti/launch-binding.ts';
import type { LtiModule } from '../lti/lti.module.ts';
import { ensureResourceLink } from '../lti/placement.ts';
import { subjectFor } from '../lti/subjects.ts';
import type { LtiToolRecord } from '../lti/tools.repository.ts';
import {
  findNewestSession,
  findProctoringSession,
  toProctoringSession,
  type ProctoringSessionRow,
} from './proctoring.repository.ts';
import { proctoringUrls, toolProctoringUrl } from './proctoring-urls.ts';

/** How long a start token may wait to be used. */
export const START_TOKEN_TTL_SECONDS = 5 * 60;
/** How long the login-initiation of a proctoring message may take to come back (as resource launches). */
export const PROCTORING_LAUNCH_TTL_SECONDS = 120;

export const START_PROCTORING = 'LtiStartProctoring';
export const END_ASSESSMENT = 'LtiEndAssessment';

const newSecret = () => randomBytes(32).toString('base64url');
const notFound = () => new NotFoundError('not_found', { key: 'notFound' });

type Db = Kysely<Database>;

/** The enabled LTI 1.3 proctoring tool of the caller's tenant that an activity names, or null. */
export async function proctoringToolOf(
  db: Db,
  lti: LtiModule,
  activityId: string,
  tenantId: string,
): Promise<LtiToolRecord | null> {
  const activity = await db
    .selectFrom('activities')
    .select('proctoringToolId')
    .where('id', '=', activityId)
    .executeTakeFirst();
  if (!activity?.proctoringToolId) return null;
  const tool = await lti.tools.findById(activity.proctoringToolId);
  if (
    !tool ||
    !tool.enabled ||
    !tool.proctoring ||
    tool.tenantId !== tenantId ||
    tool.ltiVersion !== LtiVersion.lti13 ||
    tool.loginUrl === null ||
    tool.clientId === null ||
    tool.deploymentIds.length === 0
  )
    return null;
  return tool;
}

/** Writes a pending launch of a proctoring message; answers the tool's login-initiation fields. */
export async function createProctoringLaunch(
  db: Db,
  lti: LtiModule,
  input: {
    session: ProctoringSessionRow;
    tool: LtiToolRecord;
    messageType: typeof START_PROCTORING | typeof END_ASSESSMENT;
    objectiveId: string;
    bindingToken: string;
    publicUrl: string;
    now: Date;
  },
): Promise<Record<string, string>> {
  const { session, tool, now } = input;
  if (session.resourceLinkId === null) throw new Error('A proctoring session without a link');
  const hint = newSecret();
  const loginHint = await subjectFor(db, tool.id, session.userId);
  const targetLinkUri = toolProctoringUrl(tool.targetLinkUri);
  const user = await db
    .selectFrom('users')
    .select('locale')
    .where('id', '=', session.userId)
    .executeTakeFirst();
  await db.deleteFrom('ltiLaunches').where('expires', '<', now.toISOString()).execute();
  await db
    .insertInto('ltiLaunches')
    .values({
      hintHash: sha256Hex(hint),
      tenantId: session.tenantId,
      toolId: tool.id,
      userId: session.userId,
      resourceLinkId: session.resourceLinkId,
      objectiveWorkflowId: session.objectiveWorkflowId,
      activityWorkflowId: session.activityWorkflowId,
      loginHint,
      bindingHash: sha256Hex(input.bindingToken),
      targetLinkUri,
      documentTarget: 'window',
      returnUrl: proctoringUrls(input.publicUrl).courseContent(input.objectiveId),
      locale: user?.locale ?? null,
      expires: new Date(now.getTime() + PROCTORING_LAUNCH_TTL_SECONDS * 1000).toISOString(),
      used: null,
      created: now.toISOString(),
      messageType: input.messageType,
      proctoringSessionId: session.id,
    })
    .execute();
  return {
    iss: lti.urls.issuer,
    login_hint: loginHint,
    target_link_uri: targetLinkUri,
    lti_message_hint: hint,
    client_id: tool.clientId!,
    lti_deployment_id: tool.deploymentIds[0]!,
  };
}

interface ProctoredPlace {
  attempt: AttemptRow;
  workflow: ActivityWorkflowRow;
  node: ActivityNode;
  path: ActivityNode[];
}

export function createProctoringService(ctx: AppContext, lti: LtiModule) {
  const { db, dialect, clock } = ctx;
  const urls = proctoringUrls(ctx.config.publicUrl);

  /** The caller's attempt and activity workflow (404 for anyone else's or unknown ids). */
  async function placeOf(
    caller: Principal,
    objectiveWorkflowId: string,
    activityWorkflowId: string,
  ): Promise<ProctoredPlace> {
    const repository = createWorkflowsRepository(db, dialect);
    const attempt = await repository.findAttempt(caller, objectiveWorkflowId);
    if (!attempt) throw notFound();
    const { source, tree } = await loadAttemptTree(repository, attempt, clock.now());
    const workflow = source.workflows.find((w) => w.id === activityWorkflowId);
    if (!workflow) throw notFound();
    const path = pathTo(tree, workflow.axis);
    const node = path?.at(-1);
    if (!path || !node || node.id !== workflow.activityId) throw notFound();
    return { attempt, workflow, node, path };
  }

  /** The session the activity workflow points at, when it is the caller's. */
  async function lastSessionOf(caller: Principal, workflow: ActivityWorkflowRow) {
    if (workflow.lastProctoringSessionId === null) return null;
    const row = await findProctoringSession(db, workflow.lastProctoringSessionId);
    return row && row.userId === caller.userId && row.tenantId === caller.tenantId ? row : null;
  }

  /**
   * The placement's resource link (the one the activity's own tool launches with, when it has one): the
   * proctoring messages name the assessment by it.
   */
  async function resourceLinkOf(place: ProctoredPlace, proctoringTool: LtiToolRecord) {
    const { attempt, workflow, node, path } = place;
    const resource =
      node.type === ActivityType.lti13 || node.type === ActivityType.lti11
        ? await lti.tools.findActivityResource(node.id)
        : null;
    const deliveringTool = resource ? await lti.tools.findById(resource.toolId) : null;
    if (resource && deliveringTool) {
      const link = await ensureResourceLink(
        db,
        dialect,
        {
          attempt,
          workflow,
          node,
          path,
          tool: deliveringTool,
          resource,
          targetLinkUri: resource.targetLinkUri ?? deliveringTool.targetLinkUri,
        },
        clock.now(),
      );
      return link.id;
    }
    await db
      .insertInto('ltiResourceLinks')
      .values({
        id: newId(),
        tenantId: proctoringTool.tenantId,
        toolId: proctoringTool.id,
        objectiveId: attempt.objectiveId,
        activityId: node.id,
        axis: workflow.axis,
        created: clock.now().toISOString(),
      })
      .onConflict((oc) => oc.columns(['objectiveId', 'axis', 'activityId']).doNothing())
      .execute();
    const link = await db
      .selectFrom('ltiResourceLinks')
      .select('id')
      .where('objectiveId', '=', attempt.objectiveId)
      .where('axis', '=', workflow.axis)
      .where('activityId', '=', node.id)
      .executeTakeFirstOrThrow();
    return link.id;
  }

  return {
    /** GET …/activity-workflows/{aw}/last-proctoring-session */
    async lastSession(
      caller: Principal,
      objectiveWorkflowId: string,
      activityWorkflowId: string,
    ): Promise<ProctoringSession> {
      const { workflow } = await placeOf(caller, objectiveWorkflowId, activityWorkflowId);
      const session = await lastSessionOf(caller, workflow);
      if (!session) throw notFound();
      return toProctoringSession(session);
    },

    /** GET …/last-proctoring-session/start-token */
    async startToken(
      caller: Principal,
      objectiveWorkflowId: string,
      activityWorkflowId: string,
      rawQuery: unknown,
    ): Promise<ProctoringStartToken> {
      const query = proctoringStartTokenQuerySchema.parse(rawQuery ?? {});
      const place = await placeOf(caller, objectiveWorkflowId, activityWorkflowId);
      const { attempt, workflow, node } = place;
      // Part ids are lower-case UUIDs, as path parameters are folded at the edge.
      if (
        query.activityPathId !== undefined &&
        query.activityPathId.toLowerCase() !== workflow.axis
      ) {
        throw new BadRequestError('invalid_request', 'The request is not valid.', {
          activityPathId: ['The activity path is not the activity workflow’s.'],
        });
      }
      if (!node.proctored)
        throw new BadRequestError('not_proctored', { key: 'activityNotProctored' });
      if (attempt.state !== WorkflowState.inProgress)
        throw new ConflictError('objective_workflow_not_in_progress', {
          key: 'courseNotInProgress',
        });
      if (workflow.finished !== null)
        throw new ConflictError('activity_workflow_finished', { key: 'proctoredActivityFinished' });
      if (node.activityWorkflowAggregate.lastActivityWorkflow?.id !== workflow.id)
        throw new ConflictError('stale_activity_workflow', { key: 'newerActivityAttempt' });
      const tool = await proctoringToolOf(db, lti, node.id, caller.tenantId);
      if (!tool) throw new ConflictError('no_proctoring_tool', { key: 'proctoringToolMissing' });
      if (proctoringBlock(await lastSessionOf(caller, workflow), workflow) !== null)
        throw new ForbiddenError('proctoring_refused', { key: 'proctoringBeingGraded' });
      const resourceLinkId = await resourceLinkOf(place, tool);

      const token = newSecret();
      const now = clock.now();
      const expires = new Date(now.getTime() + START_TOKEN_TTL_SECONDS * 1000).toISOString();
      const tokenFields = {
        startTokenHash: sha256Hex(token),
        startTokenExpires: expires,
        startTokenUsed: null,
      };
      // The activity workflow row is locked (PostgreSQL; SQLite runs one writer at a time), so concurrent
      // calls agree on the session; the unique (activity workflow, attempt number) index backs it.
      await db.transaction().execute(async (tx) => {
        await tx
          .selectFrom('activityWorkflows')
          .select('id')
          .where('id', '=', workflow.id)
          .$if(dialect === 'postgres', (qb) => qb.forUpdate())
          .executeTakeFirst();
        const newest = await findNewestSession(tx, workflow.id);
        let sessionId: string;
        if (
          newest &&
          newest.state === ProctoringSessionState.created &&
          newest.assessmentStarted === null &&
          newest.finished === null
        ) {
          sessionId = newest.id;
          await tx
            .updateTable('proctoringSessions')
            .set({ ...tokenFields, toolId: tool.id, resourceLinkId })
            .where('id', '=', sessionId)
            .execute();
        } else {
          sessionId = newId();
          await tx
            .insertInto('proctoringSessions')
            .values({
              id: sessionId,
              tenantId: caller.tenantId,
              userId: caller.userId,
              objectiveWorkflowId: attempt.id,
              activityWorkflowId: workflow.id,
              activityId: node.id,
              axis: workflow.axis,
              toolId: tool.id,
              resourceLinkId,
              state: ProctoringSessionState.created,
              attemptNumber: (newest?.attemptNumber ?? 0) + 1,
              sessionDataHash: null,
              sessionDataSealed: null,
              ...tokenFields,
              assessmentStarted: null,
              finished: null,
              created: now.toISOString(),
            })
            .execute();
        }
        await tx
          .updateTable('activityWorkflows')
          .set({ lastProctoringSessionId: sessionId })
          .where('id', '=', workflow.id)
          .execute();
      });
      return { token, startUrl: urls.start(token), expires };
    },

    /** GET …/last-proctoring-session/end-form: the LtiEndAssessment launch of the caller's finished session. */
    async endForm(
      caller: Principal,
      objectiveWorkflowId: string,
      activityWorkflowId: string,
      binding: () => string,
    ): Promise<ResourceForm> {
      const { attempt, workflow } = await placeOf(caller, objectiveWorkflowId, activityWorkflowId);
      const session = await lastSessionOf(caller, workflow);
      if (!session) throw notFound();
      if (session.state !== ProctoringSessionState.finished)
        throw new ConflictError('proctoring_session_not_finished', {
          key: 'proctoringSessionNotFinished',
        });
      const tool = await lti.tools.findById(session.toolId);
      if (!tool || !tool.enabled || tool.tenantId !== caller.tenantId || tool.loginUrl === null)
        throw new ConflictError('no_proctoring_tool', { key: 'proctoringToolMissing' });
      const fields = await createProctoringLaunch(db, lti, {
        session,
        tool,
        messageType: END_ASSESSMENT,
        objectiveId: attempt.objectiveId,
        bindingToken: binding(),
        publicUrl: ctx.config.publicUrl,
        now: clock.now(),
      });
      return {
        action: tool.loginUrl,
        method: 'POST',
        fields,
        displayMode: 1,
        preferredWidth: null,
        preferredHeight: null,
      };
    },
  };
}

export type ProctoringService = ReturnType<typeof createProctoringService>;
