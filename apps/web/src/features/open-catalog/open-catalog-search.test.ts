import { describe, expect, it } from 'vitest';
import { NIL_ID } from '@portal/contracts';
import { filterOpenCatalog } from './open-catalog-search.ts';
import { aPublicObjective, aPublicShowcase } from './testing/public-catalog-builders.ts';

const science = aPublicShowcase('Science');
const languages = aPublicShowcase('Languages');
const chemistry = aPublicObjective({
  name: 'Organic Chemistry',
  code: 'CHEM-201',
  description: 'Carbon compounds and their reactions.',
  showcases: [{ id: science.id, name: science.name }],
});
const spanish = aPublicObjective({
  name: 'Spanish for Travellers',
  code: 'LANG-ES1',
  description: null,
  showcases: [{ id: languages.id, name: languages.name }],
});
const safety = aPublicObjective({ name: 'Lab Safety', code: null, description: 'Goggles ON.' });
const all = [chemistry, spanish, safety];

const names = (search: string, collections: string[] = []) =>
  filterOpenCatalog(all, { search, collections }).map((objective) => objective.name);

describe('filterOpenCatalog', () => {
  it('shows everything, in the given order, without a search', () => {
    expect(names('')).toEqual(['Organic Chemistry', 'Spanish for Travellers', 'Lab Safety']);
    expect(names('   ')).toEqual(['Organic Chemistry', 'Spanish for Travellers', 'Lab Safety']);
  });

  it('matches the name, code or description, ignoring case', () => {
    expect(names('chemistry')).toEqual(['Organic Chemistry']);
    expect(names('ORGANIC')).toEqual(['Organic Chemistry']);
    expect(names('lang-es')).toEqual(['Spanish for Travellers']);
    expect(names('goggles on')).toEqual(['Lab Safety']);
    expect(names('CARBON')).toEqual(['Organic Chemistry']);
  });

  it('matches inside words and ignores leading spaces', () => {
    expect(names('  travel')).toEqual(['Spanish for Travellers']);
    expect(names('a')).toEqual(['Organic Chemistry', 'Spanish for Travellers', 'Lab Safety']);
  });

  it('finds nothing when no field contains the text', () => {
    expect(names('astronomy')).toEqual([]);
  });

  it('keeps courses of any selected collection, and combines with the search', () => {
    expect(names('', [science.id])).toEqual(['Organic Chemistry']);
    expect(names('', [science.id, languages.id])).toEqual([
      'Organic Chemistry',
      'Spanish for Travellers',
    ]);
    expect(names('spanish', [science.id])).toEqual([]);
  });

  it('the nil collection stands for courses without any collection', () => {
    expect(names('', [NIL_ID])).toEqual(['Lab Safety']);
  });
});
