// The signed-in page frame: skip link, header with user menu, main navigation, main region and footer.
import { lazy, Suspense, useEffect, useState } from 'react';
import { Anchor, AppShell, Burger, Group, Text } from '@mantine/core';
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
import { writeUserCookie } from '../../lib/session/user-cookie.ts';
import { paths } from '../paths.ts';
import { AppFooter } from './app-footer.tsx';
import { BrowserAlert } from './browser-alert.tsx';
import { MainNavigation } from './main-navigation.tsx';
import { buildNavigationItems } from './navigation-items.ts';
import { MAIN_CONTENT_ID, SkipLink } from './skip-link.tsx';
import { UserMenuSlot } from './user-menu-trigger.tsx';
import { MENU_BREAKPOINT, useMobileNavigation } from './use-mobile-navigation.ts';
import { useRouteFocus } from './use-route-focus.ts';
import { useSelfRegisteredToast } from './use-self-registered-toast.ts';
import './shell.css';

const FeedbackWidget = lazy(() =>
  import('../../features/feedback/components/feedback-widget.tsx').then((module) => ({
    default: module.FeedbackWidget,
  })),
);

// Loaded after the first paint, only when the tenant turned the tutor on; its panel loads on first open.
const TutorWidget = lazy(() =>
  import('../../features/tutor/components/tutor-widget.tsx').then((module) => ({
    default: module.TutorWidget,
  })),
);

// The live announcement stream: its own chunk, started once the first page has painted.
const AnnouncementLive = lazy(() =>
  import('../../features/communications/live/announcement-live.tsx').then((module) => ({
    default: module.AnnouncementLive,
  })),
);

/** True from a moment after the first paint (two frames, then an idle slot). */
function useAfterFirstPaint(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setPainted(true), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);
  return painted;
}

export function ShellLayout() {
  const { t } = useTranslation('shell');
  const user = useCurrentUser();
  const settings = useLearnerSettings();
  const { data: permissions } = useSuspenseQuery(permissionsQuery());
  const { data: navigation } = useSuspenseQuery(navigationQuery());
  const {
    opened: panelOpened,
    toggle: togglePanel,
    close: closePanel,
    trapsFocus,
    panelHidden,
    burgerRef,
    panelRef,
  } = useMobileNavigation();
  const routerNavigation = useNavigation();
  const painted = useAfterFirstPaint();
  useSelfRegisteredToast();
  useRouteFocus();
  // While the narrow-screen navigation is open, the page behind it is out of reach (like a dialog's).
  const behindPanel = trapsFocus || undefined;

  useEffect(() => startSessionTracking(user.id), [user.id]);
  useEffect(() => writeUserCookie(user), [user]);
  useEffect(() => listenForSignOutInOtherTabs(), []);

  const items = buildNavigationItems({ settings, permissions });
  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{
        width: 260,
        breakpoint: MENU_BREAKPOINT,
        collapsed: { mobile: !panelOpened, desktop: false },
      }}
      padding="md"
    >
      <SkipLink inert={behindPanel} />
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            {/* Only where the navigation is a panel: above the breakpoint it is always open. */}
            <Burger
              ref={burgerRef}
              className="shell-burger"
              opened={panelOpened}
              onClick={togglePanel}
              size="sm"
              aria-label={panelOpened ? t('navigation.close') : t('navigation.open')}
              aria-expanded={panelOpened}
              aria-controls="main-navigation"
            />
            <Anchor
              inert={behindPanel}
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
          <div inert={behindPanel}>
            <UserMenuSlot user={user} navigation={navigation} supportUrl={settings.supportUrl} />
          </div>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar
        ref={panelRef}
        id="main-navigation"
        inert={panelHidden || undefined}
        p="sm"
        aria-label={t('navigation.label')}
      >
        <MainNavigation items={items} navigation={navigation} onNavigate={closePanel} />
      </AppShell.Navbar>
      <AppShell.Main id={MAIN_CONTENT_ID} tabIndex={-1} inert={behindPanel}>
        <BrowserAlert />
        <Suspense fallback={<BlockingLoader visible />}>
          <Outlet />
        </Suspense>
        <BlockingLoader visible={routerNavigation.state === 'loading'} />
        {/* occflow=addToMyCourses works on every signed-in page, also on a cold start after sign-up. */}
        <AddToMyCoursesDeepAction coursesPath={paths.courses} />
      </AppShell.Main>
      <footer className="app-footer" inert={behindPanel}>
        {settings.tutor.enabled ? (
          <Suspense fallback={null}>
            <TutorWidget defaultKnowledgeModelId={settings.tutor.defaultKnowledgeModelId} />
          </Suspense>
        ) : null}
        {settings.feedback.learner.visible ? (
          <Suspense fallback={null}>
            <FeedbackWidget />
          </Suspense>
        ) : null}
        <AppFooter copyright={settings.copyright} />
      </footer>
      {painted ? (
        <Suspense fallback={null}>
          <AnnouncementLive />
        </Suspense>
      ) : null}
    </AppShell>
  );
}
