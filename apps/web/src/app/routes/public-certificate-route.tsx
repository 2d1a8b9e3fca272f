// /certificate/{certificateNumber}: the public certificate page, outside the shell: no menu, no sign-in and
// no user fetch (portal-shell-and-lists §2), so a recruiter opens it without an account.
import { Box, Container, Group, Text } from '@mantine/core';
import { IconSchool } from '@tabler/icons-react';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PublicCertificatePage } from '../../features/certificates/public-certificate-page.tsx';
import { absolutePaths, oidcPaths } from '../paths.ts';
import { AppFooter } from '../shell/app-footer.tsx';
import { MAIN_CONTENT_ID, SkipLink } from '../shell/skip-link.tsx';
import { useRouteFocus } from '../shell/use-route-focus.ts';
import '../shell/shell.css';

export function Component() {
  const { t } = useTranslation('common');
  const { certificateNumber = '' } = useParams();
  useRouteFocus();
  return (
    <>
      <SkipLink />
      <Box
        component="header"
        h={60}
        px="md"
        style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
      >
        <Group h="100%" gap={8} wrap="nowrap">
          <IconSchool size={28} aria-hidden="true" color="var(--mantine-primary-color-filled)" />
          <Text component="span" fw={700} size="lg">
            {t('appName')}
          </Text>
        </Group>
      </Box>
      <Box component="main" id={MAIN_CONTENT_ID} tabIndex={-1} py="lg">
        <Container size="xl">
          <PublicCertificatePage
            certificateNumber={certificateNumber}
            pageUrl={window.location.href}
            signUpUrl={oidcPaths.register(absolutePaths.courses)}
          />
        </Container>
      </Box>
      <footer className="app-footer">
        <AppFooter />
      </footer>
    </>
  );
}
