// "Go to portal": the other applications of the platform. Loaded after the first paint (on-demand-menu.tsx).
import { useRef } from 'react';
import { Menu } from '@mantine/core';
import type { NavigationNode } from '@portal/contracts';
import { useTakeFocus, type MenuMount } from './on-demand-menu.tsx';
import { GoToPortalButton } from './main-navigation.tsx';

export function GoToPortalMenu({
  portals,
  opened,
  onChange,
  takeFocus,
}: { portals: (NavigationNode & { url: string })[] } & MenuMount) {
  const target = useRef<HTMLButtonElement>(null);
  useTakeFocus({ takeFocus, opened }, target);
  return (
    <Menu position="bottom-start" width={240} opened={opened} onChange={onChange}>
      <Menu.Target>
        <GoToPortalButton ref={target} />
      </Menu.Target>
      <Menu.Dropdown>
        {portals.map((portal) => (
          <Menu.Item key={portal.id} component="a" href={portal.url}>
            {portal.name}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
