// The locale the user chose last, from localStorage `locale` (en-US when none or unknown).
import { readLocalString, storageKeys } from '../lib/storage.ts';
import { DEFAULT_LOCALE, isLocale, type Locale } from './locales.ts';

export function getStoredLocale(): Locale {
  const stored = readLocalString(storageKeys.locale);
  return isLocale(stored) ? stored : DEFAULT_LOCALE;
}
