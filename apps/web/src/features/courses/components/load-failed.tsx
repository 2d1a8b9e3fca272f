// What the page shows when its data could not be loaded: a short alert with a retry button.
import { Alert, Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export function LoadFailed({ onRetry }: { onRetry(): void }) {
  const { t } = useTranslation('courses');
  return (
    <Alert color="red" title={t('page.loadFailed')} role="alert">
      <Button mt="sm" variant="default" onClick={onRetry}>
        {t('page.retry')}
      </Button>
    </Alert>
  );
}
