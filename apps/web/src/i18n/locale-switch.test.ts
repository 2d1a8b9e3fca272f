import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18next, initI18n } from './i18n.ts';
import { adoptProfileLocale, changeLocale, getStoredLocale } from './locale-switch.ts';
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

  it('speaks the chosen locale, and falls back to en-US for a key it lacks', async () => {
    await changeLocale('fi-FI', { saveOnServer: false });
    expect(i18next.t('shell:userMenu.signOut')).toBe('Kirjaudu ulos');
    i18next.addResource('en-US', 'shell', 'probe.onlyInEnglish', 'Only in English');
    expect(i18next.t('shell:probe.onlyInEnglish' as never)).toBe('Only in English');
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
    vi.stubGlobal('navigator', { languages: ['xx-XX'], language: 'xx-XX' });
    expect(getStoredLocale()).toBe('en-US');
  });

  it('speaks the first of the browser’s languages the portal has when nothing was chosen', () => {
    vi.stubGlobal('navigator', { languages: ['xx-XX', 'pt-BR', 'de'], language: 'xx-XX' });
    expect(getStoredLocale()).toBe('pt-BR');
    vi.stubGlobal('navigator', { languages: ['de-AT'], language: 'de-AT' });
    expect(getStoredLocale()).toBe('de-DE');
    window.localStorage.setItem('locale', 'ja-JP');
    expect(getStoredLocale()).toBe('ja-JP');
  });
});

describe('locale names', () => {
  it('names each locale in its own language', () => {
    expect(nativeLocaleName('de-DE')).toBe('Deutsch');
    expect(nativeLocaleName('ar-AR')).toBe('العربية');
    expect(nativeLocaleName('en-US')).toBe('English (United States)');
    // Browsers have no names for these in their own languages; the table does.
    expect(nativeLocaleName('la')).toBe('Latina');
    expect(nativeLocaleName('my-MM')).toBe('မြန်မာ');
    expect(nativeLocaleName('ja-JP')).toBe('日本語');
    expect(localeInfos()).toHaveLength(35);
    expect(localeInfos().find((info) => info.locale === 'ar-AR')?.direction).toBe('rtl');
  });
});

describe('numbers and plurals in texts', () => {
  it('writes every interpolated number the locale’s way', async () => {
    i18next.addResource('ar-AR', 'common', 'probe.count', '{{count}} / {{total}}');
    await changeLocale('ar-AR', { saveOnServer: false });
    expect(i18next.t('common:probe.count' as never, { count: 10, total: 1234 })).toBe('١٠ / ١٬٢٣٤');
  });

  it('uses Latin plural forms even where Intl has no Latin rules, never the browser’s', async () => {
    i18next.addResource('la', 'common', 'probe.courses_one', '{{count}} cursus');
    i18next.addResource('la', 'common', 'probe.courses_other', '{{count}} cursūs');
    await changeLocale('la', { saveOnServer: false });
    expect(i18next.t('common:probe.courses' as never, { count: 1 })).toBe('1 cursus');
    expect(i18next.t('common:probe.courses' as never, { count: 3 })).toBe('3 cursūs');
    // The rules are the stand-in's (English), not whatever default the runtime falls back to.
    const resolver = i18next.services.pluralResolver as {
      getRule(code: string): Intl.PluralRules;
    };
    expect(resolver.getRule('la').resolvedOptions().locale).toBe('en');
  });
});

describe('the language across browsers and the server', () => {
  it('keeps a locale cookie for the server’s own pages', async () => {
    await changeLocale('de-DE', { saveOnServer: false });
    expect(document.cookie).toContain('locale=de-DE');
  });

  it('takes over the language saved on the profile in a browser where none was chosen', async () => {
    const fetchMock = vi.fn().mockResolvedValue(new Response(null, { status: 204 }));
    vi.stubGlobal('fetch', fetchMock);
    window.localStorage.clear();
    await adoptProfileLocale('ja-JP');
    expect(i18next.language).toBe('ja-JP');
    expect(window.localStorage.getItem('locale')).toBe('ja-JP');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('keeps the language chosen in this browser, and writes nothing to the profile', async () => {
    const fetchMock = vi.fn().mockResolvedValue(new Response(null, { status: 204 }));
    vi.stubGlobal('fetch', fetchMock);
    await changeLocale('fr-FR', { saveOnServer: false });
    await adoptProfileLocale('ja-JP');
    await adoptProfileLocale(null);
    expect(i18next.language).toBe('fr-FR');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
