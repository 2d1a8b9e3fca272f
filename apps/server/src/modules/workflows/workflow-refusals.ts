// Refusals of the workflow commands: per-field messages, keyed as the real platform names the properties,
// written in the caller's language (the `errors` catalogue).
import type { DisabledReason } from '@portal/domain';
import type { CommandOutcome } from '../../commands/command-types.ts';
import type { ErrorKey } from '../../i18n/server-i18n.ts';

export const refuse = (field: string, message: string): CommandOutcome => ({
  errors: { [field]: [message] },
});

/** The learner-facing sentence of each reason an activity cannot be started (spec 4). */
export const DISABLED_REASON_KEY: Record<DisabledReason, ErrorKey> = {
  comingSoon: 'activityComingSoon',
  completePrevious: 'completePreviousFirst',
  gracePeriodOver: 'gracePeriodOver',
  accessibleUntilPassed: 'activityNoLongerAccessible',
  beforeStart: 'activityNotStartedYet',
  startDeadlinePassed: 'startDeadlinePassed',
  reviewHidden: 'reviewNotAllowed',
  constraint: 'activityNotAvailable',
};
