import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { apiFetch, apiGet, configureApiClient } from './api-client.ts';

let calls: { url: string; init: RequestInit }[];

beforeEach(() => {
  calls = [];
  configureApiClient({
    getLocale: () => 'ar-AR',
    getSessionId: () => 'session-1',
    isPublicMode: () => false,
  });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      calls.push({ url, init });
      return Response.json({ ok: true });
    }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('apiFetch', () => {
  it('sends the spec headers with every call, reads and writes alike', async () => {
    await apiGet('/api/lms/v1/users/me/terms', z.object({ ok: z.boolean() }));
    await apiFetch('PUT', '/api/platform/v1/users/me/locale', { body: { locale: 'ar-AR' } });
    await apiFetch('POST', '/api/lms/v1/objective-workflows/w/resource-link');
    expect(calls).toHaveLength(3);
    for (const { init } of calls) {
      expect(init.headers).toMatchObject({
        'content-type': 'application/json',
        'x-requested-with': 'XMLHttpRequest',
        'x-session-id': 'session-1',
        'accept-language': 'ar-AR',
        prefer: 'respond-async',
      });
    }
    expect(calls.map(({ init }) => init.body)).toEqual([
      undefined,
      '{"locale":"ar-AR"}',
      // A JSON content type promises a JSON body, also when the write has nothing to say.
      '{}',
    ]);
  });
});
