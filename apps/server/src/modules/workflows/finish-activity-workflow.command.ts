// POST finish-activity-workflows: the learner completes a text activity; results roll up to the attempt.
import {
  ActivityType,
  finishActivityWorkflowPayloadSchema,
  WorkflowState,
} from '@portal/contracts';
import { activityStartBlockReason } from '@portal/domain';
import { defineCommand, type CommandDefinition } from '../../commands/command-types.ts';
import type { DialectName } from '../../db/dialect.ts';
import {
  completeTextActivity,
  loadAttemptTree,
  pathTo,
  rollUpAncestors,
} from './attempt-progress.ts';
import { createWorkflowsRepository } from './workflows.repository.ts';
import { DISABLED_REASON_KEY, refuse } from './workflow-refusals.ts';
import { proctoringRefusal } from '../proctoring/proctoring-guard.ts';

export const FINISH_ACTIVITY_WORKFLOWS = 'finish-activity-workflows';
const FIELD = 'ActivityWorkflowIds';

export function finishActivityWorkflowCommand(dialect: DialectName): CommandDefinition {
  return defineCommand({
    type: FINISH_ACTIVITY_WORKFLOWS,
    payload: finishActivityWorkflowPayloadSchema,
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
      const { source, tree } = await loadAttemptTree(repository, attempt, now);
      const workflows = new Map(source.workflows.map((w) => [w.id, w]));
      const unknown = payload.activityWorkflowIds.find((id) => !workflows.has(id));
      if (unknown !== undefined)
        return refuse(FIELD, t('activityAttemptNotFound', { id: unknown }));
      const workflow = workflows.get(payload.activityWorkflowIds.at(-1)!)!;
      const path = pathTo(tree, workflow.axis);
      const node = path?.at(-1);
      if (!path || !node || node.id !== workflow.activityId)
        return refuse(FIELD, t('activityRemoved'));
      if (node.activityWorkflowAggregate.lastActivityWorkflow?.id !== workflow.id)
        return refuse(FIELD, t('newerActivityAttempt'));
      if (node.type !== ActivityType.text) return refuse(FIELD, t('onlyTextCompletedByLearner'));
      // Finishing twice (a double click, a replay with a new id) changes nothing.
      if (workflow.finished !== null) return { entityId: workflow.id };
      for (const step of path) {
        const reason = activityStartBlockReason(step, now);
        if (reason !== null) return refuse(FIELD, t(DISABLED_REASON_KEY[reason]));
      }
      // A proctored activity is finished only inside its open proctor session (decision 0028).
      const proctoring = await proctoringRefusal(tx, { userId, tenantId }, path);
      if (proctoring !== null) return refuse(FIELD, t(proctoring));
      const context = { repository, tenantId, userId, now };
      await completeTextActivity(context, node, workflow);
      await rollUpAncestors(context, attempt, workflow.axis);
      return { entityId: workflow.id };
    },
  });
}
