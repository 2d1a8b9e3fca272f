// The server's catalogues: the request's language, en-US for what a locale lacks, CLDR plural forms.
import { describe, expect, it } from 'vitest';
import { requestLocale, serverTranslator } from './server-i18n.ts';

describe('server texts', () => {
  it('speak the locale cookie first, then the first supported Accept-Language', () => {
    expect(requestLocale('de-DE', 'fr-FR,fr;q=0.9')).toBe('de-DE');
    expect(requestLocale(undefined, 'xx, fr-CA;q=0.8, en;q=0.5')).toBe('fr-FR');
    expect(requestLocale('klingon', undefined)).toBe('en-US');
  });

  it('render a page text in the language asked for, with its direction', () => {
    const arabic = serverTranslator('ar-AR', 'auth');
    expect(arabic.locale).toBe('ar-AR');
    expect(arabic.dir).toBe('rtl');
    expect(arabic.t('auth', 'signInTitle')).toBe('تسجيل الدخول');
    expect(serverTranslator('en-US', 'lti').t('lti', 'continue')).toBe('Continue');
  });
});
