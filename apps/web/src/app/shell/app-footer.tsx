// Footer: tenant copyright, privacy policy (when configured) and the app version.
import { Anchor, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { getClientConfig } from '../../lib/client-config.ts';

/** `copyright` is the tenant's setting, known only when signed in; public pages go without it. */
export function AppFooter({ copyright }: { copyright?: string }) {
  const { t } = useTranslation('shell');
  const { privacyPolicyUrl, version } = getClientConfig();
  return (
    <Group component="div" justify="space-between" gap="md" py="md" px="md" wrap="wrap">
      {copyright ? (
        <Text size="sm" c="dimmed">
          {copyright}
        </Text>
      ) : null}
      <Group gap="md">
        {privacyPolicyUrl ? (
          <Anchor
            href={privacyPolicyUrl}
            size="sm"
            target="_blank"
            rel="noopener noreferrer"
            underline="always"
          >
            {t('footer.privacyPolicy')}
          </Anchor>
        ) : null}
        {version ? (
          <Text size="sm" c="dimmed">
            {t('footer.version', { version })}
          </Text>
        ) : null}
      </Group>
    </Group>
  );
}
