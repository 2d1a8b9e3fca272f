// i18next set-up: one JSON catalogue per locale and namespace, loaded on demand, en-US fallback.
import i18next, { type BackendModule, type ReadCallback } from 'i18next';
import { initReactI18next } from 'react-i18next';
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
    .use(initReactI18next)
    .init({
      lng: locale,
      fallbackLng: DEFAULT_LOCALE,
      supportedLngs: false,
      load: 'currentOnly',
      ns: [...shellNamespaces],
      defaultNS: 'common',
      interpolation: { escapeValue: false },
      returnNull: false,
      react: { useSuspense: true },
    });
  return initialised;
}

/** The locale i18next currently uses, as one of the 35. */
export function currentLocale(): Locale {
  const language = i18next.language;
  return isLocale(language) ? language : DEFAULT_LOCALE;
}

export { i18next };
