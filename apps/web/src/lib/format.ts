// Locale-aware formatting of dates, numbers and percents (Intl); Arabic uses Arabic-Indic digits, and a
// locale the browser has no data for is formatted as en-US, never as the browser's own language.
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { intlLocaleOf } from '@portal/contracts';
import { DEFAULT_LOCALE, isLocale, type Locale } from '../i18n/locales.ts';

export interface Formatters {
  /** Calendar date, e.g. "Mar 5, 2026". */
  date(iso: string): string;
  /** Date and time, e.g. "Mar 5, 2026, 2:30 PM". */
  dateTime(iso: string): string;
  number(value: number): string;
  /** A fraction (0.42) as a whole percent ("42%"). */
  percent(fraction: number): string;
}

/** Formatters for a locale; `timeZone` defaults to the browser's (tests pass one explicitly). */
export function createFormatters(locale: Locale, timeZone?: string): Formatters {
  // Arabic-Indic digits for ar-AR; en-US where the browser has no data for the locale (la, my-MM).
  const tag = intlLocaleOf(locale);
  const dateFormat = new Intl.DateTimeFormat(tag, { dateStyle: 'medium', timeZone });
  const dateTimeFormat = new Intl.DateTimeFormat(tag, {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone,
  });
  const numberFormat = new Intl.NumberFormat(tag);
  const percentFormat = new Intl.NumberFormat(tag, { style: 'percent', maximumFractionDigits: 0 });
  return {
    date: (iso) => dateFormat.format(new Date(iso)),
    dateTime: (iso) => dateTimeFormat.format(new Date(iso)),
    number: (value) => numberFormat.format(value),
    percent: (fraction) => percentFormat.format(fraction),
  };
}

/** Formatters for the current UI locale (re-created when the language changes). */
export function useFormatters(timeZone?: string): Formatters {
  const { i18n } = useTranslation();
  const locale = isLocale(i18n.language) ? i18n.language : DEFAULT_LOCALE;
  return useMemo(() => createFormatters(locale, timeZone), [locale, timeZone]);
}
