// Writes an attempt's progress: completing a text activity, rolling results up the tree, grading on submit.
import { ActivityType } from '@portal/contracts';
import { findNodeByAxis, gradeForScore, rollUp, type RollUpNode } from '@portal/domain';
import type { ActivityNode } from '@portal/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { newId } from '../../lib/ids.ts';
import { issueCertificateForAttempt } from '../certificates/certificate-issuance.ts';
import { buildActivityTree, type TreeSource } from './activity-tree.builder.ts';
import type { AttemptRow, WorkflowsRepository } from './workflows.repository.ts';

type TreeAttempt = Pick<AttemptRow, 'id' | 'rootActivityId' | 'scalePassingScore'>;

/** What the tree of an attempt is built from: the course's activities and parts, the attempt's workflows. */
export async function loadTreeSource(
  repository: WorkflowsRepository,
  attempt: TreeAttempt,
): Promise<TreeSource> {
  const [{ activities, parts }, workflows] = await Promise.all([
    repository.loadTree(attempt.rootActivityId),
    repository.findActivityWorkflows(attempt.id),
  ]);
  return {
    rootActivityId: attempt.rootActivityId,
    scalePassingScore: attempt.scalePassingScore,
    activities,
    parts,
    workflows,
  };
}

/** The attempt's tree as stored, nothing hidden: the commands decide on the real values. */
export async function loadAttemptTree(
  repository: WorkflowsRepository,
  attempt: TreeAttempt,
  now: Date,
): Promise<{ source: TreeSource; tree: ActivityNode }> {
  const source = await loadTreeSource(repository, attempt);
  return {
    source,
    tree: buildActivityTree(source, { now, hideScores: false, ignoreDisclosure: true }),
  };
}

/** The node and its ancestors, root first ("a/b" → "", "a", "a/b"); null when the axis is not in the tree. */
export function pathTo(tree: ActivityNode, axis: string): ActivityNode[] | null {
  const ids = axis === '' ? [] : axis.split('/');
  const path: ActivityNode[] = [];
  for (let length = 0; length <= ids.length; length += 1) {
    const node = findNodeByAxis(tree, ids.slice(0, length).join('/'));
    if (node === null) return null;
    path.push(node);
  }
  return path;
}

/**
 * Roll-up input of a node. Draft children ("coming soon") cannot be taken, so they neither hold a composite
 * back nor lower its progress; leaves use their stored workflow and best record.
 */
function toRollUpNode(node: ActivityNode): RollUpNode {
  const workflow = node.activityWorkflowAggregate.lastActivityWorkflow;
  const record = node.activityWorkflowAggregate.bestActivityRecord;
  return {
    optional: node.part?.optional ?? false,
    scoreWeight: node.part?.scoreWeight ?? 1,
    finished: workflow?.finished != null,
    progress: workflow?.progress ?? 0,
    normalizedScore: record?.normalizedScore ?? null,
    children: node.children.filter((child) => child.contentAvailable).map(toRollUpNode),
  };
}

export function rolledUp(node: ActivityNode) {
  return rollUp(toRollUpNode(node));
}

interface WriteContext {
  repository: WorkflowsRepository;
  tenantId: string;
  userId: string;
  now: Date;
}

/** Completes a text activity: progress 1 and full marks, as reading it is all it asks. */
export async function completeTextActivity(
  { repository, tenantId, userId, now }: WriteContext,
  node: ActivityNode,
  workflow: { id: string; started: string | null; activityRecordId: string | null },
): Promise<void> {
  const passing = node.normalizedPassingScore;
  await repository.saveActivityResult({
    workflowId: workflow.id,
    recordId: newId(),
    existingRecordId: workflow.activityRecordId,
    tenantId,
    activityId: node.id,
    userId,
    started: workflow.started,
    progress: 1,
    score: node.maxScore,
    maxScore: node.maxScore,
    normalizedScore: 1,
    passed: passing === null ? null : 1 >= passing,
    finished: now.toISOString(),
    now: now.toISOString(),
  });
}

/**
 * Rolls progress and score up through every composite above `axis` (deepest first) and into the attempt.
 * A composite's workflow is finished once its required children are.
 */
export async function rollUpAncestors(
  context: WriteContext,
  attempt: TreeAttempt,
  axis: string,
): Promise<void> {
  const { repository, tenantId, userId, now } = context;
  const { source, tree } = await loadAttemptTree(repository, attempt, now);
  const path = pathTo(tree, axis) ?? [tree];
  const records = new Map(source.workflows.map((w) => [w.id, w.activityRecordId]));
  for (const node of path.slice(0, -1).reverse()) {
    const workflow = node.activityWorkflowAggregate.lastActivityWorkflow;
    if (workflow === null || node.type !== ActivityType.composite) continue;
    const result = rolledUp(node);
    const passing = node.normalizedPassingScore;
    await repository.saveActivityResult({
      workflowId: workflow.id,
      recordId: newId(),
      existingRecordId: records.get(workflow.id) ?? null,
      tenantId,
      activityId: node.id,
      userId,
      started: workflow.started,
      progress: result.progress,
      score: result.normalizedScore === null ? null : result.normalizedScore * node.maxScore,
      maxScore: node.maxScore,
      normalizedScore: result.normalizedScore,
      passed:
        passing === null || result.normalizedScore === null
          ? null
          : result.normalizedScore >= passing,
      // Once finished it stays finished: a later roll-up keeps the first finishing time.
      finished: workflow.finished ?? (result.finished ? now.toISOString() : null),
      now: now.toISOString(),
    });
  }
  const root = rolledUp(tree);
  await repository.updateAttemptProgress(attempt.id, root.progress, root.normalizedScore);
  // A proctored activity that has just finished ends its proctoring session in the same transaction.
  await repository.finishProctoringSessions(attempt.id, now.toISOString());
}

/** Writing context of the commands that finish an attempt: the transaction itself, for the certificate. */
export interface FinishContext extends WriteContext {
  tx: Kysely<Database>;
}

/**
 * Grades an in-progress (or graded) attempt at once and finishes it: the record's score is the rolled-up
 * normalized score on the grading scale, with its grade and passed; without a scale, on the root activity.
 * A pass issues the course's certificate in the same transaction.
 */
export async function finishWithResult(
  { repository, tenantId, now, tx }: FinishContext,
  attempt: AttemptRow,
): Promise<string> {
  const { tree } = await loadAttemptTree(repository, attempt, now);
  const result = rolledUp(tree);
  const normalizedScore = result.normalizedScore ?? 0;
  const scale =
    attempt.gradingScaleId === null
      ? undefined
      : await repository.findGradingScale(attempt.gradingScaleId);
  const maxScore = scale?.maxScore ?? tree.maxScore;
  const passing = scale?.normalizedPassingScore ?? tree.normalizedPassingScore;
  const grade = scale
    ? gradeForScore({ objectiveGrades: scale.grades.map((g) => ({ ...g })) }, normalizedScore)
    : null;
  const recordId = newId();
  await repository.finishAttempt({
    attempt,
    tenantId,
    recordId,
    progress: result.progress,
    score: normalizedScore * maxScore,
    maxScore,
    normalizedScore,
    gradeId: grade?.id ?? null,
    passed: passing === null ? null : normalizedScore >= passing,
    now: now.toISOString(),
  });
  await issueCertificateForAttempt(tx, attempt.id, now);
  return recordId;
}
