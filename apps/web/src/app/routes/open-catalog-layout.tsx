// The public frame of the open catalog: banner with the portal name and "Sign in", main, footer.
// No navigation menu and no user: these pages are for visitors who are not signed in (spec §6).
import { Suspense } from 'react';
import { Anchor, Box, Container, Group, Text } from '@mantine/core';
import { IconSchool } from '@tabler/icons-react';
import { Link, Outlet } from 'react-router';
import { useTranslation } from 'react-i18next';
import { BlockingLoader } from '../../components/blocking-loader.tsx';
import { absolutePaths, oidcPaths, paths } from '../paths.ts';
import { AppFooter } from '../shell/app-footer.tsx';
import { MAIN_CONTENT_ID, SkipLink } from '../shell/skip-link.tsx';
import { useRouteFocus } from '../shell/use-route-focus.ts';
import '../shell/shell.css';

const HEADER_HEIGHT = 60;

export function Component() {
  const { t } = useTranslation('openCatalog');
  useRouteFocus();
  return (
    <>
      <SkipLink />
      <Box
        component="header"
        h={HEADER_HEIGHT}
        px="md"
        style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
      >
        <Group h="100%" justify="space-between" wrap="nowrap">
          <Anchor
            component={Link}
            to={paths.openCatalog}
            underline="never"
            c="var(--mantine-color-text)"
          >
            <Group gap={8} wrap="nowrap">
              <IconSchool
                size={28}
                aria-hidden="true"
                color="var(--mantine-primary-color-filled)"
              />
              <Text component="span" fw={700} size="lg">
                {t('appName', { ns: 'common' })}
              </Text>
            </Group>
          </Anchor>
          {/* Signed-in visitors continue in My Courses; the full load leaves for the sign-in flow. */}
          <Anchor href={oidcPaths.login(absolutePaths.courses)} fw={600}>
            {t('signIn')}
          </Anchor>
        </Group>
      </Box>
      <Box component="main" id={MAIN_CONTENT_ID} tabIndex={-1} py="lg">
        <Container size="xl">
          <Suspense fallback={<BlockingLoader visible />}>
            <Outlet />
          </Suspense>
        </Container>
      </Box>
      <footer className="app-footer">
        <AppFooter />
      </footer>
    </>
  );
}
