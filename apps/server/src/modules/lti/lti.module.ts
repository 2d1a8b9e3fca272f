// Composition of the LTI platform: secrets at rest, platform keys, tool registry and the endpoint URLs.
import type { AppContext } from '../../app-context.ts';
import { createPlatformKeys, type PlatformKeys } from './platform-keys.ts';
import { createSecretBox, type SecretBox } from './secret-box.ts';
import { createToolsRepository, type ToolsRepository } from './tools.repository.ts';
import { ltiUrls, type LtiUrls } from './lti-urls.ts';

export interface LtiModule {
  box: SecretBox;
  keys: PlatformKeys;
  tools: ToolsRepository;
  urls: LtiUrls;
}

export function createLtiModule(ctx: AppContext): LtiModule {
  const box = createSecretBox(ctx.config.encryptionKey);
  return {
    box,
    keys: createPlatformKeys(ctx.db, box),
    tools: createToolsRepository(ctx.db, box),
    urls: ltiUrls(ctx.config.publicUrl),
  };
}
