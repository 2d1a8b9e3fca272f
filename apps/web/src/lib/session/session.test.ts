import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { storageKeys, userStorageKey } from '../storage.ts';
import { loginCallbackLoader } from '../../app/routes/login-callback.ts';
import { currentSessionId, ensureSessionRecord, signOut, touchSession } from './session.ts';
import { readUserCookie, writeUserCookie } from './user-cookie.ts';

beforeEach(() => {
  window.localStorage.clear();
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => Response.json({ redirectUrl: '/oidc-op/session/end' })),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('signOut', () => {
  it('forgets what was remembered for the user, keeps device settings, and leaves for the provider', async () => {
    const ada = userStorageKey(storageKeys.enrolledFilters, 'ada-id');
    window.localStorage.setItem(ada, JSON.stringify('keyword=gdpr'));
    window.localStorage.setItem(storageKeys.enrolledFilters, JSON.stringify('keyword=gdpr'));
    window.localStorage.setItem(storageKeys.locale, 'ar-AR');
    window.localStorage.setItem(
      storageKeys.session,
      JSON.stringify({ id: 's', userId: 'ada-id', lastActivityDate: '2026-03-05T10:00:00.000Z' }),
    );
    writeUserCookie({ username: 'ada', department_name: 'Analytics', external_id: 'ext-7' });
    expect(readUserCookie()).toEqual({
      username: 'ada',
      department_name: 'Analytics',
      external_id: 'ext-7',
    });
    const navigate = vi.fn();

    await signOut(navigate);

    expect(readUserCookie()).toBeNull();
    expect(window.localStorage.getItem(ada)).toBeNull();
    expect(window.localStorage.getItem(storageKeys.enrolledFilters)).toBeNull();
    expect(window.localStorage.getItem(storageKeys.session)).toBeNull();
    expect(window.localStorage.getItem(storageKeys.locale)).toBe('ar-AR');
    expect(navigate).toHaveBeenCalledWith('/oidc-op/session/end');
  });
});

describe('the session id every call carries', () => {
  it('exists before the first call of a page load and stays for the signed-in user', () => {
    const atStart = ensureSessionRecord();
    expect(currentSessionId()).toBe(atStart.id);
    expect(touchSession('ada-id').id).toBe(atStart.id);
    expect(ensureSessionRecord().id).toBe(atStart.id);
  });

  it('is new after a sign-in, before the signed-in pages make their first call', () => {
    const before = ensureSessionRecord();
    touchSession('ada-id');
    loginCallbackLoader({
      request: new Request(
        'http://localhost:3000/learn/login-callback?redirectUrl=%2Flearn%2Fcourses',
      ),
      params: {},
      context: undefined,
    } as Parameters<typeof loginCallbackLoader>[0]);
    const after = currentSessionId();
    expect(after).not.toBeNull();
    expect(after).not.toBe(before.id);
    // Whoever signed in adopts it.
    expect(touchSession('bob-id').id).toBe(after);
  });
});
