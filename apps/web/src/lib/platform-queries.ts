// Query factories for the platform data every signed-in page needs (user, permissions, licences, settings).
import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { z } from 'zod';
import {
  currentUserSchema,
  learnerSettingsSchema,
  licensedFeaturesSchema,
  navigationNodeSchema,
  permissionEntrySchema,
  type CurrentUser,
  type LearnerSettings,
} from '@portal/contracts';
import { PLATFORM_API, apiGet } from './api-client.ts';
import { currentUserQueryKey } from './learner-role.ts';

export { useIsLearnerOnly } from './learner-role.ts';

// These change only with a new sign-in or an admin action; avoid refetching them on every screen.
const STABLE_MS = 5 * 60 * 1000;

export const currentUserQuery = () =>
  queryOptions({
    queryKey: currentUserQueryKey,
    queryFn: ({ signal }) =>
      apiGet(`${PLATFORM_API}/users/me`, import.meta.env.PROD ? undefined : currentUserSchema, {
        signal,
      }),
    staleTime: STABLE_MS,
  });

export const permissionsQuery = () =>
  queryOptions({
    queryKey: ['platform', 'users', 'me', 'permissions'],
    queryFn: ({ signal }) =>
      apiGet(
        `${PLATFORM_API}/users/me/permissions`,
        import.meta.env.PROD ? undefined : z.array(permissionEntrySchema),
        { signal },
      ),
    staleTime: STABLE_MS,
  });

export const licensedFeaturesQuery = () =>
  queryOptions({
    queryKey: ['platform', 'users', 'me', 'licensed-features'],
    queryFn: ({ signal }) =>
      apiGet(
        `${PLATFORM_API}/users/me/licensed-features`,
        import.meta.env.PROD ? undefined : licensedFeaturesSchema,
        { signal },
      ),
    staleTime: STABLE_MS,
  });

export const navigationQuery = () =>
  queryOptions({
    queryKey: ['platform', 'users', 'me', 'navigation'],
    queryFn: ({ signal }) =>
      apiGet(
        `${PLATFORM_API}/users/me/navigation`,
        import.meta.env.PROD ? undefined : z.array(navigationNodeSchema),
        { signal },
      ),
    staleTime: STABLE_MS,
  });

export const learnerSettingsQuery = () =>
  queryOptions({
    queryKey: ['platform', 'settings', 'learner'],
    queryFn: ({ signal }) =>
      apiGet(
        `${PLATFORM_API}/settings/learner`,
        import.meta.env.PROD ? undefined : learnerSettingsSchema,
        { signal },
      ),
    staleTime: STABLE_MS,
  });

/** The signed-in user (the root loader has fetched it before any signed-in page renders). */
export function useCurrentUser(): CurrentUser {
  return useSuspenseQuery(currentUserQuery()).data;
}

/** The tenant's learner settings (navigation, feature flags, copyright…). */
export function useLearnerSettings(): LearnerSettings {
  return useSuspenseQuery(learnerSettingsQuery()).data;
}
