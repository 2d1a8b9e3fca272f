// POST start-objective-workflows: the learner starts an attempt of an enrolled course, when every rule allows it.
import {
  ActivityState,
  ObjectiveStatus,
  startObjectiveWorkflowPayloadSchema,
  WorkflowState,
} from '@portal/contracts';
import { availabilityState } from '@portal/domain';
import { defineCommand, type CommandDefinition } from '../../commands/command-types.ts';
import type { DialectName } from '../../db/dialect.ts';
import { newId } from '../../lib/ids.ts';
import { createWorkflowsRepository, type AggregateRow } from './workflows.repository.ts';
import { localizeDated, type LocalizedText } from '../../i18n/server-i18n.ts';
import { refuse } from './workflow-refusals.ts';

export const START_OBJECTIVE_WORKFLOWS = 'start-objective-workflows';
const FIELD = 'ObjectiveWorkflowAggregateId';

/** Why the learner cannot start a new attempt now, or null when they can (dates as ISO `date` params). */
export function startRefusal(
  aggregate: AggregateRow,
  unfinished: number,
  now: Date,
): LocalizedText | null {
  if (
    aggregate.objectiveStatus === ObjectiveStatus.archived ||
    aggregate.rootActivityState === ActivityState.archived
  )
    return { key: 'courseArchived' };
  if (
    aggregate.objectiveStatus !== ObjectiveStatus.active ||
    (aggregate.rootActivityState !== ActivityState.ready &&
      aggregate.rootActivityState !== ActivityState.expired)
  )
    return { key: 'courseNotAvailableYet' };
  const enrolled =
    aggregate.isSelfEnrolled === 1 ||
    aggregate.isMandatory === 1 ||
    aggregate.lastObjectiveWorkflowId !== null ||
    aggregate.lastObjectiveRecordId !== null;
  if (!enrolled) return { key: 'notEnrolled' };
  if (unfinished > 0) return { key: 'courseAlreadyInProgress' };
  const hasWorkflow = aggregate.lastObjectiveWorkflowId !== null;
  // An imported result (a record without an attempt) may always be started again.
  if (
    hasWorkflow &&
    aggregate.lastWorkflowState === WorkflowState.finished &&
    aggregate.retake !== 1
  )
    return { key: 'retakeNotAllowed' };
  if (hasWorkflow && aggregate.lastWorkflowState !== WorkflowState.finished)
    return { key: 'previousAttemptInGrading' };
  const window = availabilityState(
    {
      availabilityDate: aggregate.availabilityDate,
      availabilityEndDate: aggregate.availabilityEndDate,
      hasWorkflow,
      retake: aggregate.retake === 1,
    },
    now,
  );
  if (window.kind === 'notYetAvailable')
    return { key: 'courseStartsOn', params: { date: window.date } };
  if (window.kind === 'closed') return { key: 'courseStartClosed', params: { date: window.date } };
  return null;
}

export function startObjectiveWorkflowCommand(dialect: DialectName): CommandDefinition {
  return defineCommand({
    type: START_OBJECTIVE_WORKFLOWS,
    payload: startObjectiveWorkflowPayloadSchema,
    resultUrl: (id) => `/api/lms/v1/users/me/objective-workflows/${id}`,
    async handle(tx, { payload, userId, tenantId, now, locale, t }) {
      const repository = createWorkflowsRepository(tx, dialect);
      // Locks the aggregate on PostgreSQL: concurrent starts of one course queue here and see each other.
      const aggregate = await repository.findAggregate(
        { userId, tenantId },
        payload.objectiveWorkflowAggregateId,
      );
      if (!aggregate) {
        return refuse(FIELD, t('enrolmentNotFound', { id: payload.objectiveWorkflowAggregateId }));
      }
      const unfinished = await repository.countUnfinishedAttempts(aggregate.id);
      const refusal = startRefusal(aggregate, unfinished, now);
      if (refusal) return refuse(FIELD, localizeDated(locale, refusal));
      // The attempt gets its own id: the client submits it later with that id as the command id, which
      // must not collide with this command's id in the one command table.
      const id = newId();
      await repository.insertAttempt({
        id,
        tenantId,
        aggregateId: aggregate.id,
        objectiveId: aggregate.objectiveId,
        userId,
        now: now.toISOString(),
      });
      return { entityId: id };
    },
  });
}
