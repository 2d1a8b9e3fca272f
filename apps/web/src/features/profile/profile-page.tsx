// The profile page: the user's full name and two tabs, "Personal info" and "Preferred time zone".
import { Stack, Tabs, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { CurrentUser } from '@portal/contracts';
import { useCurrentUser } from '../../lib/platform-queries.ts';
import { usePageTitle } from '../../lib/page-title.ts';
import { PersonalInfoPanel } from './components/personal-info-panel.tsx';
import { TimeZonePanel } from './components/time-zone-panel.tsx';

function fullName(user: CurrentUser): string {
  return (
    user.name.trim() ||
    [user.first_name, user.middle_name, user.last_name].filter(Boolean).join(' ')
  );
}

export function ProfilePage() {
  const { t } = useTranslation('profile');
  const user = useCurrentUser();
  usePageTitle(t('title'));

  return (
    <Stack gap="md">
      <Title order={1}>{fullName(user)}</Title>
      <Tabs defaultValue="personal-info">
        <Tabs.List aria-label={t('tabs.label')}>
          <Tabs.Tab value="personal-info">{t('tabs.personalInfo')}</Tabs.Tab>
          <Tabs.Tab value="time-zone">{t('tabs.timeZone')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="personal-info">
          <PersonalInfoPanel user={user} />
        </Tabs.Panel>
        <Tabs.Panel value="time-zone">
          <TimeZonePanel user={user} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
