// Test helpers: a fake LTI platform (JWKS, token and score endpoints on 127.0.0.1) and a tool app wired to it.
import {
  createServer,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type Server,
} from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWK } from 'jose';
import { createToolApp } from './app.ts';
import type { PlatformRegistration, ToolConfig } from './config.ts';
import { AGS_ENDPOINT_CLAIM, AGS_SCORE_SCOPE, LTI_CLAIM } from './launch.ts';

export const TOOL_URL = 'http://localhost:3001';
export const PLATFORM_ISSUER = 'https://platform.example';
export const RETURN_URL =
  'https://platform.example/learn/lti-tool-callback?objectiveId=o1&workflowId=w1';

export interface RecordedRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface FakePlatform {
  base: string;
  registration: PlatformRegistration;
  lineItemUrl: string;
  kid: string;
  privateKey: CryptoKey;
  requests: RecordedRequest[];
  /** Status the token endpoint answers (200 hands out `access-token-1`). */
  tokenStatus: number;
  /** Status the score endpoint answers. */
  scoreStatus: number;
  close(): Promise<void>;
}

const ACCESS_TOKEN = 'access-token-1';

function collect(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => resolve(body));
    request.on('error', reject);
  });
}

export async function startFakePlatform(): Promise<FakePlatform> {
  const { publicKey, privateKey } = await generateKeyPair('RS256', { extractable: true });
  const kid = 'platform-key-1';
  const jwk: JWK = { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' };
  const requests: RecordedRequest[] = [];
  const server: Server = createServer((request, response) => {
    void collect(request).then((body) => {
      requests.push({
        method: request.method ?? '',
        url: request.url ?? '',
        headers: request.headers,
        body,
      });
      const send = (status: number, payload: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(payload));
      };
      const path = (request.url ?? '').split('?')[0];
      if (request.method === 'GET' && path === '/jwks') return send(200, { keys: [jwk] });
      if (request.method === 'POST' && path === '/token') {
        return platform.tokenStatus === 200
          ? send(200, { access_token: ACCESS_TOKEN, token_type: 'Bearer', expires_in: 3600 })
          : send(platform.tokenStatus, { error: 'invalid_client' });
      }
      if (request.method === 'POST' && path === '/lineitems/7/scores') {
        if (request.headers.authorization !== `Bearer ${ACCESS_TOKEN}`) return send(401, {});
        return platform.scoreStatus === 200
          ? send(200, {})
          : send(platform.scoreStatus, { error: 'server_error' });
      }
      return send(404, {});
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const platform: FakePlatform = {
    base,
    registration: {
      issuer: PLATFORM_ISSUER,
      clientId: 'client-1',
      deploymentId: 'deployment-1',
      authorizationEndpoint: `${PLATFORM_ISSUER}/api/lti/v1/auth?tenant=demo`,
      tokenEndpoint: `${base}/token`,
      jwksUrl: `${base}/jwks`,
    },
    lineItemUrl: `${base}/lineitems/7?tenant=demo`,
    kid,
    privateKey,
    requests,
    tokenStatus: 200,
    scoreStatus: 200,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  return platform;
}

export interface TestTool {
  app: FastifyInstance;
  keyFile: string;
  close(): Promise<void>;
}

export async function startTool(
  platforms: PlatformRegistration[],
  overrides: Partial<ToolConfig> = {},
): Promise<TestTool> {
  const dir = await mkdtemp(join(tmpdir(), 'lti-tools-'));
  const keyFile = join(dir, 'data', 'key.json');
  const app = await createToolApp({
    host: '127.0.0.1',
    port: 0,
    publicUrl: TOOL_URL,
    keyFile,
    platforms,
    frameAncestors: '*',
    logLevel: 'silent',
    ...overrides,
  });
  return {
    app,
    keyFile,
    close: async () => {
      await app.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

export interface LoginResult {
  state: string;
  nonce: string;
  cookieName: string;
  cookieValue: string;
}

export function loginQuery(platform: PlatformRegistration, extra: Record<string, string> = {}) {
  return {
    iss: platform.issuer,
    client_id: platform.clientId,
    login_hint: 'user-hint-1',
    target_link_uri: `${TOOL_URL}/launch`,
    lti_message_hint: 'message-hint-1',
    lti_deployment_id: platform.deploymentId,
    ...extra,
  };
}

export async function login(
  app: FastifyInstance,
  platform: PlatformRegistration,
): Promise<LoginResult> {
  const response = await app.inject({ method: 'GET', url: '/login', query: loginQuery(platform) });
  if (response.statusCode !== 302) throw new Error(`login failed: ${response.body}`);
  const location = new URL(String(response.headers.location));
  const state = location.searchParams.get('state')!;
  const cookie = response.cookies.find((c) => c.name === `lti_state_${state}`)!;
  return {
    state,
    nonce: location.searchParams.get('nonce')!,
    cookieName: cookie.name,
    cookieValue: cookie.value,
  };
}

export function launchClaims(
  platform: FakePlatform,
  nonce: string,
  extra: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    nonce,
    sub: 'learner-sub-1',
    [`${LTI_CLAIM}version`]: '1.3.0',
    [`${LTI_CLAIM}message_type`]: 'LtiResourceLinkRequest',
    [`${LTI_CLAIM}deployment_id`]: platform.registration.deploymentId,
    [`${LTI_CLAIM}target_link_uri`]: `${TOOL_URL}/launch`,
    [`${LTI_CLAIM}resource_link`]: { id: 'resource-link-1', title: 'Checkpoint <one> & "two"' },
    [`${LTI_CLAIM}roles`]: ['http://purl.imsglobal.org/vocab/lis/v2/membership#Learner'],
    [`${LTI_CLAIM}launch_presentation`]: { document_target: 'iframe', return_url: RETURN_URL },
    [`${LTI_CLAIM}custom`]: { quiz: 'web-basics' },
    [AGS_ENDPOINT_CLAIM]: {
      scope: [AGS_SCORE_SCOPE],
      lineitems: `${platform.base}/lineitems`,
      lineitem: platform.lineItemUrl,
    },
    ...extra,
  };
}

export interface SignOptions {
  key?: CryptoKey;
  kid?: string;
  issuer?: string;
  audience?: string | string[];
  iat?: number;
  exp?: number;
}

export async function signIdToken(
  platform: FakePlatform,
  claims: Record<string, unknown>,
  options: SignOptions = {},
): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'RS256', kid: options.kid ?? platform.kid, typ: 'JWT' })
    .setIssuer(options.issuer ?? platform.registration.issuer)
    .setAudience(options.audience ?? platform.registration.clientId)
    .setIssuedAt(options.iat ?? now)
    .setExpirationTime(options.exp ?? now + 60)
    .sign(options.key ?? platform.privateKey);
}

export function postLaunch(
  app: FastifyInstance,
  fields: Record<string, string>,
  cookies: Record<string, string>,
) {
  return app.inject({
    method: 'POST',
    url: '/launch',
    payload: new URLSearchParams(fields).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    cookies,
  });
}

/** Logs in, signs a valid id_token (with extra claims) and launches; returns the launch response. */
export async function launchWith(
  app: FastifyInstance,
  platform: FakePlatform,
  extra: Record<string, unknown> = {},
) {
  const started = await login(app, platform.registration);
  const idToken = await signIdToken(platform, launchClaims(platform, started.nonce, extra));
  return postLaunch(
    app,
    { id_token: idToken, state: started.state },
    { [started.cookieName]: started.cookieValue },
  );
}

export function sessionIdIn(html: string): string {
  const match = /name="session" value="([^"]+)"/.exec(html);
  if (!match?.[1]) throw new Error('no session field in the page');
  return match[1];
}

export function postForm(app: FastifyInstance, url: string, fields: [string, string][]) {
  return app.inject({
    method: 'POST',
    url,
    payload: new URLSearchParams(fields).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
}
