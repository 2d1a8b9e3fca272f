// Spec 2: on a small screen, activities that do not support mobile view recommend a desktop.
import { Alert } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconDeviceDesktop } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** Spec 9: the mobile breakpoint. */
export const MOBILE_QUERY = '(max-width: 970px)';

export function MobileWarning({ supportMobileView }: { supportMobileView: boolean }) {
  const { t } = useTranslation('courseContent');
  const isMobile = useMediaQuery(MOBILE_QUERY) ?? false;
  if (supportMobileView || !isMobile) return null;
  return (
    <Alert color="yellow" icon={<IconDeviceDesktop size={18} aria-hidden="true" />} mb="md">
      {t('mobileWarning')}
    </Alert>
  );
}
