// What a list shows when its data could not be loaded: a short alert with a retry button.
import { Alert, Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export function LoadFailed({ title, onRetry }: { title: string; onRetry(): void }) {
  const { t } = useTranslation('courseList');
  return (
    <Alert color="red" title={title} role="alert">
      <Button mt="sm" variant="default" onClick={onRetry}>
        {t('retry')}
      </Button>
    </Alert>
  );
}
