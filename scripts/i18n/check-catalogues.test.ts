// The i18n check itself: it must fail on each kind of broken catalogue, and pass a correct one.
import { describe, expect, it } from 'vitest';
import type { Locale } from '../../packages/contracts/src/locales.ts';
import { checkCatalogues, type CatalogueRoot } from './check-catalogues.ts';

const english = {
  title: 'My courses',
  greeting: 'Hello, {{name}}',
  count_one: '{{count}} course',
  count_other: '{{count}} courses',
  rich: 'Read the <0>guide</0> first',
  brand: 'PDF',
};

const polish = {
  title: 'Moje kursy',
  greeting: 'Witaj, {{name}}',
  count_one: 'jeden kurs',
  count_few: '{{count}} kursy',
  count_many: '{{count}} kursów',
  count_other: '{{count}} kursu',
  rich: 'Najpierw przeczytaj <0>przewodnik</0>',
  brand: 'PDF',
};

function rootWith(pl: Record<string, string>, name = 'web'): CatalogueRoot {
  return {
    name,
    locales: new Map([
      ['en-US', new Map([['courses', english]])],
      ['pl-PL', new Map([['courses', pl]])],
    ]),
  };
}

const check = (pl: Record<string, string>) =>
  checkCatalogues([rootWith(pl)], {
    locales: ['en-US', 'pl-PL'] as Locale[],
    allowIdentical: new Set(['PDF']),
  }).errors;

describe('the i18n check', () => {
  it('passes a complete catalogue with the locale’s own plural forms', () => {
    expect(check(polish)).toEqual([]);
  });

  it('fails on a missing key and on an extra one', () => {
    const { title: _dropped, ...withoutTitle } = polish;
    expect(check(withoutTitle)).toEqual(['web/pl-PL/courses: missing key title']);
    expect(check({ ...polish, stray: 'x' })).toEqual(['web/pl-PL/courses: extra key stray']);
  });

  it('fails on a broken or renamed placeholder', () => {
    expect(check({ ...polish, greeting: 'Witaj, {{imie}}' })).toEqual([
      'web/pl-PL/courses: greeting placeholders {imie} differ from en-US {name}',
    ]);
    expect(check({ ...polish, greeting: 'Witaj, {name}' })[0]).toContain('greeting placeholders');
    expect(check({ ...polish, count_many: 'wiele kursów' })[0]).toContain(
      'count_many placeholders',
    );
  });

  it('fails on a missing plural form and on a form the language does not have', () => {
    const { count_few: _few, ...withoutFew } = polish;
    expect(check(withoutFew)).toEqual(['web/pl-PL/courses: missing key count_few']);
    expect(check({ ...polish, count_two: '{{count}} kursy' })).toEqual([
      'web/pl-PL/courses: count_two is not a plural form of pl-PL (it has few, many, one, other)',
    ]);
  });

  it('fails on changed markup', () => {
    expect(check({ ...polish, rich: 'Najpierw przeczytaj przewodnik' })[0]).toContain(
      'rich markup',
    );
  });

  it('fails a locale that is mostly English, not counting allowed brand names', () => {
    const errors = check({ ...polish, title: english.title });
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/1 of 7 values are identical to en-US/);
  });

  it('fails a locale or a namespace that is missing altogether', () => {
    const root: CatalogueRoot = {
      name: 'server',
      locales: new Map([['en-US', new Map([['auth', { a: 'A' }]])]]),
    };
    expect(checkCatalogues([root], { locales: ['en-US', 'de-DE'] as Locale[] }).errors).toEqual([
      'server/de-DE: missing (every namespace of en-US must exist)',
    ]);
  });
});
