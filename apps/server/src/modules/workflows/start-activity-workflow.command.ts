// POST start-activity-workflows: opens the node at an axis of an attempt, creating its missing ancestors.
import { startActivityWorkflowPayloadSchema, WorkflowState } from '@portal/contracts';
import { activityStartBlockReason } from '@portal/domain';
import { defineCommand, type CommandDefinition } from '../../commands/command-types.ts';
import type { DialectName } from '../../db/dialect.ts';
import { newId } from '../../lib/ids.ts';
import { applyTeamStateOnStart } from '../teams/team-progress.ts';
import { loadAttemptTree, pathTo } from './attempt-progress.ts';
import { createWorkflowsRepository } from './workflows.repository.ts';
import { DISABLED_REASON_KEY, refuse } from './workflow-refusals.ts';

export const START_ACTIVITY_WORKFLOWS = 'start-activity-workflows';
const FIELD = 'ActivityPartIds';

export function startActivityWorkflowCommand(dialect: DialectName): CommandDefinition {
  return defineCommand({
    type: START_ACTIVITY_WORKFLOWS,
    payload: startActivityWorkflowPayloadSchema,
    async handle(tx, { payload, userId, tenantId, now, t }) {
      const repository = createWorkflowsRepository(tx, dialect);
      const attempt = await repository.findAttempt(
        { userId, tenantId },
        payload.objectiveWorkflowId,
        { lock: true },
      );
      if (!attempt) {
        return refuse(
          'ObjectiveWorkflowId',
          t('attemptNotFound', { id: payload.objectiveWorkflowId }),
        );
      }
      if (attempt.state !== WorkflowState.inProgress)
        return refuse('ObjectiveWorkflowId', t('courseNotInProgress'));
      const { tree } = await loadAttemptTree(repository, attempt, now);
      const axis = payload.activityPartIds.join('/');
      const path = pathTo(tree, axis);
      if (path === null) return refuse(FIELD, t('noActivityAt', { axis }));
      // Every node on the way must be open: a constraint on a module closes all its activities.
      for (const node of path) {
        const reason = activityStartBlockReason(node, now);
        if (reason !== null) return refuse(FIELD, t(DISABLED_REASON_KEY[reason]));
      }
      const target = path[path.length - 1]!;
      // Idempotent: the node's workflow of this attempt is answered again, never duplicated.
      const existing = target.activityWorkflowAggregate.lastActivityWorkflow;
      if (existing) return { entityId: existing.id };
      let parentId: string | null = null;
      for (const node of path) {
        const current = node.activityWorkflowAggregate.lastActivityWorkflow;
        if (current) {
          parentId = current.id;
          continue;
        }
        // Never the command's id: ids are chosen by clients, and another learner's id must not collide here.
        const id = newId();
        await repository.insertActivityWorkflow({
          id,
          tenantId,
          objectiveWorkflowId: attempt.id,
          activityId: node.id,
          axis: node.axis,
          parentActivityWorkflowId: parentId,
          now: now.toISOString(),
        });
        parentId = id;
      }
      // A team activity the member's team already submitted or had graded starts in the team's state.
      if ((target.teamMode ?? 0) > 0) {
        await applyTeamStateOnStart(tx, dialect, {
          userId,
          tenantId,
          attempt,
          activityId: target.id,
          now,
        });
      }
      return { entityId: parentId };
    },
  });
}
