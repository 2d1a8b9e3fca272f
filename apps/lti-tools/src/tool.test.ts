// Configuration from the environment, the registration, the tool key file and the JWKS, and the stylesheet.
import { stat } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';
import { toolRegistration } from './registration.ts';
import { startTool } from './test-support.ts';

const platform = {
  issuer: 'https://portal.example',
  clientId: 'c1',
  deploymentId: 'd1',
  authorizationEndpoint: 'https://portal.example/api/lti/v1/auth',
  tokenEndpoint: 'https://portal.example/api/lti/v1/token',
  jwksUrl: 'https://portal.example/api/lti/v1/.well-known/jwks.json',
};

describe('loadConfig', () => {
  it('has defaults for a local start', () => {
    expect(loadConfig({})).toEqual({
      host: '127.0.0.1',
      port: 3001,
      publicUrl: 'http://localhost:3001',
      keyFile: './data/lti-tools-key.json',
      platforms: [],
      frameAncestors: '*',
      logLevel: 'info',
    });
    expect(loadConfig({ LTI_TOOLS_PORT: '4100' }).publicUrl).toBe('http://localhost:4100');
  });

  it('reads every variable', () => {
    const config = loadConfig({
      LTI_TOOLS_HOST: '0.0.0.0',
      LTI_TOOLS_PORT: '4000',
      LTI_TOOLS_PUBLIC_URL: 'https://tools.example/quiz/',
      LTI_TOOLS_KEY_FILE: '/var/lib/tool/key.json',
      LTI_TOOLS_PLATFORMS: JSON.stringify([platform, { ...platform, clientId: 'c2' }]),
      LTI_TOOLS_FRAME_ANCESTORS: "'self' https://portal.example",
      LTI_TOOLS_LOG_LEVEL: 'warn',
    });
    expect(config).toMatchObject({
      host: '0.0.0.0',
      port: 4000,
      publicUrl: 'https://tools.example/quiz',
      keyFile: '/var/lib/tool/key.json',
      frameAncestors: "'self' https://portal.example",
      logLevel: 'warn',
    });
    expect(config.platforms.map((p) => p.clientId)).toEqual(['c1', 'c2']);
  });

  it.each([
    [{ LTI_TOOLS_PORT: 'abc' }, 'LTI_TOOLS_PORT'],
    [{ LTI_TOOLS_PUBLIC_URL: 'ftp://x' }, 'LTI_TOOLS_PUBLIC_URL'],
    [{ LTI_TOOLS_PLATFORMS: '{' }, 'JSON array'],
    [{ LTI_TOOLS_PLATFORMS: '{}' }, 'JSON array'],
    [{ LTI_TOOLS_PLATFORMS: JSON.stringify([{ ...platform, clientId: '' }]) }, 'clientId'],
    [{ LTI_TOOLS_PLATFORMS: JSON.stringify([{ ...platform, jwksUrl: 'nope' }]) }, 'jwksUrl'],
    [{ LTI_TOOLS_PLATFORMS: JSON.stringify([platform, platform]) }, 'twice'],
    [{ LTI_TOOLS_LOG_LEVEL: 'loud' }, 'LTI_TOOLS_LOG_LEVEL'],
  ])('refuses %j', (env, text) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(text);
  });
});

describe('toolRegistration', () => {
  it('lists the URLs a platform registers', () => {
    expect(toolRegistration('https://tools.example/quiz/')).toEqual({
      name: 'Quiz (built-in tool)',
      loginUrl: 'https://tools.example/quiz/login',
      redirectUris: ['https://tools.example/quiz/launch'],
      targetLinkUri: 'https://tools.example/quiz/launch',
      jwksUrl: 'https://tools.example/quiz/.well-known/jwks.json',
    });
  });
});

describe('tool key and JWKS', () => {
  it('creates the key file with mode 0600 and keeps the key across restarts', async () => {
    const tool = await startTool([]);
    try {
      const response = await tool.app.inject({ url: '/.well-known/jwks.json' });
      expect(response.statusCode).toBe(200);
      const { keys } = response.json<{ keys: Record<string, string>[] }>();
      expect(keys).toHaveLength(1);
      expect(Object.keys(keys[0]!).sort()).toEqual(['alg', 'e', 'kid', 'kty', 'n', 'use']);
      expect(keys[0]).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig' });
      expect((await stat(tool.keyFile)).mode & 0o777).toBe(0o600);

      const { createToolApp } = await import('./app.ts');
      const restarted = await createToolApp({
        ...loadConfig({}),
        keyFile: tool.keyFile,
        logLevel: 'silent',
      });
      const again = (await restarted.inject({ url: '/.well-known/jwks.json' })).json<{
        keys: Record<string, string>[];
      }>();
      expect(again.keys[0]!.kid).toBe(keys[0]!.kid);
      await restarted.close();
    } finally {
      await tool.close();
    }
  });
});

describe('pages', () => {
  it('serves the stylesheet the pages link and an accessible start page', async () => {
    const tool = await startTool([], { frameAncestors: "'self' https://portal.example" });
    try {
      const css = await tool.app.inject({ url: '/styles.css' });
      expect(css.headers['content-type']).toBe('text/css; charset=utf-8');
      expect(css.body).toContain(':focus-visible');
      const home = await tool.app.inject({ url: '/' });
      expect(home.body).toContain('<link rel="stylesheet" href="./styles.css">');
      // Named, so that it stays distinguishable from the portal's own main landmark around the iframe.
      expect(home.body).toContain('<main aria-label="Quiz (built-in tool)">');
      expect(home.headers['content-security-policy']).toContain(
        "frame-ancestors 'self' https://portal.example",
      );
    } finally {
      await tool.close();
    }
  });
});
