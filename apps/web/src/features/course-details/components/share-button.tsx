// Share: copies the course's link; the icon turns into a check for 10 s after a copy (spec 8, 9).
import { useEffect, useState } from 'react';
import { Button } from '@mantine/core';
import { IconCheck, IconShare } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { SHARE_COPIED_MS } from '@portal/contracts';
import { showToast } from '../../../lib/toast.ts';

export function ShareButton({ link }: { link: string }) {
  const { t } = useTranslation('courseDetails');
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    if (!copied) return;
    const timer = window.setTimeout(() => setCopied(false), SHARE_COPIED_MS);
    return () => window.clearTimeout(timer);
  }, [copied]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      setCopied(true);
      showToast({ kind: 'success', message: t('actions.linkCopied') });
    } catch (error) {
      console.warn('The course link could not be copied', error);
      showToast({ kind: 'critical', message: t('actions.linkNotCopied') });
    }
  };

  return (
    <Button
      variant="default"
      onClick={() => void copy()}
      data-copied={copied}
      leftSection={
        copied ? (
          <IconCheck size={16} aria-hidden="true" data-testid="share-copied-icon" />
        ) : (
          <IconShare size={16} aria-hidden="true" />
        )
      }
    >
      {t('actions.share')}
    </Button>
  );
}
