// Loaders that keep signed-in pages consistent: fetch the shell's data once, and send users who do not
// belong in the learner area where they belong (spec §6).
import { adoptProfileLocale } from '../i18n/locale-switch.ts';
import type { QueryClient } from '@tanstack/react-query';
import { decideLearnerArea } from '@portal/domain';
import {
  currentUserQuery,
  learnerSettingsQuery,
  licensedFeaturesQuery,
  navigationQuery,
  permissionsQuery,
} from '../lib/platform-queries.ts';

/** Fetches (or reuses) everything the shell needs, in parallel. */
export async function loadShellData(queryClient: QueryClient) {
  const [user, permissions, licensedFeatures, navigation, settings] = await Promise.all([
    queryClient.ensureQueryData(currentUserQuery()),
    queryClient.ensureQueryData(permissionsQuery()),
    queryClient.ensureQueryData(licensedFeaturesQuery()),
    queryClient.ensureQueryData(navigationQuery()),
    queryClient.ensureQueryData(learnerSettingsQuery()),
  ]);
  if (!profileLocaleAdopted) {
    profileLocaleAdopted = true;
    await adoptProfileLocale(user.locale);
  }
  return { user, permissions, licensedFeatures, navigation, settings };
}

/** The profile's language is taken over once per page load, at the first shell load after sign-in. */
let profileLocaleAdopted = false;

/** What to do before showing a learner page: continue, or a full-page redirect / the forbidden page. */
export type GuardOutcome =
  { kind: 'continue' } | { kind: 'replace'; url: string } | { kind: 'forbidden' };

// The chat lives in a hash (#chat…); keep it when sending the user to another application.
function chatHash(hash: string): string {
  return hash.startsWith('#chat') ? hash : '';
}

export async function guardLearnerArea(
  queryClient: QueryClient,
  hash: string,
): Promise<GuardOutcome> {
  const { permissions, licensedFeatures, navigation } = await loadShellData(queryClient);
  const decision = decideLearnerArea({ permissions, licensedFeatures, navigation });
  switch (decision.kind) {
    case 'allow':
      return { kind: 'continue' };
    case 'platform':
      return { kind: 'replace', url: '/platform' };
    case 'node':
      return { kind: 'replace', url: decision.url + chatHash(hash) };
    case 'forbidden':
      return { kind: 'forbidden' };
  }
}
