import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18next, initI18n } from './i18n.ts';
import { changeLocale, getStoredLocale } from './locale-switch.ts';
import { localeInfos, nativeLocaleName } from './locales.ts';

beforeAll(async () => {
  await initI18n('en-US');
});

afterEach(async () => {
  vi.unstubAllGlobals();
  await changeLocale('en-US', { saveOnServer: false });
  window.localStorage.clear();
});

describe('locale switching', () => {
  it('stores the locale, switches i18next and flips <html> to rtl for ar-AR', async () => {
    await changeLocale('ar-AR', { saveOnServer: false });
    expect(window.localStorage.getItem('locale')).toBe('ar-AR');
    expect(getStoredLocale()).toBe('ar-AR');
    expect(i18next.language).toBe('ar-AR');
    expect(document.documentElement.lang).toBe('ar-AR');
    expect(document.documentElement.dir).toBe('rtl');
  });

  it('returns to ltr for other locales', async () => {
    await changeLocale('ar-AR', { saveOnServer: false });
    await changeLocale('de-DE', { saveOnServer: false });
    expect(document.documentElement.lang).toBe('de-DE');
    expect(document.documentElement.dir).toBe('ltr');
  });

  it('falls back to en-US texts for locales without catalogues', async () => {
    await changeLocale('fi-FI', { saveOnServer: false });
    expect(i18next.t('shell:userMenu.signOut')).toBe('Sign out');
  });

  it('saves the choice on the server (best effort)', async () => {
    const fetchMock = vi.fn().mockResolvedValue(new Response(null, { status: 204 }));
    vi.stubGlobal('fetch', fetchMock);
    await changeLocale('fr-FR');
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/platform/v1/users/me/locale');
    expect(init.method).toBe('PUT');
    expect(JSON.parse(String(init.body))).toEqual({ locale: 'fr-FR' });
  });

  it('ignores an unknown stored locale', () => {
    window.localStorage.setItem('locale', 'xx-XX');
    expect(getStoredLocale()).toBe('en-US');
  });
});

describe('locale names', () => {
  it('names each locale in its own language', () => {
    expect(nativeLocaleName('de-DE')).toBe('Deutsch');
    expect(nativeLocaleName('ar-AR')).toBe('العربية');
    expect(nativeLocaleName('en-US')).toBe('English (United States)');
    expect(localeInfos()).toHaveLength(35);
    expect(localeInfos().find((info) => info.locale === 'ar-AR')?.direction).toBe('rtl');
  });
});
