// The user's locale: stored in localStorage `locale`, applied to i18next and <html lang dir>, saved on the server.
import { PLATFORM_API, apiFetch } from '../lib/api-client.ts';
import { storageKeys, writeLocalString } from '../lib/storage.ts';
import { applyDocumentLocale, i18next } from './i18n.ts';
import type { Locale } from './locales.ts';

export { getStoredLocale } from './stored-locale.ts';

/**
 * Switches the interface language: store, apply (direction flips for ar-AR), then tell the server so its
 * own pages (sign-in, certificates) speak it too. The server call is best effort.
 */
export async function changeLocale(
  locale: Locale,
  options: { saveOnServer?: boolean } = {},
): Promise<void> {
  writeLocalString(storageKeys.locale, locale);
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
