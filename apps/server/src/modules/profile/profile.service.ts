// Use cases of the profile page: list the caller's units and set the caller's time zone.
import type { CurrentUser, SetTimeZoneRequest, UserUnits } from '@portal/contracts';
import type { Principal } from '../../http/principal.ts';
import { NotFoundError } from '../../http/errors.ts';
import type { ProfileRepository } from './profile.repository.ts';
// The answer is the same current-user shape as GET users/me, so it comes from the same mapper.
import { toCurrentUser } from '../users/users.mapper.ts';
import { toUnitMembership } from './profile.mapper.ts';

export interface ProfileService {
  listUnits(principal: Principal, userIdParam: string): Promise<UserUnits>;
  setTimeZone(
    principal: Principal,
    userIdParam: string,
    request: SetTimeZoneRequest,
  ): Promise<CurrentUser>;
}

/**
 * A learner reads and changes only their own profile. Any other id answers 404 exactly like an
 * unknown one, so the endpoint never confirms that another user exists.
 */
function ownUserId(principal: Principal, userIdParam: string): string {
  const wanted = userIdParam.toLowerCase();
  if (wanted === 'me' || wanted === principal.userId.toLowerCase()) return principal.userId;
  throw new NotFoundError('user_not_found', 'The user does not exist.');
}

export function createProfileService(deps: {
  profileRepository: ProfileRepository;
}): ProfileService {
  const { profileRepository } = deps;
  return {
    async listUnits(principal, userIdParam) {
      const userId = ownUserId(principal, userIdParam);
      const rows = await profileRepository.findUnitMemberships(principal.tenantId, userId);
      return { items: rows.map(toUnitMembership) };
    },

    async setTimeZone(principal, userIdParam, request) {
      const userId = ownUserId(principal, userIdParam);
      const updated = await profileRepository.updateTimeZone(
        principal.tenantId,
        userId,
        request.timezone,
      );
      const user = updated
        ? await profileRepository.findUser(principal.tenantId, userId)
        : undefined;
      if (!user) throw new NotFoundError('user_not_found', 'The user does not exist.');
      return toCurrentUser(user, await profileRepository.findRoleNames(userId));
    },
  };
}
