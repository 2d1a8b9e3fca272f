// Texts the server renders itself (sign-in pages, the LTI auto-post page, messages the client shows
// verbatim, and later certificates, e-mails and calendar feeds): one JSON catalogue per locale and
// namespace under i18n/locales, en-US the source and the fallback, the same files `npm run i18n:check`
// keeps complete. Plurals use CLDR categories as key suffixes (`_one`, `_few`, `_other`, …), as on the web.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  DEFAULT_LOCALE,
  intlLocaleOf,
  isLocale,
  localeDirection,
  negotiateLocale,
  pluralLocaleOf,
  type Locale,
} from '@portal/contracts';
import type enAuth from './locales/en-US/auth.json';
import type enCertificates from './locales/en-US/certificates.json';
import type enErrors from './locales/en-US/errors.json';
import type enLti from './locales/en-US/lti.json';
import type enCalendar from './locales/en-US/calendar.json';
import type enKnowledgeQuestions from './locales/en-US/knowledgeQuestions.json';

export const LOCALES_DIR = join(import.meta.dirname, 'locales');

/** The keys of each namespace, from the en-US source. */
export interface ServerCatalogues {
  auth: typeof enAuth;
  certificates: typeof enCertificates;
  errors: typeof enErrors;
  lti: typeof enLti;
  calendar: typeof enCalendar;
  knowledgeQuestions: typeof enKnowledgeQuestions;
}
export type ServerNamespace = keyof ServerCatalogues;
export const serverNamespaces: readonly ServerNamespace[] = [
  'auth',
  'calendar',
  'certificates',
  'errors',
  'knowledgeQuestions',
  'lti',
];

export type ErrorKey = keyof ServerCatalogues['errors'] & string;

/** A learner-facing message of the `errors` namespace, translated where the reader's locale is known. */
export interface LocalizedText {
  key: ErrorKey;
  params?: TextParams;
}

type Catalogue = Record<string, string>;
const cache = new Map<string, Catalogue | null>();

/** One locale's catalogue of a namespace, or null when it has none (read once, then cached). */
function catalogueOf(locale: Locale, namespace: ServerNamespace): Catalogue | null {
  const cacheKey = `${locale}/${namespace}`;
  if (!cache.has(cacheKey)) {
    const file = join(LOCALES_DIR, locale, `${namespace}.json`);
    cache.set(
      cacheKey,
      existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Catalogue) : null,
    );
  }
  return cache.get(cacheKey) ?? null;
}

export type TextParams = Record<string, string | number>;

/** A moment in a message: the date and time in the locale's words, in UTC, saying so ("…, 08:00 UTC"). */
export function formatUtcDateTime(locale: Locale, iso: string): string {
  return (
    new Intl.DateTimeFormat(intlLocaleOf(locale), {
      dateStyle: 'medium',
      timeStyle: 'short',
      timeZone: 'UTC',
    }).format(new Date(iso)) + ' UTC'
  );
}

function interpolate(text: string, params: TextParams | undefined): string {
  if (!params) return text;
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) =>
    params[name] === undefined ? whole : String(params[name]),
  );
}

export interface ServerTranslator {
  /** The language the texts are in: the wanted locale, or en-US when it has no catalogue. */
  locale: Locale;
  dir: 'ltr' | 'rtl';
  t<N extends ServerNamespace>(
    namespace: N,
    key: keyof ServerCatalogues[N] & string,
    params?: TextParams,
  ): string;
}

/** Texts of `namespace` in `locale` (en-US for a key the locale lacks; `count` picks the plural form). */
export function serverTranslator(wanted: Locale, namespace: ServerNamespace): ServerTranslator {
  const locale = catalogueOf(wanted, namespace) ? wanted : DEFAULT_LOCALE;
  const plurals = new Intl.PluralRules(pluralLocaleOf(locale));
  const lookup = (catalogue: Catalogue | null, key: string, params: TextParams | undefined) => {
    if (!catalogue) return undefined;
    if (typeof params?.count === 'number') {
      const plural =
        catalogue[`${key}_${plurals.select(params.count)}`] ?? catalogue[`${key}_other`];
      if (plural !== undefined) return plural;
    }
    return catalogue[key];
  };
  return {
    locale,
    dir: localeDirection(locale),
    t(ns, key, params) {
      const text =
        lookup(catalogueOf(locale, ns), key, params) ??
        lookup(catalogueOf(DEFAULT_LOCALE, ns), key, params) ??
        key;
      return interpolate(text, params);
    },
  };
}

/** The text of a localized message in `locale`. */
export function localize(locale: Locale, text: LocalizedText): string {
  return serverTranslator(locale, 'errors').t('errors', text.key, text.params);
}

/** A message whose `date` parameter is an ISO instant, with that date in the locale's words (in UTC). */
export function localizeDated(locale: Locale, text: LocalizedText): string {
  const date = text.params?.date;
  return localize(
    locale,
    typeof date === 'string'
      ? { ...text, params: { ...text.params, date: formatUtcDateTime(locale, date) } }
      : text,
  );
}

/** The locale of a request: the portal's `locale` cookie (an explicit choice), else Accept-Language. */
export function requestLocale(
  localeCookie: string | undefined,
  acceptLanguage: string | undefined,
): Locale {
  return isLocale(localeCookie) ? localeCookie : negotiateLocale(acceptLanguage);
}
