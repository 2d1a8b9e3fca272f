// The signed-in user: profile with roles, permissions, licensed features, the applications they may
// open (navigation) and their preferred locale.
import {
  Permission,
  type CurrentUser,
  type Locale,
  type NavigationNode,
  type PermissionEntry,
} from '@portal/contracts';
import { roleOfApplication } from '@portal/domain';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../db/schema.ts';
import { UnauthorizedError } from '../../http/errors.ts';
import type { Principal } from '../../http/principal.ts';
import {
  findLicensedFeatures,
  findPermissions,
  findRoleNames,
  findUserById,
} from '../identity/identity.repository.ts';
import { SETTING_KEYS, readSetting } from './settings.service.ts';
import { toCurrentUser, toPermissionEntry } from './users.mapper.ts';
import type { UsersRepository } from './users.repository.ts';

export const LEARNER_PORTAL_NODE: NavigationNode = {
  id: 'learn',
  name: 'Learner portal',
  url: '/learn',
};

const portalsSchema = z.array(
  z.object({
    id: z.string(),
    name: z.string(),
    url: z.string().nullable(),
    requiredRole: z.string().nullable().optional(),
  }),
);

export function createUsersService({
  db,
  usersRepository,
}: {
  db: Kysely<Database>;
  usersRepository: UsersRepository;
}) {
  return {
    async currentUser(principal: Principal): Promise<CurrentUser> {
      const [user, roles] = await Promise.all([
        findUserById(db, principal.userId),
        findRoleNames(db, principal.userId),
      ]);
      // The session hook only admits active users; a user deleted meanwhile is signed out.
      if (!user) throw new UnauthorizedError();
      return toCurrentUser(user, roles);
    },

    async permissions(principal: Principal): Promise<PermissionEntry[]> {
      return (await findPermissions(db, principal.userId)).map(toPermissionEntry);
    },

    async licensedFeatures(principal: Principal): Promise<string[]> {
      return findLicensedFeatures(db, principal.tenantId);
    },

    /**
     * The learner portal first when the user holds ObjectiveWorkflow.Create (it is what grants the
     * learner area), then the tenant's other portals (setting platform.portals) allowed by role.
     */
    async navigation(principal: Principal): Promise<NavigationNode[]> {
      const [permissions, roles, settings] = await Promise.all([
        findPermissions(db, principal.userId),
        findRoleNames(db, principal.userId),
        usersRepository.findSettings(principal.tenantId, [SETTING_KEYS.portals]),
      ]);
      const nodes: NavigationNode[] = [];
      if (permissions.some((p) => p.name === Permission.objectiveWorkflowCreate))
        nodes.push(LEARNER_PORTAL_NODE);
      for (const portal of readSetting(settings, SETTING_KEYS.portals, portalsSchema, [])) {
        if (portal.id === LEARNER_PORTAL_NODE.id) continue;
        // The application of a role (admin, teach, instructor) needs that role, whatever the setting says.
        const requiredRole = roleOfApplication(portal.id) ?? portal.requiredRole;
        if (requiredRole && !roles.includes(requiredRole)) continue;
        nodes.push({ id: portal.id, name: portal.name, url: portal.url });
      }
      return nodes;
    },

    async setLocale(principal: Principal, locale: Locale): Promise<void> {
      await usersRepository.updateLocale(principal.userId, locale);
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
