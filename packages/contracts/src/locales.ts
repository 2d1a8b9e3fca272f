// The 35 locales of the spec (§9), with their writing direction.
export const locales = [
  'ar-AR',
  'bg-BG',
  'bn-BD',
  'cs-CZ',
  'da-DK',
  'de-DE',
  'en-US',
  'es-ES',
  'fi-FI',
  'fr-FR',
  'hi-IN',
  'hu-HU',
  'id-ID',
  'it-IT',
  'ja-JP',
  'ko-KR',
  'la',
  'ms-MY',
  'my-MM',
  'nb-NO',
  'nl-NL',
  'pl-PL',
  'pt-BR',
  'pt-PT',
  'ro-RO',
  'ru-RU',
  'sr-Latn-RS',
  'sv-SE',
  'ta-IN',
  'th-TH',
  'tr-TR',
  'uk-UA',
  'vi-VN',
  'zh-CN',
  'zh-TW',
] as const;
export type Locale = (typeof locales)[number];
export const DEFAULT_LOCALE: Locale = 'en-US';

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (locales as readonly string[]).includes(value);
}

export function localeDirection(locale: Locale): 'rtl' | 'ltr' {
  return locale === 'ar-AR' ? 'rtl' : 'ltr';
}

/** Picks the best supported locale from an Accept-Language header (exact, then language match). */
export function negotiateLocale(acceptLanguage: string | undefined): Locale {
  if (!acceptLanguage) return DEFAULT_LOCALE;
  const wanted = acceptLanguage
    .split(',')
    .map((part) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.find((p) => p.trim().startsWith('q='));
      return { tag: tag.trim(), q: q ? Number(q.trim().slice(2)) || 0 : 1 };
    })
    .filter((entry) => entry.tag.length > 0)
    .sort((a, b) => b.q - a.q);
  for (const { tag } of wanted) {
    const exact = locales.find((l) => l.toLowerCase() === tag.toLowerCase());
    if (exact) return exact;
    const language = tag.split('-')[0]?.toLowerCase();
    const byLanguage = locales.find((l) => l.split('-')[0]?.toLowerCase() === language);
    if (byLanguage) return byLanguage;
  }
  return DEFAULT_LOCALE;
}

/** Locales that stand in for ours where a JavaScript runtime has no Intl data for them. */
const INTL_STAND_INS: Partial<Record<Locale, { plurals: string }>> = {
  // Latin has a singular and a plural, like English (CLDR has no Latin rules).
  la: { plurals: 'en' },
  // Burmese does not inflect for number: one form, like Japanese.
  'my-MM': { plurals: 'ja' },
};

const supportsDates = (tag: string) => Intl.DateTimeFormat.supportedLocalesOf([tag]).length > 0;
const supportsPlurals = (tag: string) => Intl.PluralRules.supportedLocalesOf([tag]).length > 0;

/**
 * The Intl tag to format dates and numbers in: the locale itself (Arabic with Arabic-Indic digits), or
 * en-US where the runtime has no data for it — never the runtime's own default locale.
 */
export function intlLocaleOf(
  locale: string,
  supported: (tag: string) => boolean = supportsDates,
): string {
  if (!isLocale(locale)) return DEFAULT_LOCALE;
  if (!supported(locale)) return DEFAULT_LOCALE;
  return locale === 'ar-AR' ? 'ar-AR-u-nu-arab' : locale;
}

/** The Intl tag whose CLDR plural rules are the locale's (a stand-in where the runtime lacks them). */
export function pluralLocaleOf(
  locale: string,
  supported: (tag: string) => boolean = supportsPlurals,
): string {
  if (!isLocale(locale)) return locale;
  if (supported(locale)) return locale;
  return INTL_STAND_INS[locale]?.plurals ?? DEFAULT_LOCALE;
}
