// The user menu: profile, admin panel, language, colour scheme and sign-out (Sign in when anonymous).
import {
  Avatar,
  Button,
  Group,
  Menu,
  Text,
  UnstyledButton,
  useComputedColorScheme,
  useMantineColorScheme,
} from '@mantine/core';
import { IconLogin, IconLogout, IconSettings, IconUser } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { CurrentUser, NavigationNode } from '@portal/contracts';
import { ADMINISTRATOR_ROLE } from '@portal/domain';
import { loginUrlForHere, signOut } from '../../lib/session/session.ts';
import { paths } from '../paths.ts';
import { LanguageMenu } from './language-menu.tsx';

export const ADMIN_NODE_ID = 'admin';

function initials(user: CurrentUser): string {
  return (
    `${user.first_name.charAt(0)}${user.last_name.charAt(0)}`.toLocaleUpperCase() ||
    user.name.charAt(0)
  );
}

/** The admin panel link: Administrators only, and only where the platform offers an admin application. */
export function adminPanelUrl(
  user: CurrentUser,
  navigation: readonly NavigationNode[],
): string | null {
  if (!user.roles.includes(ADMINISTRATOR_ROLE)) return null;
  return navigation.find((node) => node.id === ADMIN_NODE_ID)?.url ?? null;
}

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

export function UserMenu({
  user,
  navigation,
}: {
  user: CurrentUser | null;
  navigation: readonly NavigationNode[];
}) {
  const { t } = useTranslation('shell');
  if (!user) {
    return (
      <Button
        component="a"
        href={loginUrlForHere()}
        leftSection={<IconLogin size={16} aria-hidden="true" />}
      >
        {t('userMenu.signIn')}
      </Button>
    );
  }
  const adminUrl = adminPanelUrl(user, navigation);
  return (
    <Menu position="bottom-end" width={260} withinPortal>
      <Menu.Target>
        <UnstyledButton
          aria-label={user.name}
          data-testid="user-menu-button"
          p={4}
          style={{ borderRadius: 'var(--mantine-radius-md)' }}
        >
          <Group gap="xs" wrap="nowrap">
            <Avatar radius="xl" color="blue" aria-hidden="true">
              {initials(user)}
            </Avatar>
            <Text fw={500} visibleFrom="sm" aria-hidden="true">
              {user.name}
            </Text>
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown aria-label={t('userMenu.label')}>
        <Menu.Item
          component={Link}
          to={paths.profile}
          leftSection={<IconUser size={16} aria-hidden="true" />}
        >
          {t('userMenu.profile')}
        </Menu.Item>
        {adminUrl ? (
          <Menu.Item
            component="a"
            href={adminUrl}
            leftSection={<IconSettings size={16} aria-hidden="true" />}
          >
            {t('userMenu.adminPanel')}
          </Menu.Item>
        ) : null}
        <LanguageMenu />
        <ColourSchemeItem />
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
