// XAPI_* settings read by config.ts: the endpoint without its trailing slash, credentials both or neither.
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';

const base = { NODE_ENV: 'test', SESSION_SECRET: 'test-secret-test-secret-test-secret' };

describe('XAPI configuration', () => {
  it('is off without XAPI_ENDPOINT', () => {
    expect(loadConfig(base).xapi).toBeUndefined();
  });

  it('reads the endpoint and the basic-auth credentials', () => {
    expect(
      loadConfig({
        ...base,
        XAPI_ENDPOINT: 'https://lrs.example/xapi/',
        XAPI_USERNAME: 'portal',
        XAPI_PASSWORD: 'secret',
      }).xapi,
    ).toEqual({
      endpoint: 'https://lrs.example/xapi',
      credentials: { username: 'portal', password: 'secret' },
    });
    expect(loadConfig({ ...base, XAPI_ENDPOINT: 'http://127.0.0.1:8080/xapi' }).xapi).toEqual({
      endpoint: 'http://127.0.0.1:8080/xapi',
      credentials: undefined,
    });
  });

  it.each([
    [
      'a user name without a password',
      { XAPI_ENDPOINT: 'https://lrs.example', XAPI_USERNAME: 'a' },
    ],
    ['credentials without an endpoint', { XAPI_USERNAME: 'a', XAPI_PASSWORD: 'b' }],
    ['an endpoint that is no URL', { XAPI_ENDPOINT: 'lrs.example' }],
    ['an endpoint that is not http(s)', { XAPI_ENDPOINT: 'ftp://lrs.example' }],
  ])('refuses %s', (_name, env) => {
    expect(() => loadConfig({ ...base, ...env })).toThrow(/Invalid configuration/);
  });
});
