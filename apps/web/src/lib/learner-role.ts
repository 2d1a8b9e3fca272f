// Whether the user is learner-only: from the cached current user, or asked quietly where no page has
// fetched it (full-screen error pages outside the shell). No schemas here: error pages are in the entry bundle.
import { skipToken, useQuery } from '@tanstack/react-query';
import type { CurrentUser } from '@portal/contracts';
import { isLearnerOnly } from '@portal/domain';
import { apiHeaders } from './api-environment.ts';

export const currentUserQueryKey = ['platform', 'users', 'me'] as const;
const ownRolesQueryKey = [...currentUserQueryKey, 'roles'] as const;

/** The signed-in user's roles, or null when nobody is signed in or the API cannot tell. */
async function fetchOwnRoles(): Promise<string[] | null> {
  // A plain request, not apiFetch: on an error page a 401 means "signed out", not "go and sign in".
  const response = await fetch('/api/platform/v1/users/me', {
    headers: apiHeaders('respond-async'),
    credentials: 'same-origin',
  });
  if (!response.ok) return null;
  const roles = ((await response.json()) as { roles?: unknown } | null)?.roles;
  return Array.isArray(roles)
    ? roles.filter((role): role is string => typeof role === 'string')
    : null;
}

/**
 * True when Learner is the only role held (learner wording, learner home on error pages); undefined while
 * the roles are being asked for. Nobody known (signed out, API down) counts as a learner: this is the learner
 * portal, and its home leads a signed-out visitor to sign-in and back.
 */
export function useIsLearnerOnly(): boolean | undefined {
  // The root loader's cache first; never refetched here (error pages must render even when the API is down).
  const { data: user } = useQuery<CurrentUser>({
    queryKey: currentUserQueryKey,
    queryFn: skipToken,
  });
  const roles = useQuery({
    queryKey: ownRolesQueryKey,
    queryFn: fetchOwnRoles,
    enabled: !user,
    retry: false,
    staleTime: Infinity,
  });
  if (user) return isLearnerOnly(user.roles);
  if (roles.isPending) return undefined;
  return roles.data ? isLearnerOnly(roles.data) : true;
}
