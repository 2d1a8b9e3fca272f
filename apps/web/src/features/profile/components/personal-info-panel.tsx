// "Personal info" tab: e-mail, primary unit and, when configured, the privacy-policy link.
import { Anchor, Skeleton, Stack, Text, VisuallyHidden } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { CurrentUser } from '@portal/contracts';
import { getClientConfig } from '../../../lib/client-config.ts';
import { userUnitsQuery } from '../api/profile-queries.ts';

function PrimaryUnit({ userId }: { userId: string }) {
  const { t } = useTranslation('profile');
  const units = useQuery(userUnitsQuery(userId));
  if (units.isPending) {
    return (
      <Skeleton height={20} width={240} aria-label={t('personalInfo.unitsLoading')} role="status" />
    );
  }
  if (units.isError) {
    return (
      <Text c="red" role="alert">
        {t('personalInfo.unitsError')}
      </Text>
    );
  }
  const primary = units.data.items.find((membership) => membership.is_primary);
  return (
    <Text>
      {primary
        ? t('personalInfo.primaryUnit', { unit: primary.unit.name })
        : t('personalInfo.noPrimaryUnit')}
    </Text>
  );
}

export function PersonalInfoPanel({ user }: { user: CurrentUser }) {
  const { t } = useTranslation('profile');
  const { privacyPolicyUrl } = getClientConfig();
  return (
    <Stack gap="sm" py="md">
      <Text>{t('personalInfo.email', { email: user.email })}</Text>
      <PrimaryUnit userId={user.id} />
      {privacyPolicyUrl ? (
        <Anchor href={privacyPolicyUrl} target="_blank" rel="noopener noreferrer">
          {t('personalInfo.privacyPolicy')}
          <VisuallyHidden> {t('personalInfo.opensInNewTab')}</VisuallyHidden>
        </Anchor>
      ) : null}
    </Stack>
  );
}
