// The user menu, the one menu of the user and the spec's profile menu (§2) in one: the applications of the
// user's roles (Admin panel, Learner, Author, Instructor), Profile, Language, colour scheme, Contact Support
// and Sign out. Loaded after the first paint (user-menu-trigger.tsx shows its button until then).
import { useRef } from 'react';
import { Menu, useComputedColorScheme, useMantineColorScheme } from '@mantine/core';
import {
  IconCheck,
  IconHelp,
  IconLogout,
  IconPencil,
  IconPresentation,
  IconSchool,
  IconSettings,
  IconUser,
} from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { CurrentUser, NavigationNode } from '@portal/contracts';
import { LEARNER_PORTAL_NODE_ID, roleApplications, type RoleApplicationId } from '@portal/domain';
import { signOut } from '../../lib/session/session.ts';
import { paths } from '../paths.ts';
import { LanguageMenu } from './language-menu.tsx';
import { useTakeFocus, type MenuMount } from './on-demand-menu.tsx';
import { UserMenuButton } from './user-menu-trigger.tsx';

export interface RoleApplicationLink {
  id: RoleApplicationId;
  url: string;
  /** This learner portal: shown as the current application. */
  current: boolean;
}

/**
 * The applications of the roles the user holds that the platform offers (navigation nodes admin, learn,
 * teach, instructor with a url), in the spec's order. None when the learner portal would be the only one:
 * a switcher with one entry switches nothing.
 */
export function roleApplicationLinks(
  user: CurrentUser,
  navigation: readonly NavigationNode[],
): RoleApplicationLink[] {
  const links = roleApplications.flatMap(({ nodeId, role }) => {
    const url = navigation.find((node) => node.id === nodeId)?.url;
    if (!url || !user.roles.includes(role)) return [];
    return [{ id: nodeId, url, current: nodeId === LEARNER_PORTAL_NODE_ID }];
  });
  return links.some((link) => !link.current) ? links : [];
}

const applicationIcons: Record<RoleApplicationId, typeof IconUser> = {
  admin: IconSettings,
  learn: IconSchool,
  teach: IconPencil,
  instructor: IconPresentation,
};

function ColourSchemeItem() {
  const { t } = useTranslation('shell');
  const { setColorScheme } = useMantineColorScheme();
  const computed = useComputedColorScheme('light', { getInitialValueInEffect: false });
  return (
    <Menu.CheckboxItem
      checked={computed === 'dark'}
      onChange={(checked) => setColorScheme(checked ? 'dark' : 'light')}
    >
      {t('userMenu.darkColourScheme')}
    </Menu.CheckboxItem>
  );
}

function ApplicationItems({ links }: { links: RoleApplicationLink[] }) {
  const { t } = useTranslation('shell');
  if (links.length === 0) return null;
  return (
    <>
      <Menu.Label>{t('userMenu.applications')}</Menu.Label>
      {links.map((link) => {
        const Icon = applicationIcons[link.id];
        return (
          <Menu.Item
            key={link.id}
            component="a"
            href={link.url}
            leftSection={<Icon size={16} aria-hidden="true" />}
            rightSection={link.current ? <IconCheck size={16} aria-hidden="true" /> : null}
            aria-current={link.current ? 'page' : undefined}
          >
            {t(`userMenu.application.${link.id}`)}
          </Menu.Item>
        );
      })}
      <Menu.Divider />
    </>
  );
}

export function UserMenu({
  user,
  navigation,
  supportUrl,
  opened,
  onChange,
  takeFocus,
}: {
  user: CurrentUser;
  navigation: readonly NavigationNode[];
  supportUrl: string | null;
} & MenuMount) {
  const { t } = useTranslation('shell');
  const target = useRef<HTMLButtonElement>(null);
  useTakeFocus({ takeFocus, opened }, target);
  return (
    <Menu position="bottom-end" width={260} withinPortal opened={opened} onChange={onChange}>
      <Menu.Target>
        <UserMenuButton ref={target} user={user} />
      </Menu.Target>
      <Menu.Dropdown aria-label={t('userMenu.label')}>
        <ApplicationItems links={roleApplicationLinks(user, navigation)} />
        <Menu.Item
          component={Link}
          to={paths.profile}
          leftSection={<IconUser size={16} aria-hidden="true" />}
        >
          {t('userMenu.profile')}
        </Menu.Item>
        <LanguageMenu />
        <ColourSchemeItem />
        {supportUrl ? (
          <Menu.Item
            component="a"
            href={supportUrl}
            leftSection={<IconHelp size={16} aria-hidden="true" />}
          >
            {t('userMenu.contactSupport')}
          </Menu.Item>
        ) : null}
        <Menu.Divider />
        <Menu.Item
          onClick={() => void signOut()}
          leftSection={<IconLogout size={16} aria-hidden="true" />}
        >
          {t('userMenu.signOut')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
