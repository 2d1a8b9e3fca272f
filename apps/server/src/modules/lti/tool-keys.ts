// A tool's public keys for verifying its client assertions: its static JWK, or its JWKS URL fetched and
// cached per tool (refetched once on an unknown kid, with a cooldown: LTI.md §7.2).
import {
  createRemoteJWKSet,
  importJWK,
  type CryptoKey,
  type JWK,
  type JWTVerifyGetKey,
  type KeyObject,
} from 'jose';
import type { LtiToolRecord } from './tools.repository.ts';

/** How long a fetched JWKS is trusted, and the least time between two refetches. */
export const JWKS_CACHE_MAX_AGE_MS = 10 * 60 * 1000;
export const JWKS_COOLDOWN_MS = 30 * 1000;

export type VerificationKey = CryptoKey | KeyObject | Uint8Array | JWTVerifyGetKey;

export interface ToolKeys {
  /** The key (or key resolver) to verify the tool's RS256 signatures; null when the tool has none. */
  keyFor(tool: LtiToolRecord): Promise<VerificationKey | null>;
}

export function createToolKeys(): ToolKeys {
  const remote = new Map<string, { url: string; keys: JWTVerifyGetKey }>();

  function remoteKeys(toolId: string, url: string): JWTVerifyGetKey {
    const cached = remote.get(toolId);
    if (cached && cached.url === url) return cached.keys;
    const keys = createRemoteJWKSet(new URL(url), {
      cacheMaxAge: JWKS_CACHE_MAX_AGE_MS,
      cooldownDuration: JWKS_COOLDOWN_MS,
    });
    remote.set(toolId, { url, keys });
    return keys;
  }

  return {
    async keyFor(tool) {
      if (tool.jwksUrl) return remoteKeys(tool.id, tool.jwksUrl);
      if (tool.publicJwk) return importJWK(tool.publicJwk as JWK, 'RS256');
      return null;
    },
  };
}
