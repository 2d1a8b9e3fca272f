// POST create-self-enrollments: the learner adds a catalog course to My Courses, exactly once.
import {
  ActivityState,
  createSelfEnrollmentPayloadSchema,
  ObjectiveStatus,
} from '@portal/contracts';
import { defineCommand, type CommandDefinition } from '../../commands/command-types.ts';
import { localizeDated, type LocalizedText } from '../../i18n/server-i18n.ts';
import { createCatalogRepository, isEnrolledAccess, type AccessRow } from './catalog.repository.ts';

export const CREATE_SELF_ENROLLMENTS = 'create-self-enrollments';
/** The per-field key of every refusal, as the real platform names the property. */
const FIELD = 'ObjectiveAccessId';

/** Why the access cannot be self-enrolled at `now`, or null when it can (dates as ISO `date` params). */
export function refusalOf(access: AccessRow, now: Date): LocalizedText | null {
  if (
    access.objectiveStatus === ObjectiveStatus.archived ||
    access.activityState === ActivityState.archived
  ) {
    return { key: 'courseArchived' };
  }
  if (access.showInCatalog !== 1 || isEnrolledAccess(access)) return { key: 'courseNotInCatalog' };
  if (access.availabilityDate !== null && now.getTime() < Date.parse(access.availabilityDate)) {
    return { key: 'courseAvailableFrom', params: { date: access.availabilityDate } };
  }
  if (
    access.availabilityEndDate !== null &&
    now.getTime() > Date.parse(access.availabilityEndDate)
  ) {
    return { key: 'courseAvailableUntil', params: { date: access.availabilityEndDate } };
  }
  return null;
}

export function selfEnrollmentCommand(): CommandDefinition {
  return defineCommand({
    type: CREATE_SELF_ENROLLMENTS,
    payload: createSelfEnrollmentPayloadSchema,
    async handle(tx, { payload, userId, tenantId, now, locale, t }) {
      const repository = createCatalogRepository(tx);
      const access = await repository.findAccessById(
        { userId, tenantId },
        payload.objectiveAccessId,
      );
      if (!access) {
        return {
          errors: { [FIELD]: [t('courseAccessNotFound', { id: payload.objectiveAccessId })] },
        };
      }
      // Already added (a double click, a second tab): the learner's wish is fulfilled, nothing changes.
      if (access.isSelfEnrolled === 1) return { entityId: access.id };
      const refusal = refusalOf(access, now);
      if (refusal) return { errors: { [FIELD]: [localizeDated(locale, refusal)] } };
      // Another instance may have enrolled the same row since it was read: the conditional UPDATE
      // changes it at most once, and either way the learner ends up enrolled exactly once.
      await repository.markSelfEnrolled({ userId, tenantId }, access);
      return { entityId: access.id };
    },
  });
}
