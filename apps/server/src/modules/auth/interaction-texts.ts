// Texts of the server-rendered sign-in, registration and sign-out pages: the `auth` namespace of the
// server's catalogues (i18n/locales/<locale>/auth.json), in the language of the request.
import type { Locale } from '@portal/contracts';
import enAuth from '../../i18n/locales/en-US/auth.json' with { type: 'json' };
import { requestLocale, serverTranslator } from '../../i18n/server-i18n.ts';

export type TextKey = keyof typeof enAuth;
export type Texts = Record<TextKey, string>;

export interface PageLanguage {
  /** The language the texts are written in (en-US when the wanted locale has no catalogue). */
  lang: Locale;
  dir: 'ltr' | 'rtl';
  texts: Texts;
}

const keys = Object.keys(enAuth) as TextKey[];

/** The locale cookie (an explicit choice in the portal) wins over the browser's Accept-Language. */
export function pageLanguage(
  localeCookie: string | undefined,
  acceptLanguage: string | undefined,
): PageLanguage {
  const translator = serverTranslator(requestLocale(localeCookie, acceptLanguage), 'auth');
  const texts = Object.fromEntries(keys.map((key) => [key, translator.t('auth', key)])) as Texts;
  return { lang: translator.locale, dir: translator.dir, texts };
}
