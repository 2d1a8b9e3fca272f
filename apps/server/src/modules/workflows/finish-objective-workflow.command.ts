// POST finish-objective-workflows: ends an attempt in progress with its result, or finishes a graded one.
import { finishObjectiveWorkflowPayloadSchema, WorkflowState } from '@portal/contracts';
import { defineCommand, type CommandDefinition } from '../../commands/command-types.ts';
import type { DialectName } from '../../db/dialect.ts';
import { issueCertificateForAttempt } from '../certificates/certificate-issuance.ts';
import { finishWithResult } from './attempt-progress.ts';
import { createWorkflowsRepository } from './workflows.repository.ts';
import { refuse } from './workflow-refusals.ts';

export const FINISH_OBJECTIVE_WORKFLOWS = 'finish-objective-workflows';
const FIELD = 'ObjectiveWorkflowId';
const FINISHABLE: readonly number[] = [
  WorkflowState.inProgress,
  WorkflowState.graded,
  WorkflowState.gradingApproved,
];

export function finishObjectiveWorkflowCommand(dialect: DialectName): CommandDefinition {
  return defineCommand({
    type: FINISH_OBJECTIVE_WORKFLOWS,
    payload: finishObjectiveWorkflowPayloadSchema,
    resultUrl: (id) => `/api/lms/v1/users/me/objective-workflows/${id}`,
    async handle(tx, { payload, userId, tenantId, now, t }) {
      const repository = createWorkflowsRepository(tx, dialect);
      const attempt = await repository.findAttempt(
        { userId, tenantId },
        payload.objectiveWorkflowId,
        { lock: true },
      );
      if (!attempt) return refuse(FIELD, t('attemptNotFound', { id: payload.objectiveWorkflowId }));
      if (!FINISHABLE.includes(attempt.state)) {
        return refuse(
          FIELD,
          t(attempt.state === WorkflowState.finished ? 'attemptFinished' : 'attemptInGrading'),
        );
      }
      if (attempt.state === WorkflowState.inProgress || attempt.objectiveRecordId === null) {
        await finishWithResult({ repository, tenantId, userId, now, tx }, attempt);
      } else {
        await repository.markFinished({ userId, tenantId }, attempt, now.toISOString());
        // A graded attempt that passed is certified when it is finished, in the same transaction.
        await issueCertificateForAttempt(tx, attempt.id, now);
      }
      return { entityId: attempt.id };
    },
  });
}
