// Which navigation items the shell shows (spec §2): settings, licences, permissions and built screens decide.
import type { LearnerSettings, NavigationNode, PermissionEntry } from '@portal/contracts';
import { RESEARCH_ACCESS_PERMISSION, hasPermissions, roleOfApplication } from '@portal/domain';
import { isRouteBuilt, type BuiltRoute } from '../paths.ts';

export type NavigationItemKey =
  | 'dashboard'
  | 'courses'
  | 'catalog'
  | 'researchProjects'
  | 'knowledgeModels'
  | 'rooms'
  | 'calendar';

export type NavigationItem =
  /** A screen of this app, linked through the router (path relative to /learn). */
  | { kind: 'route'; key: NavigationItemKey; to: string }
  /** Another application of the platform: a plain link. */
  | { kind: 'external'; key: NavigationItemKey; href: string }
  /** A plugin-provided item, named by the tenant. */
  | { kind: 'plugin'; id: string; name: string; href: string };

export interface NavigationInput {
  settings: LearnerSettings;
  permissions: readonly PermissionEntry[];
  isBuilt?: (route: BuiltRoute) => boolean;
}

export function buildNavigationItems({
  settings,
  permissions,
  isBuilt = isRouteBuilt,
}: NavigationInput): NavigationItem[] {
  const items: NavigationItem[] = [];
  const researchAccess = hasPermissions(permissions, [
    { name: RESEARCH_ACCESS_PERMISSION, scopeId: null },
  ]);
  if (settings.featureFlags['learner.dashboard'] && isBuilt('dashboard')) {
    items.push({ kind: 'route', key: 'dashboard', to: '/' });
  }
  items.push({ kind: 'route', key: 'courses', to: '/courses' });
  if (settings.navigation.catalog && isBuilt('catalog'))
    items.push({ kind: 'route', key: 'catalog', to: '/catalog' });
  if (
    settings.featureFlags['platform.research'] &&
    settings.navigation.researchProjects &&
    researchAccess
  ) {
    items.push({ kind: 'external', key: 'researchProjects', href: '/platform/projects' });
  }
  if (
    settings.featureFlags['platform.knowledgeModels'] &&
    settings.navigation.knowledgeModels &&
    researchAccess
  ) {
    items.push({ kind: 'external', key: 'knowledgeModels', href: '/platform/knowledge-models' });
  }
  if (settings.navigation.rooms)
    items.push({ kind: 'external', key: 'rooms', href: '/classroom/learner/rooms' });
  if (settings.navigation.calendar && isBuilt('calendar')) {
    items.push({ kind: 'route', key: 'calendar', to: '/calendar' });
  }
  for (const plugin of settings.pluginItems) {
    items.push({ kind: 'plugin', id: plugin.id, name: plugin.name, href: plugin.url });
  }
  return items;
}

/**
 * The other applications of the "Go to portal" menu: everything but this learner portal and the
 * applications of the user's roles, which the user menu offers.
 */
export function otherPortals(
  navigation: readonly NavigationNode[],
): (NavigationNode & { url: string })[] {
  return navigation.filter(
    (node): node is NavigationNode & { url: string } =>
      roleOfApplication(node.id) === null && Boolean(node.url),
  );
}
