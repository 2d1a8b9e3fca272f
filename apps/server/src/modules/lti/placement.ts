// Where an LTI launch happens: the caller's attempt, the activity workflow launched, the node, its tool; the
// placement's resource link and line item (one each, created on first launch); and the launch context.
import { ActivityType, LtiVersion, WorkflowState, type ActivityNode } from '@portal/contracts';
import { activityStartBlockReason } from '@portal/domain';
import type { Kysely } from 'kysely';
import type { DialectName } from '../../db/dialect.ts';
import type { Database } from '../../db/schema.ts';
import {
  BadRequestError,
  ConflictError,
  DomainError,
  ForbiddenError,
  NotFoundError,
} from '../../http/errors.ts';
import type { Principal } from '../../http/principal.ts';
import { newId } from '../../lib/ids.ts';
import { loadAttemptTree, pathTo } from '../workflows/attempt-progress.ts';
import {
  createWorkflowsRepository,
  type ActivityWorkflowRow,
  type AttemptRow,
} from '../workflows/workflows.repository.ts';
import { DISABLED_REASON_KEY } from '../workflows/workflow-refusals.ts';
import type { LaunchContext } from './launch-context.ts';
import type { LtiModule } from './lti.module.ts';
import { subjectFor } from './subjects.ts';
import { proctoringRefusal } from '../proctoring/proctoring-guard.ts';
import type { LtiActivityResource, LtiToolRecord } from './tools.repository.ts';

type Db = Kysely<Database>;

/** The learner's LIS v2 roles in a course. */
export const LEARNER_ROLES = [
  'http://purl.imsglobal.org/vocab/lis/v2/membership#Learner',
  'http://purl.imsglobal.org/vocab/lis/v2/institution/person#Student',
];

export interface Placement {
  attempt: AttemptRow;
  workflow: ActivityWorkflowRow;
  node: ActivityNode;
  /** The launched node and its ancestors, root first. */
  path: ActivityNode[];
  tool: LtiToolRecord;
  resource: LtiActivityResource;
  /** The resource's own launch URL, else the tool's. */
  targetLinkUri: string;
}

export interface PlacementRequest {
  objectiveWorkflowId: string;
  /** Root first; the last one is launched. */
  activityWorkflowIds: string[];
  /** When given, the launched workflow's axis as part ids (a consistency check). */
  activityPartIds?: string[];
}

const LTI_TYPES: Record<number, number> = {
  [ActivityType.lti13]: LtiVersion.lti13,
  [ActivityType.lti11]: LtiVersion.lti11,
};

type NotFoundKey =
  | 'attemptNotFound'
  | 'activityAttemptNotFound'
  | 'launchedActivityNotFound'
  | 'activityToolNotFound';
const notFound = (key: NotFoundKey, id?: string) =>
  new NotFoundError('not_found', { key, params: id === undefined ? undefined : { id } });

/** The caller's in-progress attempt and its tree, or a 404 / 403 that reveals nothing of anyone else's. */
async function attemptOf(db: Db, dialect: DialectName, caller: Principal, id: string, now: Date) {
  const repository = createWorkflowsRepository(db, dialect);
  const attempt = await repository.findAttempt(caller, id);
  if (!attempt) throw notFound('attemptNotFound', id);
  if (attempt.state !== WorkflowState.inProgress) {
    throw new ForbiddenError('objective_workflow_not_in_progress', { key: 'courseNotInProgress' });
  }
  return { attempt, ...(await loadAttemptTree(repository, attempt, now)) };
}

