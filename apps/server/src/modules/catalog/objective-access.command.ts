// POST create-objective-accesses: a learner joins a course of their tenant's open catalog (deep action addToMyCourses).
import { createObjectiveAccessPayloadSchema } from '@portal/contracts';
import { defineCommand, type CommandDefinition } from '../../commands/command-types.ts';
import { createCatalogRepository, isEnrolledAccess } from './catalog.repository.ts';

export const CREATE_OBJECTIVE_ACCESSES = 'create-objective-accesses';

export function objectiveAccessCommand(): CommandDefinition {
  return defineCommand({
    type: CREATE_OBJECTIVE_ACCESSES,
    payload: createObjectiveAccessPayloadSchema,
    async handle(tx, { payload, userId, tenantId, now, t }) {
      const caller = { userId, tenantId };
      const repository = createCatalogRepository(tx);
      if (!(await repository.isPublicObjective(tenantId, payload.objectiveId))) {
        return {
          errors: { ObjectiveId: [t('openCatalogCourseNotFound', { id: payload.objectiveId })] },
        };
      }
      const existing = await repository.findAccessOfObjective(caller, payload.objectiveId);
      if (existing) {
        // An access hidden from the lists would make the deep action poll in vain: a public course is
        // open to every learner of the tenant, so it is offered in their catalog.
        if (!isEnrolledAccess(existing) && existing.showInCatalog !== 1)
          await repository.offerInCatalog(caller, existing);
        return { entityId: existing.id };
      }
      const accessId = await repository.insertCatalogAccessIfAbsent(
        caller,
        payload.objectiveId,
        now.toISOString(),
      );
      return { entityId: accessId };
    },
  });
}
