// Dismissible notice for browsers the portal is not tested on; dismissal lasts for the browser session.
import { useState } from 'react';
import { Alert } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { readSessionParsed, writeSession } from '../../lib/storage.ts';
import { currentBrowserFacts, isSupportedBrowser } from './browser-support.ts';

const DISMISSED_KEY = 'browserAlert.dismissed';

export function BrowserAlert() {
  const { t } = useTranslation('shell');
  const [visible, setVisible] = useState(
    () =>
      !isSupportedBrowser(currentBrowserFacts()) &&
      readSessionParsed(DISMISSED_KEY, (value) => (value === true ? true : null)) !== true,
  );
  if (!visible) return null;
  return (
    <Alert
      variant="light"
      color="yellow"
      title={t('browserAlert.title')}
      icon={<IconAlertTriangle aria-hidden="true" />}
      withCloseButton
      closeButtonLabel={t('browserAlert.dismiss')}
      onClose={() => {
        writeSession(DISMISSED_KEY, true);
        setVisible(false);
      }}
      mb="md"
    >
      {t('browserAlert.message')}
    </Alert>
  );
}