/** The path to the node the workflow is on; refuses stale, foreign or unstartable workflows. */
function launchedPath(
  tree: ActivityNode,
  workflow: ActivityWorkflowRow,
  request: PlacementRequest,
  now: Date,
): ActivityNode[] {
  const partIds = request.activityPartIds ?? [];
  if (partIds.length > 0 && partIds.join('/') !== workflow.axis) {
    // Only a broken client sends this: a developer's message, not a learner's.
    throw new BadRequestError('invalid_request', 'The request is not valid.', {
      activityPartIds: ['The parts do not lead to the launched activity workflow.'],
    });
  }
  const path = pathTo(tree, workflow.axis);
  const node = path?.at(-1);
  if (!path || !node || node.id !== workflow.activityId) {
    throw notFound('launchedActivityNotFound');
  }
  if (node.activityWorkflowAggregate.lastActivityWorkflow?.id !== workflow.id) {
    throw new ConflictError('stale_activity_workflow', { key: 'newerActivityAttempt' });
  }
  if (LTI_TYPES[node.type] === undefined) {
    throw new BadRequestError('not_an_lti_activity', { key: 'notDeliveredByTool' });
  }
  for (const step of path) {
    const reason = activityStartBlockReason(step, now);
    if (reason !== null)
      throw new ForbiddenError('activity_not_startable', { key: DISABLED_REASON_KEY[reason] });
  }
  return path;
}

/** The enabled tool of the caller's tenant that delivers the activity. */
async function toolOf(lti: LtiModule, caller: Principal, node: ActivityNode) {
  const resource = await lti.tools.findActivityResource(node.id);
  const tool = resource ? await lti.tools.findById(resource.toolId) : null;
  if (!resource || !tool || !tool.enabled || tool.tenantId !== caller.tenantId) {
    throw notFound('activityToolNotFound');
  }
  if (tool.ltiVersion !== LTI_TYPES[node.type]) {
    throw new ConflictError('lti_version_mismatch', { key: 'toolVersionMismatch' });
  }
  return { tool, resource };
}

/** Resolves and checks what the caller launches (see the brief of resource-link and resource-form). */
export async function resolvePlacement(
  deps: { db: Db; dialect: DialectName; lti: LtiModule },
  caller: Principal,
  request: PlacementRequest,
  now: Date,
): Promise<Placement> {
  const { attempt, source, tree } = await attemptOf(
    deps.db,
    deps.dialect,
    caller,
    request.objectiveWorkflowId,
    now,
  );
  const workflows = new Map(source.workflows.map((w) => [w.id, w]));
  const unknown = request.activityWorkflowIds.find((id) => !workflows.has(id));
  if (unknown !== undefined) throw notFound('activityAttemptNotFound', unknown);
  const workflow = workflows.get(request.activityWorkflowIds.at(-1)!)!;
  const path = launchedPath(tree, workflow, request, now);
  const node = path.at(-1)!;
  // A proctored activity is launched only inside its open proctor session (decision 0028).
  const proctoring = await proctoringRefusal(deps.db, caller, path);
  if (proctoring !== null) throw new ForbiddenError('proctoring_refused', { key: proctoring });
  const { tool, resource } = await toolOf(deps.lti, caller, node);
  return {
    attempt,
    workflow,
    node,
    path,
    tool,
    resource,
    targetLinkUri: resource.targetLinkUri ?? tool.targetLinkUri,
  };
}

export interface ResourceLinkRow {
  id: string;
  toolId: string;
  objectiveId: string;
  activityId: string;
  axis: string;
  lineItemId: string;
}

/**
 * The placement's resource link and its line item, created together on first use. Concurrent first uses
 * end with one of each: the link insert does nothing on conflict with the unique placement index, the link
 * row is then locked (PostgreSQL; SQLite runs one write transaction at a time) while its line item is found
 * or created.
 */
