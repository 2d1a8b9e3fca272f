// The user's locale: stored in localStorage `locale`, applied to i18next and <html lang dir>, saved on the server.
import { PLATFORM_API, apiFetch } from '../lib/api-client.ts';
import { storageKeys, writeLocalString } from '../lib/storage.ts';
import { applyDocumentLocale, i18next } from './i18n.ts';
import { isLocale, type Locale } from './locales.ts';

export { getStoredLocale, writeLocaleCookie } from './stored-locale.ts';
import { hasChosenLocale, writeLocaleCookie } from './stored-locale.ts';

/**
 * Switches the interface language: store, apply (direction flips for ar-AR), then tell the server so its
 * own pages (sign-in, certificates) speak it too. The server call is best effort.
 */
export async function changeLocale(
  locale: Locale,
  options: { saveOnServer?: boolean } = {},
): Promise<void> {
  writeLocalString(storageKeys.locale, locale);
  writeLocaleCookie(locale);
  applyDocumentLocale(locale);
  await i18next.changeLanguage(locale);
  if (options.saveOnServer ?? true) {
    apiFetch('PUT', `${PLATFORM_API}/users/me/locale`, { body: { locale } }).catch(
      (error: unknown) => {
        console.warn('Could not save the locale on the server', error);
      },
    );
  }
}

/**
 * After sign-in, in a browser where the user never chose a language: the one saved on their profile (a
 * choice made in another browser) is taken over. A choice made in this browser stays; only choosing in
 * the menu saves a language on the profile.
 */
export async function adoptProfileLocale(profileLocale: string | null): Promise<void> {
  if (hasChosenLocale() || !isLocale(profileLocale)) return;
  if (profileLocale !== i18next.language)
    await changeLocale(profileLocale, { saveOnServer: false });
}
