// Runtime client configuration from /config-ui/config.json, loaded once at start; defaults when it fails.
import type { ClientConfig } from '@portal/contracts';

export type { ClientConfig };

const defaultConfig: ClientConfig = {
  environment: 'prod',
  version: '',
  privacyPolicyUrl: null,
  analyticsKey: null,
  providers: [],
};

let current: ClientConfig = defaultConfig;

export function getClientConfig(): ClientConfig {
  return current;
}

/** Loads the config; a failure is only logged and the defaults stay (spec §8). */
export async function loadClientConfig(fetchImpl: typeof fetch = fetch): Promise<ClientConfig> {
  try {
    // The schema (and zod) load beside the request instead of in the entry bundle.
    const [response, { parseClientConfig }] = await Promise.all([
      fetchImpl('/config-ui/config.json', { headers: { accept: 'application/json' } }),
      import('./client-config-schema.ts'),
    ]);
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    current = { ...defaultConfig, ...parseClientConfig(await response.json()) };
  } catch (error) {
    console.error('Could not load /config-ui/config.json; using defaults.', error);
  }
  return current;
}

/** For tests: replace the config. */
export function setClientConfig(config: Partial<ClientConfig>): void {
  current = { ...defaultConfig, ...config };
}
