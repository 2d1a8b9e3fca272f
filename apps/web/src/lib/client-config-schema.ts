// Validation of the client config, split out so the schema (and zod) load beside the request, not in the entry.
import { clientConfigSchema, type ClientConfig } from '@portal/contracts';

export function parseClientConfig(value: unknown): ClientConfig {
  return clientConfigSchema.parse(value);
}
