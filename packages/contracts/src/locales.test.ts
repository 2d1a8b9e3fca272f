// Locale negotiation and the Intl stand-ins used where a runtime has no data for a locale.
import { describe, expect, it } from 'vitest';
import { intlLocaleOf, negotiateLocale, pluralLocaleOf } from './locales.ts';

describe('locales', () => {
  it('negotiates Accept-Language by exact tag, then by language, else en-US', () => {
    expect(negotiateLocale('ja-JP,ja;q=0.9')).toBe('ja-JP');
    expect(negotiateLocale('pt;q=0.4, sr-Latn-RS;q=0.9')).toBe('sr-Latn-RS');
    expect(negotiateLocale('es-MX')).toBe('es-ES');
    expect(negotiateLocale('xx-YY')).toBe('en-US');
    expect(negotiateLocale(undefined)).toBe('en-US');
  });

  it('formats in en-US where the runtime lacks a locale, never in its own default', () => {
    const lacks = (missing: string) => (tag: string) => tag !== missing;
    expect(intlLocaleOf('la', lacks('la'))).toBe('en-US');
    expect(intlLocaleOf('my-MM', lacks('my-MM'))).toBe('en-US');
    expect(intlLocaleOf('de-DE', lacks('la'))).toBe('de-DE');
    expect(intlLocaleOf('ar-AR', () => true)).toBe('ar-AR-u-nu-arab');
    expect(new Intl.NumberFormat(intlLocaleOf('ar-AR', () => true)).format(10)).toBe('١٠');
  });

  it('takes plural rules from a stand-in with the same CLDR rules where the runtime lacks them', () => {
    const none = () => false;
    expect(pluralLocaleOf('la', none)).toBe('en');
    expect(pluralLocaleOf('my-MM', none)).toBe('ja');
    expect(pluralLocaleOf('pl-PL', () => true)).toBe('pl-PL');
    expect(new Intl.PluralRules(pluralLocaleOf('la')).resolvedOptions().pluralCategories).toEqual([
      'one',
      'other',
    ]);
  });
});
