// i18next set-up: one JSON catalogue per locale and namespace, loaded on demand, en-US fallback.
import i18next, { type BackendModule, type FormatterModule, type ReadCallback } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { intlLocaleOf, pluralLocaleOf } from '@portal/contracts';
import { DEFAULT_LOCALE, isLocale, localeDirection, type Locale } from './locales.ts';

export const shellNamespaces = ['common', 'shell', 'errors'] as const;

type Catalogue = { default: Record<string, unknown> };

// Vite turns each file into its own lazy chunk; only the current locale's files are fetched.
const catalogues = import.meta.glob<Catalogue>('./locales/*/*.json');

/** Loads one catalogue; a missing or failing file is logged and treated as empty (en-US fills in). */
export async function loadCatalogue(
  locale: string,
  namespace: string,
): Promise<Record<string, unknown>> {
  const load = catalogues[`./locales/${locale}/${namespace}.json`];
  if (!load) {
    if (locale === DEFAULT_LOCALE) console.warn(`Missing catalogue ${locale}/${namespace}`);
    return {};
  }
  try {
    return (await load()).default;
  } catch (error) {
    console.warn(`Could not load catalogue ${locale}/${namespace}`, error);
    return {};
  }
}

const globBackend: BackendModule = {
  type: 'backend',
  callbackApi: true,
  init: () => undefined,
  read(language: string, namespace: string, callback: ReadCallback) {
    loadCatalogue(language, namespace).then(
      (data) => callback(null, data),
      (error: unknown) => callback(error instanceof Error ? error : String(error), null),
    );
  },
};

const numberFormats = new Map<string, Intl.NumberFormat>();

/**
 * Every number put into a text is written the locale's way ("١٠" in Arabic, "1 000" in French), through
 * Intl in the locale — or en-US where the browser has no data for it, never the browser's own default.
 */
export const localeFormatter: FormatterModule = {
  type: 'formatter',
  init: () => undefined,
  add: () => undefined,
  addCached: () => undefined,
  format(value: unknown, format: string | undefined, lng: string | undefined) {
    // Anything else passes through untouched (i18next types the result as a string).
    if (typeof value !== 'number' || (format !== undefined && format !== 'number'))
      return value as string;
    const tag = intlLocaleOf(lng ?? DEFAULT_LOCALE);
    let numberFormat = numberFormats.get(tag);
    if (!numberFormat) {
      numberFormat = new Intl.NumberFormat(tag);
      numberFormats.set(tag, numberFormat);
    }
    return numberFormat.format(value);
  },
};

/**
 * i18next picks plural forms with Intl.PluralRules of the language; where the browser has no rules for it
 * (Latin, Burmese in Chromium) Intl would silently use the browser's own language. The rules then come
 * from a stand-in with the same CLDR rules (contracts' pluralLocaleOf).
 */
function usePluralStandIns(): void {
  const resolver = i18next.services.pluralResolver as {
    getRule(code: string, options?: object): Intl.PluralRules | undefined;
  };
  const getRule = resolver.getRule.bind(resolver);
  resolver.getRule = (code, options) => getRule(pluralLocaleOf(code), options);
}

/** Applies the locale's language and direction to the <html> element. */
export function applyDocumentLocale(locale: Locale): void {
  document.documentElement.lang = locale;
  document.documentElement.dir = localeDirection(locale);
}

let initialised: Promise<unknown> | null = null;

/** Initialises i18next once with the given locale and the shell's namespaces. */
export function initI18n(locale: Locale): Promise<unknown> {
  applyDocumentLocale(locale);
  initialised ??= i18next
    .use(globBackend)
    .use(localeFormatter)
    .use(initReactI18next)
    .init({
      lng: locale,
      fallbackLng: DEFAULT_LOCALE,
      supportedLngs: false,
      load: 'currentOnly',
      ns: [...shellNamespaces],
      defaultNS: 'common',
      interpolation: { escapeValue: false, alwaysFormat: true },
      returnNull: false,
      react: { useSuspense: true },
    })
    .then(usePluralStandIns);
  return initialised;
}

/** The locale i18next currently uses, as one of the 35. */
export function currentLocale(): Locale {
  const language = i18next.language;
  return isLocale(language) ? language : DEFAULT_LOCALE;
}

export { i18next };
