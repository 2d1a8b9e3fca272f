// Whether the signed-in user is learner-only, read from the cached current user (no schemas: entry bundle).
import { skipToken, useQuery } from '@tanstack/react-query';
import type { CurrentUser } from '@portal/contracts';
import { isLearnerOnly } from '@portal/domain';

export const currentUserQueryKey = ['platform', 'users', 'me'] as const;

/** True when Learner is the only role held (learner wording, learner home on error pages). */
export function useIsLearnerOnly(): boolean {
  // Reads what the root loader cached; never fetches (error pages must render even when the API is down).
  const { data } = useQuery<CurrentUser>({ queryKey: currentUserQueryKey, queryFn: skipToken });
  return data ? isLearnerOnly(data.roles) : false;
}
