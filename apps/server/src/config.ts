// The only reader of process.env: parses and validates the runtime configuration once.
import { z } from 'zod';

const providerSchema = z.object({
  id: z.string().regex(/^[a-z0-9-]+$/),
  name: z.string(),
  issuer: z.url(),
  clientId: z.string(),
  clientSecret: z.string().optional(),
  scopes: z.string().default('openid email profile'),
});

export type ExternalProviderConfig = z.infer<typeof providerSchema>;

const booleanFromEnv = z
  .enum(['true', 'false', '1', '0'])
  .transform((value) => value === 'true' || value === '1');

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  PUBLIC_URL: z.url().optional(),
  DATABASE_URL: z.string().optional(),
  SQLITE_FILE: z.string().default('./data/portal.sqlite'),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).optional(),
  SESSION_SECRET: z.string().min(16).optional(),
  ENCRYPTION_KEY: z.string().min(16).optional(),
  SESSION_IDLE_SECONDS: z.coerce.number().int().positive().default(7200),
  SESSION_ABSOLUTE_SECONDS: z.coerce.number().int().positive().default(43200),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SEED_DEMO: booleanFromEnv.default(true),
  OIDC_PROVIDERS: z.string().optional(),
  APP_VERSION: z.string().default(process.env.npm_package_version ?? '0.1.0'),
  APP_ENVIRONMENT: z.enum(['dev', 'test', 'prod']).default('dev'),
  PRIVACY_POLICY_URL: z.string().optional(),
  ANALYTICS_KEY: z.string().optional(),
  WEB_DIST: z.string().optional(),
  COMMAND_SYNC_WAIT_MS: z.coerce.number().int().positive().default(10000),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(600),
  SIGN_IN_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(10),
  LTI_TOOLS_URL: z.url().default('http://localhost:3001'),
  TRUST_PROXY: z.string().default(''),
  FRAME_ANCESTORS: z.string().default(''),
  TUTOR_DAILY_QUESTIONS: z.coerce.number().int().positive().default(50),
  TUTOR_LLM_URL: z.url().optional(),
  TUTOR_LLM_KEY: z.string().min(1).optional(),
  TUTOR_LLM_MODEL: z.string().min(1).optional(),
  TUTOR_LLM_TIMEOUT_MS: z.coerce.number().int().positive().default(20000),
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  METRICS_HOST: z.string().default('127.0.0.1'),
  METRICS_TOKEN: z.string().min(16).optional(),
  XAPI_ENDPOINT: z.url().optional(),
  XAPI_USERNAME: z.string().min(1).optional(),
  XAPI_PASSWORD: z.string().min(1).optional(),
  SMTP_URL: z.string().min(1).optional(),
  MAIL_FROM: z.string().min(3).max(320).optional(),
  MAIL_RETENTION_DAYS: z.coerce.number().int().positive().default(30),
});

/**
 * Which proxies may tell the client's address and protocol: off (the default), a hop count, or addresses
 * and CIDR ranges (also `loopback`, `linklocal`, `uniquelocal`). Trusting every hop would let any client
 * choose its own address and escape the rate limits, so `true` is refused.
 */
export type TrustProxy = false | number | string[];

export function parseTrustProxy(value: string): TrustProxy {
  const text = value.trim();
  if (text === '' || text === 'false' || text === '0') return false;
  if (/^\d+$/.test(text)) return Number(text);
  if (text === 'true' || text === '*') {
    throw new Error(
      'Invalid configuration: TRUST_PROXY=true would trust every hop; give the number of proxies in front of the portal or their addresses (CIDR)',
    );
  }
  const entries = text
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const address = /^(loopback|linklocal|uniquelocal|[0-9a-f.:]+(\/\d{1,3})?)$/i;
  const invalid = entries.find((entry) => !address.test(entry));
  if (invalid) throw new Error(`Invalid configuration: TRUST_PROXY entry "${invalid}"`);
  return entries;
}

