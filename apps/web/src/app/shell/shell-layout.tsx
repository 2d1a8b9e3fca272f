// The signed-in page frame: skip link, header with user menu, main navigation, main region and footer.
import { Suspense, useEffect } from 'react';
import { Anchor, AppShell, Burger, Group, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconSchool } from '@tabler/icons-react';
import { useSuspenseQuery } from '@tanstack/react-query';
import { Link, Outlet, useNavigation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { BlockingLoader } from '../../components/blocking-loader.tsx';
import { AddToMyCoursesDeepAction } from '../../features/enrolment/add-to-my-courses-deep-action.tsx';
import {
  navigationQuery,
  permissionsQuery,
  useCurrentUser,
  useLearnerSettings,
} from '../../lib/platform-queries.ts';
import { listenForSignOutInOtherTabs, startSessionTracking } from '../../lib/session/session.ts';
import { paths } from '../paths.ts';
import { AppFooter } from './app-footer.tsx';
import { BrowserAlert } from './browser-alert.tsx';
import { MainNavigation } from './main-navigation.tsx';
import { buildNavigationItems } from './navigation-items.ts';
import { MAIN_CONTENT_ID, SkipLink } from './skip-link.tsx';
import { UserMenu } from './user-menu.tsx';
import { useSelfRegisteredToast } from './use-self-registered-toast.ts';
import './shell.css';

/** Spec §9: the menu is a drawer at 1279 px and below, an open side bar above. */
export const MENU_BREAKPOINT = '80em';

export function ShellLayout() {
  const { t } = useTranslation('shell');
  const user = useCurrentUser();
  const settings = useLearnerSettings();
  const { data: permissions } = useSuspenseQuery(permissionsQuery());
  const { data: navigation } = useSuspenseQuery(navigationQuery());
  const [mobileOpened, { toggle, close }] = useDisclosure(false);
  const routerNavigation = useNavigation();
  useSelfRegisteredToast();

  useEffect(() => startSessionTracking(user.id), [user.id]);
  useEffect(() => listenForSignOutInOtherTabs(), []);

  const items = buildNavigationItems({ settings, permissions });
  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{
        width: 260,
        breakpoint: MENU_BREAKPOINT,
        collapsed: { mobile: !mobileOpened, desktop: false },
      }}
      padding="md"
    >
      <SkipLink />
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger
              opened={mobileOpened}
              onClick={toggle}
              hiddenFrom={MENU_BREAKPOINT}
              size="sm"
              aria-label={mobileOpened ? t('navigation.close') : t('navigation.open')}
              aria-expanded={mobileOpened}
              aria-controls="main-navigation"
            />
            <Anchor
              component={Link}
              to={paths.courses}
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
          </Group>
          <UserMenu user={user} navigation={navigation} />
        </Group>
      </AppShell.Header>
      <AppShell.Navbar id="main-navigation" p="sm" aria-label={t('navigation.label')}>
        <MainNavigation items={items} navigation={navigation} onNavigate={close} />
      </AppShell.Navbar>
      <AppShell.Main id={MAIN_CONTENT_ID} tabIndex={-1}>
        <BrowserAlert />
        <Suspense fallback={<BlockingLoader visible />}>
          <Outlet />
        </Suspense>
        <BlockingLoader visible={routerNavigation.state === 'loading'} />
        {/* occflow=addToMyCourses works on every signed-in page, also on a cold start after sign-up. */}
        <AddToMyCoursesDeepAction coursesPath={paths.courses} />
      </AppShell.Main>
      <footer className="app-footer">
        <AppFooter copyright={settings.copyright} />
      </footer>
    </AppShell>
  );
}
