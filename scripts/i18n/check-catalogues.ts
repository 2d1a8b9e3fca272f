// The i18n check: every locale of every catalogue root (web and server) has exactly the keys of en-US,
// the same placeholders and markup, the CLDR plural forms of its own language, and is not mostly English.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  DEFAULT_LOCALE,
  locales,
  pluralLocaleOf,
  type Locale,
} from '../../packages/contracts/src/locales.ts';

export const PLURAL_SUFFIXES = ['zero', 'one', 'two', 'few', 'many', 'other'] as const;
/** More values identical to English than this share of a locale's values fails the check. */
export const MAX_IDENTICAL_SHARE = 0.1;

export type Catalogue = Record<string, string>;
/** namespace → flattened catalogue, for one locale of one root. */
export type LocaleCatalogues = Map<string, Catalogue>;

export interface CatalogueRoot {
  name: string;
  /** locale → its catalogues (a missing locale has no entry). */
  locales: Map<string, LocaleCatalogues>;
}

export interface CheckOptions {
  /** Plural categories of a locale's language (CLDR, through Intl). */
  pluralCategories?: (locale: Locale) => string[];
  /** True when a plural category of the locale stands for one number only (so the text may spell it). */
  isSingleNumberCategory?: (locale: Locale, category: string) => boolean;
  /** Values allowed to equal English (brand names, codes, units), per value text. */
  allowIdentical?: ReadonlySet<string>;
  locales?: readonly Locale[];
}

export interface LocaleReport {
  root: string;
  locale: Locale;
  keys: number;
  identical: number;
}

export interface CheckResult {
  errors: string[];
  reports: LocaleReport[];
}

/** Nested JSON objects as dotted keys ("card.grade"); every leaf must be a string. */
export function flatten(value: unknown, prefix = '', out: Catalogue = {}, problems: string[] = []) {
  if (typeof value === 'string') {
    out[prefix] = value;
  } else if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    for (const [key, child] of Object.entries(value)) {
      flatten(child, prefix ? `${prefix}.${key}` : key, out, problems);
    }
  } else {
    problems.push(`${prefix || '(root)'} is not a string`);
  }
  return out;
}

export function readCatalogueRoot(name: string, dir: string): CatalogueRoot {
  const result: CatalogueRoot = { name, locales: new Map() };
  if (!existsSync(dir)) return result;
  for (const locale of readdirSync(dir)) {
    const catalogues: LocaleCatalogues = new Map();
    for (const file of readdirSync(join(dir, locale)).filter((f) => f.endsWith('.json'))) {
      const problems: string[] = [];
      const flat = flatten(
        JSON.parse(readFileSync(join(dir, locale, file), 'utf8')),
        '',
        {},
        problems,
      );
      if (problems.length > 0) throw new Error(`${name}/${locale}/${file}: ${problems.join(', ')}`);
      catalogues.set(file.replace(/\.json$/, ''), flat);
    }
    result.locales.set(locale, catalogues);
  }
  return result;
}

const defaultPluralCategories = (locale: Locale) =>
  new Intl.PluralRules(pluralLocaleOf(locale)).resolvedOptions().pluralCategories.map(String);

/** English "one" is 1 alone; Russian "one" is also 21, 31, …, so its text must carry {{count}}. */
const defaultSingleNumberCategory = (locale: Locale, category: string) => {
  const rules = new Intl.PluralRules(pluralLocaleOf(locale));
  let numbers = 0;
  for (let n = 0; n <= 1000 && numbers < 2; n += 1) if (rules.select(n) === category) numbers += 1;
  return numbers === 1;
};

/** `key_one` → ["key", "one"], or null for a key without a plural suffix. */
export function splitPlural(key: string): [string, string] | null {
  const match = /^(.*)_(zero|one|two|few|many|other)$/.exec(key);
  return match ? [match[1]!, match[2]!] : null;
}

/** The interpolations of a text: "{{count}}", "{{date, datetime}}" → count, date. */
export function placeholders(text: string): string[] {
  return [...text.matchAll(/\{\{\s*([\w.]+)\s*(?:,[^}]*)?\}\}/g)].map((m) => m[1]!).sort();
}

/** Markup a text carries (Trans components <0>…</0>, <strong>, <br/>), as a sorted list. */
export function markup(text: string): string[] {
  return [...text.matchAll(/<\/?[\w-]+\s*\/?>/g)].map((m) => m[0].replace(/\s+/g, '')).sort();
}

const same = (a: string[], b: string[]) => a.length === b.length && a.every((x, i) => x === b[i]);

