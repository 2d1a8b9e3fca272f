// The locale to show: the one the user chose last (localStorage `locale`), else the first of the
// browser's languages the portal speaks, else en-US.
import { readLocalString, storageKeys } from '../lib/storage.ts';
import { DEFAULT_LOCALE, isLocale, negotiateLocale, type Locale } from './locales.ts';

/** The browser's preferred languages as an Accept-Language list. */
function browserLanguages(): string {
  const languages = typeof navigator === 'undefined' ? [] : (navigator.languages ?? []);
  return languages.length > 0 ? languages.join(',') : (navigator?.language ?? '');
}

/** True when the user chose a language in this browser (the menu stores it). */
export function hasChosenLocale(): boolean {
  return isLocale(readLocalString(storageKeys.locale));
}

export function getStoredLocale(): Locale {
  const stored = readLocalString(storageKeys.locale);
  if (isLocale(stored)) return stored;
  return browserLanguages() ? negotiateLocale(browserLanguages()) : DEFAULT_LOCALE;
}

/**
 * The `locale` cookie tells the server which language its own pages speak (sign-in, sign-out, the LTI
 * launch page, refusals), also before any API call and after the session ended.
 */
export function writeLocaleCookie(locale: Locale): void {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `locale=${locale}; Path=/; Max-Age=31536000; SameSite=Lax${secure}`;
}
