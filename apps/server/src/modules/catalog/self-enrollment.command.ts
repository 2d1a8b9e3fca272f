// POST create-self-enrollments: the learner adds a catalog course to My Courses, exactly once.
import {
  ActivityState,
  createSelfEnrollmentPayloadSchema,
  ObjectiveStatus,
} from '@portal/contracts';
import { defineCommand, type CommandDefinition } from '../../commands/command-types.ts';
import { createCatalogRepository, isEnrolledAccess, type AccessRow } from './catalog.repository.ts';

export const CREATE_SELF_ENROLLMENTS = 'create-self-enrollments';
/** The per-field key of every refusal, as the real platform names the property. */
const FIELD = 'ObjectiveAccessId';

/** "2026-09-11 08:00 UTC": unambiguous in a toast whatever the reader's time zone. */
export function formatUtc(iso: string): string {
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
}

/** Why the access cannot be self-enrolled at `now`, or null when it can. */
export function refusalOf(access: AccessRow, now: Date): string | null {
  if (
    access.objectiveStatus === ObjectiveStatus.archived ||
    access.activityState === ActivityState.archived
  ) {
    return 'The course is archived.';
  }
  if (access.showInCatalog !== 1 || isEnrolledAccess(access))
    return 'The course is not in your catalog.';
  if (access.availabilityDate !== null && now.getTime() < Date.parse(access.availabilityDate)) {
    return `The course is available from ${formatUtc(access.availabilityDate)}.`;
  }
  if (
    access.availabilityEndDate !== null &&
    now.getTime() > Date.parse(access.availabilityEndDate)
  ) {
    return `The course was available until ${formatUtc(access.availabilityEndDate)}.`;
  }
  return null;
}

export function selfEnrollmentCommand(): CommandDefinition {
  return defineCommand({
    type: CREATE_SELF_ENROLLMENTS,
    payload: createSelfEnrollmentPayloadSchema,
    async handle(tx, { payload, userId, tenantId, now }) {
      const repository = createCatalogRepository(tx);
      const access = await repository.findAccessById(
        { userId, tenantId },
        payload.objectiveAccessId,
      );
      if (!access) {
        return {
          errors: {
            [FIELD]: [
              `Objective access with id '${payload.objectiveAccessId}' does not exist or your permissions are not enough to access it`,
            ],
          },
        };
      }
      // Already added (a double click, a second tab): the learner's wish is fulfilled, nothing changes.
      if (access.isSelfEnrolled === 1) return { entityId: access.id };
      const refusal = refusalOf(access, now);
      if (refusal) return { errors: { [FIELD]: [refusal] } };
      // Another instance may have enrolled the same row since it was read: the conditional UPDATE
      // changes it at most once, and either way the learner ends up enrolled exactly once.
      await repository.markSelfEnrolled(access.aggregateId);
      return { entityId: access.id };
    },
  });
}
