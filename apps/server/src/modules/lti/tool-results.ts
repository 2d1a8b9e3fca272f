// Scores from tools (AGS and LTI 1.1 outcomes) land here: the result is recorded, and the learner's current
// attempt takes it into the activity's workflow and record, rolled up the course like any other activity.
import { WorkflowState } from '@portal/contracts';
import type { Kysely, Selectable } from 'kysely';
import type { AppContext } from '../../app-context.ts';
import type { Database, LtiResourceLinksTable } from '../../db/schema.ts';
import { NotFoundError } from '../../http/errors.ts';
import { newId } from '../../lib/ids.ts';
import {
  finishWithResult,
  loadAttemptTree,
  pathTo,
  rollUpAncestors,
} from '../workflows/attempt-progress.ts';
import {
  createWorkflowsRepository,
  type AttemptRow,
  type WorkflowsRepository,
} from '../workflows/workflows.repository.ts';

export interface ToolResultInput {
  toolId: string;
  lineItemId: string;
  /** Portal user id (already mapped from the tool's subject). */
  userId: string;
  scoreGiven: number | null;
  scoreMaximum: number | null;
  activityProgress: 'Initialized' | 'Started' | 'InProgress' | 'Submitted' | 'Completed';
  gradingProgress: 'FullyGraded' | 'Pending' | 'PendingManual' | 'Failed' | 'NotReady';
  comment: string | null;
  /** ISO timestamp of the score; a score not newer than the stored one is stale. */
  timestamp: string;
  /** LTI 1.1 outcomes carry no timestamp: an equal timestamp is accepted. */
  allowSameTimestamp?: boolean;
}
export type ToolResultOutcome = { status: 'applied' } | { status: 'stale' };

type ResourceLink = Selectable<LtiResourceLinksTable>;
type Tx = Kysely<Database>;

const ISO_TIMESTAMP =
  /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2})(?:\.(\d{1,9})\d*)?(Z|[+-]\d{2}:\d{2})$/i;

/**
 * The timestamp in UTC with nanosecond digits ("2026-03-15T10:00:00.123456000Z"), so that stored
 * timestamps compare as strings in SQL whatever offset and precision the tool sent.
 */
export function canonicalTimestamp(iso: string): string {
  const match = ISO_TIMESTAMP.exec(iso);
  const seconds = match ? Date.parse(`${match[1]}${match[3]!.toUpperCase()}`) : Number.NaN;
  if (!match || Number.isNaN(seconds)) throw new Error(`Not an ISO timestamp: ${iso}`);
  const fraction = (match[2] ?? '').padEnd(9, '0');
  return `${new Date(seconds).toISOString().slice(0, 19)}.${fraction}Z`;
}