/** The generative tutor's endpoint: TUTOR_LLM_URL and TUTOR_LLM_MODEL together, or neither. */
function tutorLlmConfig(
  url: string | undefined,
  key: string | undefined,
  model: string | undefined,
  timeoutMs: number,
): AppConfig['tutorLlm'] {
  if (url === undefined) return undefined;
  if (model === undefined)
    throw new Error(
      'Invalid configuration: TUTOR_LLM_URL needs TUTOR_LLM_MODEL (the model to ask)',
    );
  return { url: url.replace(/\/+$/, ''), key, model, timeoutMs };
}

/** Origins allowed to frame the portal, as CSP frame-ancestors sources (always including 'self'). */
export function parseFrameAncestors(value: string): string[] {
  const origins = value
    .split(/[\s,]+/)
    .map((entry) => entry.trim().replace(/\/+$/, ''))
    .filter(Boolean);
  for (const origin of origins) {
    if (!/^https?:\/\/[^/\s]+$/.test(origin)) {
      throw new Error(`Invalid configuration: FRAME_ANCESTORS entry "${origin}" is not an origin`);
    }
  }
  return origins;
}

export interface AppConfig {
  env: 'development' | 'test' | 'production';
  host: string;
  port: number;
  /** Origin the browser uses to reach the portal, without a trailing slash. */
  publicUrl: string;
  database: { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string; poolSize?: number };
  sessionSecret: string;
  /** Seals LTI secrets and private keys at rest; ENCRYPTION_KEY, else the session secret. */
  encryptionKey: string;
  sessionIdleSeconds: number;
  sessionAbsoluteSeconds: number;
  logLevel: string;
  seedDemo: boolean;
  externalProviders: ExternalProviderConfig[];
  appVersion: string;
  appEnvironment: 'dev' | 'test' | 'prod';
  privacyPolicyUrl: string | undefined;
  analyticsKey: string | undefined;
  webDist: string | undefined;
  commandSyncWaitMs: number;
  rateLimitPerMinute: number;
  /** Questions a learner may ask the tutor per UTC day. */
  tutorDailyQuestions: number;
  /**
   * The OpenAI-compatible endpoint composing the tutor's answers from the retrieved passages
   * (docs/decisions/0024); undefined without TUTOR_LLM_URL (retrieval answers only). `url` has no trailing
   * slash; `timeoutMs` is the longest wait for the endpoint's next piece of answer.
   */
  tutorLlm: { url: string; key: string | undefined; model: string; timeoutMs: number } | undefined;
  /** Password and registration attempts per IP (and login) per minute; /oidc/login allows six times as many. */
  signInRateLimitPerMinute: number;
  /** Where the built-in LTI tools listen (apps/lti-tools); the demo seed registers them there. */
  builtInLtiToolUrl: string;
  trustProxy: TrustProxy;
  /** Other origins that may frame the portal (its own origin always may). */
  frameAncestors: string[];
  /** Prometheus metrics: a listener of their own and/or a bearer token on the main listener. */
  metrics: { port: number | undefined; host: string; token: string | undefined };
  /**
   * The Learning Record Store the analytics events are forwarded to as xAPI statements (docs/decisions/0020);
   * undefined when XAPI_ENDPOINT is not set. `endpoint` has no trailing slash.
   */
  xapi: XapiConfig | undefined;
  /** E-mail (docs/decisions/0025): the SMTP server (undefined: mails stay pending in the outbox) and the sender. */
  mail: MailConfig;
}

export interface MailConfig {
  /** smtp:// or smtps:// URL with the credentials in it; undefined when SMTP_URL is not set. */
  smtpUrl: string | undefined;
  from: string;
  /** Sent mails are deleted after this many days. */
  retentionDays: number;
}

function mailConfig(
  smtpUrl: string | undefined,
  from: string | undefined,
  retentionDays: number,
  publicUrl: string,
): MailConfig {
  if (smtpUrl !== undefined && !/^smtps?:\/\/[^/\s]+/i.test(smtpUrl)) {
    throw new Error('Invalid configuration: SMTP_URL must be an smtp:// or smtps:// URL');
  }
  if (from !== undefined && !/@/.test(from)) {
    throw new Error('Invalid configuration: MAIL_FROM must contain an e-mail address');
  }
  return {
    smtpUrl,
    from: from ?? `no-reply@${new URL(publicUrl).hostname}`,
    retentionDays,
  };
}

