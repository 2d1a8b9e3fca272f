// The tool's only reader of process.env: listen address, public URL, key file and the registered platforms.

/** One LTI 1.3 platform registration the tool accepts launches from (values the platform issued). */
export interface PlatformRegistration {
  issuer: string;
  clientId: string;
  deploymentId: string;
  authorizationEndpoint: string;
  tokenEndpoint: string;
  jwksUrl: string;
}

export interface ToolConfig {
  host: string;
  port: number;
  /** Origin (and optional path prefix) the browser uses to reach the tool, without a trailing slash. */
  publicUrl: string;
  /** JSON file holding the tool's RSA private JWK; created (mode 0600) when missing. */
  keyFile: string;
  platforms: PlatformRegistration[];
  /** CSP frame-ancestors source list: who may embed the tool's pages. */
  frameAncestors: string;
  logLevel: string;
}

export class ConfigError extends Error {}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];
const PLATFORM_FIELDS = [
  'issuer',
  'clientId',
  'deploymentId',
  'authorizationEndpoint',
  'tokenEndpoint',
  'jwksUrl',
] as const;
const URL_FIELDS = new Set(['authorizationEndpoint', 'tokenEndpoint', 'jwksUrl']);

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

function parsePort(raw: string | undefined): number {
  if (raw === undefined || raw === '') return 3001;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new ConfigError(`LTI_TOOLS_PORT must be a port number, got "${raw}"`);
  }
  return port;
}

function parsePublicUrl(raw: string | undefined, port: number): string {
  const value = raw && raw !== '' ? raw : `http://localhost:${port}`;
  if (!isHttpUrl(value)) throw new ConfigError(`LTI_TOOLS_PUBLIC_URL must be an http(s) URL`);
  const url = new URL(value);
  if (url.search || url.hash) throw new ConfigError('LTI_TOOLS_PUBLIC_URL must not carry a query');
  return value.replace(/\/+$/, '');
}

function parsePlatform(entry: unknown, index: number): PlatformRegistration {
  if (typeof entry !== 'object' || entry === null) {
    throw new ConfigError(`LTI_TOOLS_PLATFORMS[${index}] must be an object`);
  }
  const record = entry as Record<string, unknown>;
  const platform = {} as Record<(typeof PLATFORM_FIELDS)[number], string>;
  for (const field of PLATFORM_FIELDS) {
    const value = record[field];
    if (typeof value !== 'string' || value.trim() === '') {
      throw new ConfigError(`LTI_TOOLS_PLATFORMS[${index}].${field} must be a non-empty string`);
    }
    if (URL_FIELDS.has(field) && !isHttpUrl(value)) {
      throw new ConfigError(`LTI_TOOLS_PLATFORMS[${index}].${field} must be an http(s) URL`);
    }
    platform[field] = value;
  }
  return platform;
}

export function parsePlatforms(raw: string | undefined): PlatformRegistration[] {
  if (raw === undefined || raw.trim() === '') return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw new ConfigError('LTI_TOOLS_PLATFORMS must be a JSON array of platform registrations');
  }
  if (!Array.isArray(parsed)) {
    throw new ConfigError('LTI_TOOLS_PLATFORMS must be a JSON array of platform registrations');
  }
  const platforms = parsed.map(parsePlatform);
  const keys = new Set(platforms.map((p) => `${p.issuer}\n${p.clientId}`));
  if (keys.size !== platforms.length) {
    throw new ConfigError('LTI_TOOLS_PLATFORMS lists the same issuer and client id twice');
  }
  return platforms;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): ToolConfig {
  const port = parsePort(env.LTI_TOOLS_PORT);
  const logLevel = env.LTI_TOOLS_LOG_LEVEL || 'info';
  if (!LOG_LEVELS.includes(logLevel)) {
    throw new ConfigError(`LTI_TOOLS_LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}`);
  }
  return {
    host: env.LTI_TOOLS_HOST || '127.0.0.1',
    port,
    publicUrl: parsePublicUrl(env.LTI_TOOLS_PUBLIC_URL, port),
    keyFile: env.LTI_TOOLS_KEY_FILE || './data/lti-tools-key.json',
    platforms: parsePlatforms(env.LTI_TOOLS_PLATFORMS),
    frameAncestors: env.LTI_TOOLS_FRAME_ANCESTORS || '*',
    logLevel,
  };
}