/** Inserts or replaces the user's result unless the stored one is newer; false when stale. */
async function upsertResult(
  tx: Tx,
  input: ToolResultInput,
  timestamp: string,
  now: string,
): Promise<boolean> {
  const values = {
    scoreGiven: input.scoreGiven,
    scoreMaximum: input.scoreMaximum,
    activityProgress: input.activityProgress,
    gradingProgress: input.gradingProgress,
    comment: input.comment,
    timestamp,
    updated: now,
  };
  const row = await tx
    .insertInto('ltiResults')
    .values({ id: newId(), lineItemId: input.lineItemId, userId: input.userId, ...values })
    .onConflict((oc) =>
      oc
        .columns(['lineItemId', 'userId'])
        .doUpdateSet(values)
        .where('ltiResults.timestamp', input.allowSameTimestamp ? '<=' : '<', timestamp),
    )
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

interface ProgressContext {
  repository: WorkflowsRepository;
  tenantId: string;
  userId: string;
  now: Date;
}

/** The user's latest attempt of the course, locked, when it is still in progress. */
async function attemptInProgress(
  tx: Tx,
  repository: WorkflowsRepository,
  link: ResourceLink,
  userId: string,
): Promise<AttemptRow | null> {
  const aggregate = await tx
    .selectFrom('objectiveWorkflowAggregates')
    .select('lastObjectiveWorkflowId')
    .where('objectiveId', '=', link.objectiveId)
    .where('userId', '=', userId)
    .where('tenantId', '=', link.tenantId)
    .executeTakeFirst();
  if (!aggregate?.lastObjectiveWorkflowId) return null;
  const attempt = await repository.findAttempt(
    { userId, tenantId: link.tenantId },
    aggregate.lastObjectiveWorkflowId,
    { lock: true },
  );
  return attempt && attempt.state === WorkflowState.inProgress ? attempt : null;
}

const clamp01 = (value: number) => Math.min(1, Math.max(0, value));
const isHandedIn = (progress: ToolResultInput['activityProgress']) =>
  progress === 'Submitted' || progress === 'Completed';

/**
 * Writes the score into the newest workflow of the link's activity in the attempt; answers whether that
 * workflow is finished, or null when the attempt has no such workflow.
 */
async function applyToActivity(
  context: ProgressContext,
  attempt: AttemptRow,
  link: ResourceLink,
  input: ToolResultInput,
): Promise<boolean | null> {
  const { repository, tenantId, userId, now } = context;
  const { source, tree } = await loadAttemptTree(repository, attempt, now);
  const node = pathTo(tree, link.axis)?.at(-1);
  if (!node || node.id !== link.activityId) return null;
  const latest = node.activityWorkflowAggregate.lastActivityWorkflow;
  const workflow = latest && source.workflows.find((w) => w.id === latest.id);
  if (!workflow) return null;

  const graded =
    input.gradingProgress === 'FullyGraded' &&
    input.scoreGiven !== null &&
    input.scoreMaximum !== null &&
    input.scoreMaximum > 0;
  const normalizedScore = graded
    ? clamp01(input.scoreGiven! / input.scoreMaximum!)
    : workflow.recordNormalizedScore;
  const score = graded ? normalizedScore! * node.maxScore : workflow.recordScore;
  const progress = isHandedIn(input.activityProgress) ? 1 : workflow.progress;
  const finishesNow = input.gradingProgress === 'FullyGraded' && isHandedIn(input.activityProgress);
  // Once finished it stays finished; a later score still updates the record.
  const finished = workflow.finished ?? (finishesNow ? now.toISOString() : null);
  const passing = node.normalizedPassingScore;
  await repository.saveActivityResult({
    workflowId: workflow.id,
    recordId: newId(),
    existingRecordId: workflow.activityRecordId,
    tenantId,
    activityId: node.id,
    userId,
    started: workflow.started,
    progress: Math.max(progress, workflow.progress),
    score,
    maxScore: node.maxScore,
    normalizedScore,
    passed: passing === null || normalizedScore === null ? null : normalizedScore >= passing,
    finished,
    now: now.toISOString(),
  });
  return finished !== null;
}

/** Takes the result into the learner's attempt: the activity, its ancestors, and an LTI course's grade. */
async function applyToAttempt(
  ctx: AppContext,
  tx: Tx,
  link: ResourceLink,
  input: ToolResultInput,
  now: Date,
): Promise<void> {
  const repository = createWorkflowsRepository(tx, ctx.dialect);
  const attempt = await attemptInProgress(tx, repository, link, input.userId);
  if (!attempt) return;
  const context = { repository, tenantId: link.tenantId, userId: input.userId, now, tx };
  const finished = await applyToActivity(context, attempt, link, input);
  if (finished === null) return;
  await rollUpAncestors(context, attempt, link.axis);
  // An LTI course is graded as soon as the tool finishes it, as a text course is on submit (0007).
  if (link.axis === '' && finished) await finishWithResult(context, attempt);
}

/**
 * Records a tool's result for a line item and, when the line item belongs to a resource link, updates the
 * learner's current attempt. All in one transaction; a result not newer than the stored one is refused.
 */
export async function applyToolResult(
  ctx: AppContext,
  input: ToolResultInput,
): Promise<ToolResultOutcome> {
  const timestamp = canonicalTimestamp(input.timestamp);
  return ctx.db.transaction().execute(async (tx) => {
    const now = ctx.clock.now();
    const lineItem = await tx
      .selectFrom('ltiLineItems')
      .select(['id', 'toolId', 'resourceLinkId'])
      .where('id', '=', input.lineItemId)
      .executeTakeFirst();
    if (!lineItem || lineItem.toolId !== input.toolId)
      throw new NotFoundError('line_item_not_found', 'The line item does not exist.');
    if (!(await upsertResult(tx, input, timestamp, now.toISOString())))
      return { status: 'stale' } as const;
    if (lineItem.resourceLinkId !== null) {
      const link = await tx
        .selectFrom('ltiResourceLinks')
        .selectAll()
        .where('id', '=', lineItem.resourceLinkId)
        .executeTakeFirstOrThrow();
      await applyToAttempt(ctx, tx, link, input, now);
    }
    return { status: 'applied' } as const;
  });
}
