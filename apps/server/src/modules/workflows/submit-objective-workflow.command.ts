// POST submit-objective-workflows {id}: the learner hands in an attempt; text courses are graded at once.
import { submitObjectiveWorkflowPayloadSchema, WorkflowState } from '@portal/contracts';
import { defineCommand, type CommandDefinition } from '../../commands/command-types.ts';
import type { DialectName } from '../../db/dialect.ts';
import { finishWithResult } from './attempt-progress.ts';
import { createWorkflowsRepository } from './workflows.repository.ts';
import { refuse } from './workflow-refusals.ts';

export const SUBMIT_OBJECTIVE_WORKFLOWS = 'submit-objective-workflows';

export function submitObjectiveWorkflowCommand(dialect: DialectName): CommandDefinition {
  return defineCommand({
    type: SUBMIT_OBJECTIVE_WORKFLOWS,
    payload: submitObjectiveWorkflowPayloadSchema,
    resultUrl: (id) => `/api/lms/v1/users/me/objective-workflows/${id}`,
    async handle(tx, { userId, tenantId, commandId, now, t }) {
      const repository = createWorkflowsRepository(tx, dialect);
      // The command id is the attempt's id (see the payload schema).
      const attempt = await repository.findAttempt({ userId, tenantId }, commandId, {
        lock: true,
      });
      if (!attempt) return refuse('Id', t('attemptNotFound', { id: commandId }));
      if (attempt.state !== WorkflowState.inProgress) return refuse('Id', t('courseNotInProgress'));
      await finishWithResult({ repository, tenantId, userId, now, tx }, attempt);
      return { entityId: attempt.id };
    },
  });
}
