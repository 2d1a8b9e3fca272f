// Server state of the profile page: the user's units (query) and setting the time zone (mutation).
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { currentUserSchema, userUnitsSchema, type CurrentUser } from '@portal/contracts';
import { PLATFORM_API, apiFetch, apiGet, contractBody } from '../../../lib/api-client.ts';
import { currentUserQuery } from '../../../lib/platform-queries.ts';

export const userUnitsQuery = (userId: string) =>
  queryOptions({
    queryKey: ['platform', 'users', userId, 'units'],
    queryFn: ({ signal }) =>
      apiGet(
        `${PLATFORM_API}/users/${encodeURIComponent(userId)}/units`,
        import.meta.env.PROD ? undefined : userUnitsSchema,
        {
          signal,
        },
      ),
  });

/** POSTs the zone; the answer is the updated current user, which replaces the cached one. */
export function useSetTimeZone(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (timezone: string): Promise<CurrentUser> => {
      const response = await apiFetch(
        'POST',
        `${PLATFORM_API}/users/${encodeURIComponent(userId)}/timezone`,
        { body: { timezone } },
      );
      return contractBody(currentUserSchema, await response.json());
    },
    onSuccess: (user) => {
      queryClient.setQueryData(currentUserQuery().queryKey, user);
    },
  });
}
