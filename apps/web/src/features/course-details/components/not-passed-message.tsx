// Spec 8: the not-passed message of a failed result, with the minimum versus the scored points and what is left.
import { Alert, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { AttemptsLeft, NotPassedResult } from '@portal/domain';
import { useFormatters } from '../../../lib/format.ts';

export function NotPassedMessage({
  result,
  attemptsLeft,
}: {
  result: NotPassedResult;
  attemptsLeft: AttemptsLeft;
}) {
  const { t } = useTranslation('courseDetails');
  const format = useFormatters();
  // A scale whose maximum is 1 has no points to speak of (spec 9 hides "X out of Y points" then): percents.
  const comparison =
    result.maxScore === 1
      ? t('notPassed.percent', {
          minimum: format.percent(result.minimumScore),
          score: format.percent(result.score),
        })
      : t('notPassed.points', {
          count: result.minimumScore,
          minimum: format.number(result.minimumScore),
          score: format.number(result.score),
          max: format.number(result.maxScore),
        });
  return (
    <Alert
      color="orange"
      variant="light"
      title={t('notPassed.title')}
      icon={<IconAlertTriangle size={18} aria-hidden="true" />}
      data-testid="not-passed-message"
    >
      <Text size="sm">{comparison}</Text>
      <Text size="sm">
        {attemptsLeft === 'unlimited' ? t('notPassed.tryAgain') : t('notPassed.noAttemptsLeft')}
      </Text>
    </Alert>
  );
}
