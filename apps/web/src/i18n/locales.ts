// The 35 locales of the spec with their direction and their own (native) names for the language menu.
import { DEFAULT_LOCALE, isLocale, localeDirection, locales, type Locale } from '@portal/contracts';

export { DEFAULT_LOCALE, isLocale, localeDirection, locales, type Locale };

// Which part of the tag names the language in the menu: the language alone when it is unambiguous
// (ar-AR is "العربية", not "Arabic (Argentina)"), the full tag where the region or script matters.
const namedByFullTag = new Set<Locale>(['en-US', 'pt-BR', 'pt-PT', 'zh-CN', 'zh-TW']);

function tagToName(locale: Locale): string {
  if (namedByFullTag.has(locale)) return locale;
  if (locale === 'sr-Latn-RS') return 'sr-Latn';
  return locale.split('-')[0] ?? locale;
}

/** The locale's name in its own language, e.g. "Deutsch", "العربية", "English (United States)". */
export function nativeLocaleName(locale: Locale): string {
  try {
    const name = new Intl.DisplayNames([locale], {
      type: 'language',
      languageDisplay: 'standard',
    }).of(tagToName(locale));
    if (!name) return locale;
    return name.charAt(0).toLocaleUpperCase(locale) + name.slice(1);
  } catch {
    return locale;
  }
}

export interface LocaleInfo {
  locale: Locale;
  direction: 'ltr' | 'rtl';
  nativeName: string;
}

let cached: LocaleInfo[] | null = null;

/** All locales with direction and native name (computed once, Intl is not free). */
export function localeInfos(): LocaleInfo[] {
  cached ??= locales.map((locale) => ({
    locale,
    direction: localeDirection(locale),
    nativeName: nativeLocaleName(locale),
  }));
  return cached;
}
