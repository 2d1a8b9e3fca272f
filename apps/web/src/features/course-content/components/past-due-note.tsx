// Spec 4 "past due" (spec 5 "after the due date"): an informational note on an activity whose due date has passed.
import { Alert } from '@mantine/core';
import { IconClockExclamation } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { PastDueNotice } from '@portal/domain';
import { useFormatters } from '../../../lib/format.ts';

export function PastDueNote({ notice }: { notice: PastDueNotice }) {
  const { t } = useTranslation('courseContent');
  const format = useFormatters();
  const due = format.dateTime(notice.due);
  return (
    <Alert
      color="yellow"
      variant="light"
      icon={<IconClockExclamation size={18} aria-hidden="true" />}
      data-testid="past-due-note"
    >
      {notice.gracePeriodUntil
        ? t('pastDue.withGracePeriod', { due, until: format.dateTime(notice.gracePeriodUntil) })
        : t('pastDue.note', { due })}
    </Alert>
  );
}