export function checkCatalogues(roots: CatalogueRoot[], options: CheckOptions = {}): CheckResult {
  const pluralCategories = options.pluralCategories ?? defaultPluralCategories;
  const isSingleNumber = options.isSingleNumberCategory ?? defaultSingleNumberCategory;
  const allowIdentical = options.allowIdentical ?? new Set<string>();
  const wanted = options.locales ?? locales;
  const errors: string[] = [];
  const reports: LocaleReport[] = [];

  for (const root of roots) {
    const source = root.locales.get(DEFAULT_LOCALE);
    if (!source) {
      errors.push(`${root.name}: no ${DEFAULT_LOCALE} catalogues`);
      continue;
    }
    for (const locale of root.locales.keys()) {
      if (!(wanted as readonly string[]).includes(locale))
        errors.push(`${root.name}/${locale}: not one of the supported locales`);
    }
    for (const locale of wanted) {
      if (locale === DEFAULT_LOCALE) continue;
      const target = root.locales.get(locale);
      const where = `${root.name}/${locale}`;
      if (!target) {
        errors.push(`${where}: missing (every namespace of ${DEFAULT_LOCALE} must exist)`);
        continue;
      }
      const categories = pluralCategories(locale);
      let keys = 0;
      let identical = 0;
      let compared = 0;
      for (const namespace of target.keys()) {
        if (!source.has(namespace))
          errors.push(`${where}/${namespace}: namespace not in ${DEFAULT_LOCALE}`);
      }
      for (const [namespace, english] of source) {
        const translated = target.get(namespace);
        const at = `${where}/${namespace}`;
        if (!translated) {
          errors.push(`${at}: namespace missing`);
          continue;
        }
        // Plural groups of the source: base key → its English forms.
        const groups = new Map<string, Map<string, string>>();
        const plain = new Map<string, string>();
        for (const [key, text] of Object.entries(english)) {
          const plural = splitPlural(key);
          if (plural) {
            const forms = groups.get(plural[0]) ?? new Map<string, string>();
            forms.set(plural[1], text);
            groups.set(plural[0], forms);
          } else plain.set(key, text);
        }
        const expected = new Set<string>(plain.keys());
        for (const base of groups.keys()) for (const c of categories) expected.add(`${base}_${c}`);
        for (const key of Object.keys(translated)) {
          if (!expected.has(key)) {
            const plural = splitPlural(key);
            errors.push(
              plural && groups.has(plural[0])
                ? `${at}: ${key} is not a plural form of ${locale} (it has ${categories.join(', ')})`
                : `${at}: extra key ${key}`,
            );
          }
        }
        const check = (key: string, englishText: string, options: { countOptional: boolean }) => {
          const text = translated[key];
          if (text === undefined) {
            errors.push(`${at}: missing key ${key}`);
            return;
          }
          keys += 1;
          if (text.trim() === '') {
            errors.push(`${at}: ${key} is empty`);
            return;
          }
          const wantedPlaceholders = placeholders(englishText);
          const given = placeholders(text);
          const tolerated = options.countOptional
            ? wantedPlaceholders.filter((p) => p !== 'count')
            : wantedPlaceholders;
          const unknown = given.filter((p) => !wantedPlaceholders.includes(p));
          const lost = tolerated.filter((p) => !given.includes(p));
          if (unknown.length > 0 || lost.length > 0) {
            errors.push(
              `${at}: ${key} placeholders {${given.join(', ')}} differ from ${DEFAULT_LOCALE} {${wantedPlaceholders.join(', ')}}`,
            );
          }
          if (!same(markup(text), markup(englishText))) {
            errors.push(
              `${at}: ${key} markup ${markup(text).join('')} differs from ${markup(englishText).join('')}`,
            );
          }
          if (!allowIdentical.has(englishText)) {
            compared += 1;
            if (text === englishText) identical += 1;
          }
        };
        for (const [key, text] of plain) check(key, text, { countOptional: false });
        for (const [base, forms] of groups) {
          const englishOther = forms.get('other') ?? [...forms.values()][0]!;
          for (const c of categories) {
            // A form that stands for one number only ("one" in English, "two" in Arabic) may spell it.
            check(`${base}_${c}`, forms.get(c) ?? englishOther, {
              countOptional: isSingleNumber(locale, c),
            });
          }
        }
      }
      reports.push({ root: root.name, locale, keys, identical });
      if (compared > 0 && identical / compared > MAX_IDENTICAL_SHARE) {
        errors.push(
          `${where}: ${identical} of ${compared} values are identical to ${DEFAULT_LOCALE} (more than ${MAX_IDENTICAL_SHARE * 100} %); translate them or add brand names and codes to scripts/i18n/allow-identical.json`,
        );
      }
    }
  }
  return { errors, reports };
}
