// The main navigation: the learner's sections, other platform applications and plugin items.
import type { ComponentProps, Ref } from 'react';
import { Button, NavLink, Stack } from '@mantine/core';
import {
  IconApps,
  IconBook,
  IconBooks,
  IconCalendar,
  IconChevronDown,
  IconDoor,
  IconExternalLink,
  IconFlask,
  IconHome,
  IconSchool,
  IconBrain,
} from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { NavigationNode } from '@portal/contracts';
import { onDemand } from '../../lib/on-demand.ts';
import { OnDemandMenu } from './on-demand-menu.tsx';
import { otherPortals, type NavigationItem, type NavigationItemKey } from './navigation-items.ts';

const icons: Record<NavigationItemKey, typeof IconHome> = {
  dashboard: IconHome,
  courses: IconSchool,
  catalog: IconBooks,
  researchProjects: IconFlask,
  knowledgeModels: IconBrain,
  rooms: IconDoor,
  calendar: IconCalendar,
};

function isActive(pathname: string, to: string): boolean {
  return to === '/' ? pathname === '/' : pathname === to || pathname.startsWith(`${to}/`);
}

/** The trigger of "Go to portal", the same before and after its menu has loaded. */
export function GoToPortalButton({
  ref,
  ...rest
}: { ref?: Ref<HTMLButtonElement> } & ComponentProps<'button'>) {
  const { t } = useTranslation('shell');
  return (
    <Button
      ref={ref}
      variant="default"
      fullWidth
      justify="space-between"
      leftSection={<IconApps size={18} aria-hidden="true" />}
      rightSection={<IconChevronDown size={16} aria-hidden="true" />}
      {...rest}
    >
      {t('navigation.goToPortal')}
    </Button>
  );
}

const goToPortalMenu = onDemand(() =>
  import('./go-to-portal-menu.tsx').then((module) => module.GoToPortalMenu),
);

export function MainNavigation({
  items,
  navigation,
  onNavigate,
}: {
  items: NavigationItem[];
  navigation: readonly NavigationNode[];
  onNavigate: () => void;
}) {
  const { t } = useTranslation('shell');
  const { pathname } = useLocation();
  const portals = otherPortals(navigation);
  return (
    <Stack gap={4}>
      {portals.length > 0 ? (
        <OnDemandMenu
          menu={goToPortalMenu}
          props={{ portals }}
          trigger={(placeholder) => <GoToPortalButton {...placeholder} />}
        />
      ) : null}
      <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {items.map((item) => {
          if (item.kind === 'route') {
            const Icon = icons[item.key];
            const active = isActive(pathname, item.to);
            return (
              <li key={item.key}>
                <NavLink
                  component={Link}
                  to={item.to}
                  label={t(`navigation.${item.key}`)}
                  leftSection={<Icon size={18} aria-hidden="true" />}
                  active={active}
                  aria-current={active ? 'page' : undefined}
                  onClick={onNavigate}
                />
              </li>
            );
          }
          const Icon = item.kind === 'external' ? icons[item.key] : IconBook;
          const label = item.kind === 'external' ? t(`navigation.${item.key}`) : item.name;
          return (
            <li key={item.kind === 'external' ? item.key : `plugin-${item.id}`}>
              <NavLink
                component="a"
                href={item.href}
                label={label}
                leftSection={<Icon size={18} aria-hidden="true" />}
                rightSection={
                  item.kind === 'plugin' ? <IconExternalLink size={14} aria-hidden="true" /> : null
                }
              />
            </li>
          );
        })}
      </ul>
    </Stack>
  );
}
