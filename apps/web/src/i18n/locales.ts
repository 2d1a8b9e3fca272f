// The 35 locales of the spec with their direction and their own (native) names for the language menu.
import {
  DEFAULT_LOCALE,
  isLocale,
  localeDirection,
  locales,
  negotiateLocale,
  type Locale,
} from '@portal/contracts';

export { DEFAULT_LOCALE, isLocale, localeDirection, locales, negotiateLocale, type Locale };

/**
 * Each language's name in itself, as its speakers look for it in a language menu. A table, not
 * Intl.DisplayNames: browsers lack some of these (Latin, Burmese) and would answer in English.
 */
export const NATIVE_LOCALE_NAMES: Record<Locale, string> = {
  'ar-AR': 'العربية',
  'bg-BG': 'Български',
  'bn-BD': 'বাংলা',
  'cs-CZ': 'Čeština',
  'da-DK': 'Dansk',
  'de-DE': 'Deutsch',
  'en-US': 'English (United States)',
  'es-ES': 'Español (España)',
  'fi-FI': 'Suomi',
  'fr-FR': 'Français',
  'hi-IN': 'हिन्दी',
  'hu-HU': 'Magyar',
  'id-ID': 'Bahasa Indonesia',
  'it-IT': 'Italiano',
  'ja-JP': '日本語',
  'ko-KR': '한국어',
  la: 'Latina',
  'ms-MY': 'Bahasa Melayu',
  'my-MM': 'မြန်မာ',
  'nb-NO': 'Norsk bokmål',
  'nl-NL': 'Nederlands',
  'pl-PL': 'Polski',
  'pt-BR': 'Português (Brasil)',
  'pt-PT': 'Português (Portugal)',
  'ro-RO': 'Română',
  'ru-RU': 'Русский',
  'sr-Latn-RS': 'Srpski (latinica)',
  'sv-SE': 'Svenska',
  'ta-IN': 'தமிழ்',
  'th-TH': 'ไทย',
  'tr-TR': 'Türkçe',
  'uk-UA': 'Українська',
  'vi-VN': 'Tiếng Việt',
  'zh-CN': '中文（简体）',
  'zh-TW': '中文（繁體）',
};

/** The locale's name in its own language, e.g. "Deutsch", "العربية", "Latina". */
export function nativeLocaleName(locale: Locale): string {
  return NATIVE_LOCALE_NAMES[locale];
}

export interface LocaleInfo {
  locale: Locale;
  direction: 'ltr' | 'rtl';
  nativeName: string;
}

const infos: LocaleInfo[] = locales.map((locale) => ({
  locale,
  direction: localeDirection(locale),
  nativeName: NATIVE_LOCALE_NAMES[locale],
}));

/** All locales with direction and native name. */
export function localeInfos(): LocaleInfo[] {
  return infos;
}