export interface XapiConfig {
  endpoint: string;
  /** HTTP basic credentials, or none when the LRS takes statements without them. */
  credentials: { username: string; password: string } | undefined;
}

function xapiConfig(
  endpoint: string | undefined,
  username: string | undefined,
  password: string | undefined,
): XapiConfig | undefined {
  if ((username === undefined) !== (password === undefined)) {
    throw new Error('Invalid configuration: XAPI_USERNAME and XAPI_PASSWORD go together');
  }
  if (!endpoint) {
    if (username !== undefined) {
      throw new Error('Invalid configuration: XAPI_USERNAME without XAPI_ENDPOINT');
    }
    return undefined;
  }
  if (!/^https?:\/\//i.test(endpoint)) {
    throw new Error('Invalid configuration: XAPI_ENDPOINT must be an http(s) URL');
  }
  return {
    endpoint: endpoint.replace(/\/+$/, ''),
    credentials:
      username !== undefined && password !== undefined ? { username, password } : undefined,
  };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    throw new Error(`Invalid configuration: ${z.prettifyError(parsed.error)}`);
  }
  const e = parsed.data;
  const providers = e.OIDC_PROVIDERS
    ? z.array(providerSchema).parse(JSON.parse(e.OIDC_PROVIDERS))
    : [];
  if (providers.some((p) => p.id === 'local')) {
    throw new Error(
      'Invalid configuration: OIDC_PROVIDERS may not redefine the built-in provider "local"',
    );
  }
  if (e.NODE_ENV === 'production' && !e.SESSION_SECRET) {
    throw new Error('Invalid configuration: SESSION_SECRET is required in production');
  }
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    publicUrl,
    database: e.DATABASE_URL?.startsWith('postgres')
      ? { kind: 'postgres', url: e.DATABASE_URL, poolSize: e.DATABASE_POOL_SIZE }
      : { kind: 'sqlite', file: e.SQLITE_FILE },
    sessionSecret: e.SESSION_SECRET ?? 'development-only-secret-change-me',
    encryptionKey: e.ENCRYPTION_KEY ?? e.SESSION_SECRET ?? 'development-only-secret-change-me',
    sessionIdleSeconds: e.SESSION_IDLE_SECONDS,
    sessionAbsoluteSeconds: e.SESSION_ABSOLUTE_SECONDS,
    logLevel: e.LOG_LEVEL,
    seedDemo: e.SEED_DEMO,
    externalProviders: providers,
    appVersion: e.APP_VERSION,
    appEnvironment: e.APP_ENVIRONMENT,
    privacyPolicyUrl: e.PRIVACY_POLICY_URL,
    analyticsKey: e.ANALYTICS_KEY,
    webDist: e.WEB_DIST,
    commandSyncWaitMs: e.COMMAND_SYNC_WAIT_MS,
    rateLimitPerMinute: e.RATE_LIMIT_PER_MINUTE,
    tutorDailyQuestions: e.TUTOR_DAILY_QUESTIONS,
    tutorLlm: tutorLlmConfig(
      e.TUTOR_LLM_URL,
      e.TUTOR_LLM_KEY,
      e.TUTOR_LLM_MODEL,
      e.TUTOR_LLM_TIMEOUT_MS,
    ),
    signInRateLimitPerMinute: e.SIGN_IN_RATE_LIMIT_PER_MINUTE,
    builtInLtiToolUrl: e.LTI_TOOLS_URL.replace(/\/+$/, ''),
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    frameAncestors: parseFrameAncestors(e.FRAME_ANCESTORS),
    metrics: { port: e.METRICS_PORT, host: e.METRICS_HOST, token: e.METRICS_TOKEN },
    xapi: xapiConfig(e.XAPI_ENDPOINT, e.XAPI_USERNAME, e.XAPI_PASSWORD),
    mail: mailConfig(e.SMTP_URL, e.MAIL_FROM, e.MAIL_RETENTION_DAYS, publicUrl),
  };
}
