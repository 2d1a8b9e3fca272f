// The message of a locked item: why it cannot be opened now (spec 4 priority, spec 5 texts), with its date.
import { Alert } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ActivityConstraint } from '@portal/contracts';
import {
  COMPLETED_COURSE_LOCK_MESSAGE_KEY,
  disabledReasonMessageKey,
  type DisabledReason,
} from '@portal/domain';
import { useFormatters } from '../../../lib/format.ts';

/** The constraint date a reason's message names, when it names one. */
function reasonDate(reason: DisabledReason, constraint: ActivityConstraint | null): string | null {
  if (!constraint) return null;
  switch (reason) {
    case 'gracePeriodOver':
      return constraint.gracePeriodUntil;
    case 'accessibleUntilPassed':
      return constraint.accessibleUntil;
    case 'beforeStart':
      return constraint.startFrom;
    case 'startDeadlinePassed':
      return constraint.startUntil;
    default:
      return null;
  }
}

export function DisabledReasonMessage({
  reason,
  constraint,
}: {
  /** null: locked only because the course is completed and the item was never started. */
  reason: DisabledReason | null;
  constraint: ActivityConstraint | null;
}) {
  const { t } = useTranslation('courseContent');
  const format = useFormatters();
  const date = reason ? reasonDate(reason, constraint) : null;
  const key = reason ? disabledReasonMessageKey(reason) : COMPLETED_COURSE_LOCK_MESSAGE_KEY;
  const message = t(key as 'activityDisabled.comingSoon', {
    date: date ? format.dateTime(date) : '',
  });
  return (
    <Alert
      color="gray"
      icon={<IconLock size={18} aria-hidden="true" />}
      data-testid="disabled-reason"
    >
      {message}
    </Alert>
  );
}
