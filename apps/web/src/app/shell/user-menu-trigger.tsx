// The user menu's place in the header: its button (the initials and the full name) at once, the menu itself
// (user-menu.tsx) loaded after the first paint; Sign in for an anonymous visitor.
import type { ComponentProps, Ref } from 'react';
import { Avatar, Button, Group, Text, UnstyledButton } from '@mantine/core';
import { IconLogin } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { CurrentUser, NavigationNode } from '@portal/contracts';
import { onDemand } from '../../lib/on-demand.ts';
import { loginUrlForHere } from '../../lib/session/session.ts';
import { OnDemandMenu } from './on-demand-menu.tsx';

function initials(user: CurrentUser): string {
  return (
    `${user.first_name.charAt(0)}${user.last_name.charAt(0)}`.toLocaleUpperCase() ||
    user.name.charAt(0)
  );
}

/**
 * Named by what it shows (WCAG 2.5.3): the initials and the full name. On narrow screens only the initials
 * are visible; the name stays in the accessible name, hidden from the eye only.
 */
export function UserMenuButton({
  user,
  ref,
  ...rest
}: { user: CurrentUser; ref?: Ref<HTMLButtonElement> } & ComponentProps<'button'>) {
  return (
    <UnstyledButton
      ref={ref}
      data-testid="user-menu-button"
      p={4}
      style={{ borderRadius: 'var(--mantine-radius-md)' }}
      {...rest}
    >
      <Group gap="xs" wrap="nowrap">
        <Avatar radius="xl" color="blue">
          {initials(user)}
        </Avatar>
        <Text component="span" fw={500} className="user-menu-name">
          <bdi>
            <bdi>{user.name}</bdi>
          </bdi>
        </Text>
      </Group>
    </UnstyledButton>
  );
}

const userMenu = onDemand(() => import('./user-menu.tsx').then((module) => module.UserMenu));

export function UserMenuSlot({
  user,
  navigation,
  supportUrl,
}: {
  user: CurrentUser | null;
  navigation: readonly NavigationNode[];
  supportUrl: string | null;
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
  return (
    <OnDemandMenu
      menu={userMenu}
      props={{ user, navigation, supportUrl }}
      trigger={(placeholder) => <UserMenuButton user={user} {...placeholder} />}
    />
  );
}
