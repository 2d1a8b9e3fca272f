// Runtime config of the web client and the tenant's learner-facing settings and feature flags.
import { z } from 'zod';

/** GET /config-ui/config.json */
export const clientConfigSchema = z.object({
  environment: z.enum(['dev', 'test', 'prod']),
  version: z.string(),
  privacyPolicyUrl: z.string().nullable(),
  analyticsKey: z.string().nullable(),
  providers: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type ClientConfig = z.infer<typeof clientConfigSchema>;

/** GET /api/platform/v1/settings/learner: what shapes the shell for this tenant. */
export const learnerSettingsSchema = z.object({
  featureFlags: z.object({
    'learner.dashboard': z.boolean(),
    'platform.research': z.boolean(),
    'platform.knowledgeModels': z.boolean(),
  }),
  navigation: z.object({
    catalog: z.boolean(),
    rooms: z.boolean(),
    researchProjects: z.boolean(),
    knowledgeModels: z.boolean(),
    calendar: z.boolean(),
  }),
  pluginItems: z.array(z.object({ id: z.string(), name: z.string(), url: z.string() })),
  feedback: z.object({ learner: z.object({ visible: z.boolean() }) }),
  tutor: z.object({ enabled: z.boolean(), defaultKnowledgeModelId: z.string().nullable() }),
  copyright: z.string(),
  /** Contact Support in the user menu (a page or a mailto: address); null: no entry. */
  supportUrl: z.string().nullable(),
});
export type LearnerSettings = z.infer<typeof learnerSettingsSchema>;
