// Texts of the workflow commands' per-field refusals, keyed as the real platform names the properties.
import type { DisabledReason } from '@portal/domain';
import type { CommandOutcome } from '../../commands/command-types.ts';

/** "2026-09-11 08:00 UTC": unambiguous whatever the reader's time zone. */
export function formatUtc(iso: string): string {
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
}

export const notFound = (entity: string, property: string, id: string) =>
  `${entity} with ${property} '${id}' does not exist or your permissions are not enough to access it`;

export const refuse = (field: string, message: string): CommandOutcome => ({
  errors: { [field]: [message] },
});

export const NOT_IN_PROGRESS = 'The course is not in progress.';

/** The learner-facing sentence of each reason an activity cannot be started (spec 4). */
export const DISABLED_REASON_TEXT: Record<DisabledReason, string> = {
  comingSoon: 'This activity is coming soon.',
  completePrevious: 'Complete the previous activities first.',
  gracePeriodOver: 'The grace period of this activity is over.',
  accessibleUntilPassed: 'This activity is no longer accessible.',
  beforeStart: 'This activity cannot be started yet.',
  startDeadlinePassed: 'The deadline to start this activity has passed.',
  reviewHidden: 'Review of this activity is not allowed.',
  constraint: 'This activity is not available.',
};