export async function ensureResourceLink(
  db: Db,
  dialect: DialectName,
  placement: Placement,
  now: Date,
): Promise<ResourceLinkRow> {
  const { attempt, node, tool, workflow } = placement;
  const created = now.toISOString();
  return db.transaction().execute(async (tx) => {
    await tx
      .insertInto('ltiResourceLinks')
      .values({
        id: newId(),
        tenantId: tool.tenantId,
        toolId: tool.id,
        objectiveId: attempt.objectiveId,
        activityId: node.id,
        axis: workflow.axis,
        created,
      })
      .onConflict((oc) => oc.columns(['objectiveId', 'axis', 'activityId']).doNothing())
      .execute();
    const link = await tx
      .selectFrom('ltiResourceLinks')
      .select(['id', 'toolId', 'objectiveId', 'activityId', 'axis'])
      .where('objectiveId', '=', attempt.objectiveId)
      .where('axis', '=', workflow.axis)
      .where('activityId', '=', node.id)
      .$if(dialect === 'postgres', (qb) => qb.forUpdate())
      .executeTakeFirstOrThrow();
    const lineItem = await tx
      .selectFrom('ltiLineItems')
      .select('id')
      .where('resourceLinkId', '=', link.id)
      .orderBy('created')
      .orderBy('id')
      .executeTakeFirst();
    if (lineItem) return { ...link, lineItemId: lineItem.id };
    const lineItemId = newId();
    await tx
      .insertInto('ltiLineItems')
      .values({
        id: lineItemId,
        toolId: link.toolId,
        objectiveId: link.objectiveId,
        resourceLinkId: link.id,
        label: node.name,
        scoreMaximum: node.maxScore,
        resourceId: null,
        tag: null,
        startDateTime: null,
        endDateTime: null,
        created,
      })
      .execute();
    return { ...link, lineItemId };
  });
}

export interface LaunchContextInput {
  tool: LtiToolRecord;
  resource: LtiActivityResource;
  link: ResourceLinkRow;
  userId: string;
  targetLinkUri: string;
  returnUrl: string;
  documentTarget: 'iframe' | 'window';
  locale: string | null;
  outcomeSourcedId: string | null;
}

/** Everything a launch message says, read from the database (the activity, course and user as they are now). */
export async function loadLaunchContext(db: Db, input: LaunchContextInput): Promise<LaunchContext> {
  const [activity, objective, user, subject] = await Promise.all([
    db
      .selectFrom('activities')
      .select(['name', 'description'])
      .where('id', '=', input.link.activityId)
      .executeTakeFirst(),
    db
      .selectFrom('objectives')
      .select(['name', 'code'])
      .where('id', '=', input.link.objectiveId)
      .executeTakeFirst(),
    db
      .selectFrom('users')
      .select(['firstName', 'middleName', 'lastName', 'email'])
      .where('id', '=', input.userId)
      .executeTakeFirst(),
    subjectFor(db, input.tool.id, input.userId),
  ]);
  if (!activity || !objective || !user) {
    throw new DomainError(404, 'not_found', 'The launched activity no longer exists.');
  }
  return {
    tool: input.tool,
    resource: input.resource,
    resourceLink: { id: input.link.id, title: activity.name, description: activity.description },
    context: { id: input.link.objectiveId, title: objective.name, label: objective.code },
    user: {
      subject,
      givenName: user.firstName,
      familyName: user.lastName,
      fullName: [user.firstName, user.middleName, user.lastName].filter(Boolean).join(' '),
      email: user.email,
    },
    roles: [...LEARNER_ROLES],
    targetLinkUri: input.targetLinkUri,
    returnUrl: input.returnUrl,
    documentTarget: input.documentTarget,
    locale: input.locale,
    lineItemId: input.link.lineItemId,
    outcomeSourcedId: input.outcomeSourcedId,
  };
}

/** The resource link row of a pending launch with its line item (null when either is gone). */
export async function findResourceLink(db: Db, id: string): Promise<ResourceLinkRow | null> {
  const link = await db
    .selectFrom('ltiResourceLinks')
    .select(['id', 'toolId', 'objectiveId', 'activityId', 'axis'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!link) return null;
  const lineItem = await db
    .selectFrom('ltiLineItems')
    .select('id')
    .where('resourceLinkId', '=', id)
    .orderBy('created')
    .orderBy('id')
    .executeTakeFirst();
  return lineItem ? { ...link, lineItemId: lineItem.id } : null;
}
