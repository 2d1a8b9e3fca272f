// The tenant's learner-facing settings and feature flags, with the portal's defaults for every key
// the tenant has not set (settings rows hold JSON text).
import type { LearnerSettings } from '@portal/contracts';
import { z } from 'zod';
import type { Principal } from '../../http/principal.ts';
import type { Clock } from '../../lib/clock.ts';
import type { UsersRepository } from './users.repository.ts';

export const SETTING_KEYS = {
  dashboard: 'learner.dashboard',
  research: 'platform.research',
  knowledgeModels: 'platform.knowledgeModels',
  navigationCatalog: 'learner.navigation.catalog',
  navigationRooms: 'learner.navigation.rooms',
  navigationResearchProjects: 'learner.navigation.researchProjects',
  navigationKnowledgeModels: 'learner.navigation.knowledgeModels',
  navigationCalendar: 'learner.navigation.calendar',
  pluginItems: 'learner.navigation.pluginItems',
  feedback: 'platform.ui.feedback',
  tutor: 'learner.tutor',
  portals: 'platform.portals',
  supportUrl: 'platform.supportUrl',
  datalakeSessionDuration: 'lms.datalake.sessionDuration',
} as const;

/**
 * lms.datalake.sessionDuration (spec §9): minutes without an analytics event after which the learner's next event
 * starts a new data-lake session (docs/decisions/0020). 30 when unset or not a whole number from 1 to 1440.
 */
export const DEFAULT_DATALAKE_SESSION_MINUTES = 30;
export const datalakeSessionDurationSchema = z.number().int().min(1).max(1440);

// A web page or a mailto: address; anything else (javascript:, relative junk) is no support link at all.
const supportUrlSchema = z
  .string()
  .max(2000)
  .regex(/^(https?:\/\/|mailto:|\/(?!\/))/i)
  .nullable();
const pluginItemsSchema = z.array(z.object({ id: z.string(), name: z.string(), url: z.string() }));
const feedbackSchema = z.object({ learner: z.object({ visible: z.boolean() }) });
const tutorSchema = z.object({
  enabled: z.boolean(),
  defaultKnowledgeModelId: z.string().nullable().default(null),
});

/** A setting's value when it is valid JSON of the expected shape; otherwise the default. */
export function readSetting<T>(
  values: Map<string, string>,
  key: string,
  schema: z.ZodType<T>,
  fallback: T,
): T {
  const raw = values.get(key);
  if (raw === undefined) return fallback;
  try {
    const parsed = schema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : fallback;
  } catch {
    return fallback;
  }
}

export function createSettingsService({
  usersRepository,
  clock,
}: {
  usersRepository: UsersRepository;
  clock: Clock;
}) {
  return {
    async learnerSettings(principal: Principal): Promise<LearnerSettings> {
      const [values, tenantName] = await Promise.all([
        usersRepository.findSettings(principal.tenantId, Object.values(SETTING_KEYS)),
        usersRepository.findTenantName(principal.tenantId),
      ]);
      const flag = (key: string, fallback: boolean) =>
        readSetting(values, key, z.boolean(), fallback);
      return {
        featureFlags: {
          'learner.dashboard': flag(SETTING_KEYS.dashboard, false),
          'platform.research': flag(SETTING_KEYS.research, false),
          'platform.knowledgeModels': flag(SETTING_KEYS.knowledgeModels, false),
        },
        navigation: {
          catalog: flag(SETTING_KEYS.navigationCatalog, true),
          rooms: flag(SETTING_KEYS.navigationRooms, false),
          researchProjects: flag(SETTING_KEYS.navigationResearchProjects, false),
          knowledgeModels: flag(SETTING_KEYS.navigationKnowledgeModels, false),
          // Off unless the tenant turns it on (the demo tenant does).
          calendar: flag(SETTING_KEYS.navigationCalendar, false),
        },
        pluginItems: readSetting(values, SETTING_KEYS.pluginItems, pluginItemsSchema, []),
        feedback: readSetting(values, SETTING_KEYS.feedback, feedbackSchema, {
          learner: { visible: true },
        }),
        tutor: readSetting(values, SETTING_KEYS.tutor, tutorSchema, {
          enabled: false,
          defaultKnowledgeModelId: null,
        }),
        copyright: `© ${clock.now().getUTCFullYear()} ${tenantName ?? ''}`.trim(),
        supportUrl: readSetting(values, SETTING_KEYS.supportUrl, supportUrlSchema, null),
      };
    },
  };
}

export type SettingsService = ReturnType<typeof createSettingsService>;
