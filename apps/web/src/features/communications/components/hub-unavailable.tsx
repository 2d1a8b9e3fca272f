// Spec course-experience §8: what the hub shows instead of messages when its server cannot be reached.
import { useEffect } from 'react';
import { Alert, Button, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { announce } from '../../../lib/announcer.ts';

export function HubUnavailable({ onRetry, retrying }: { onRetry(): void; retrying: boolean }) {
  const { t } = useTranslation('communications');
  useEffect(() => announce(t('unavailable'), 'assertive'), [t]);
  return (
    <Stack gap="sm" align="flex-start">
      <Alert color="red" w="100%">
        {t('unavailable')}
      </Alert>
      <Button variant="default" onClick={onRetry} loading={retrying}>
        {t('retry')}
      </Button>
    </Stack>
  );
}
