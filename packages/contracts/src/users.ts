// The current user, roles, permissions and licences (platform API, snake_case on the wire).
import { z } from 'zod';
import { idSchema } from './common.ts';
import { locales } from './locales.ts';

export const currentUserSchema = z.object({
  id: idSchema,
  email: z.string(),
  username: z.string(),
  first_name: z.string(),
  middle_name: z.string().nullable(),
  last_name: z.string(),
  name: z.string(),
  timezone: z.string().nullable(),
  tenant_id: idSchema,
  department_name: z.string().nullable(),
  external_id: z.string().nullable(),
  roles: z.array(z.string()),
  /** The interface language the user last chose (restored in a new browser), or null. */
  locale: z.enum(locales).nullable(),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

export const permissionEntrySchema = z.object({
  name: z.string(),
  scope_id: z.string().nullable(),
});
export type PermissionEntry = z.infer<typeof permissionEntrySchema>;

export const licensedFeaturesSchema = z.array(z.string());

/** An application the user may open (first-navigation-node redirect, go-to-portal entry). */
export const navigationNodeSchema = z.object({
  id: z.string(),
  name: z.string(),
  url: z.string().nullable(),
});
export type NavigationNode = z.infer<typeof navigationNodeSchema>;

export const unitMembershipSchema = z.object({
  is_primary: z.boolean(),
  unit: z.object({ id: idSchema, name: z.string() }),
});
