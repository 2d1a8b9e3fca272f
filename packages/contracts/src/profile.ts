// The profile page's calls on the platform API (snake_case): the user's units and their time zone.
import { z } from 'zod';
import { unitMembershipSchema } from './users.ts';
import { timeZoneIdSchema } from './timezones.ts';

/** GET /api/platform/v1/users/{id}/units: memberships, the primary one first. */
export const userUnitsSchema = z.object({ items: z.array(unitMembershipSchema) });
export type UserUnits = z.infer<typeof userUnitsSchema>;
export type UnitMembership = z.infer<typeof unitMembershipSchema>;

/** POST /api/platform/v1/users/{id}/timezone; answers with the current user (currentUserSchema). */
export const setTimeZoneRequestSchema = z.object({ timezone: timeZoneIdSchema }).strict();
export type SetTimeZoneRequest = z.infer<typeof setTimeZoneRequestSchema>;
