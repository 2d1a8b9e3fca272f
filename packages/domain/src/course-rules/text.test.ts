import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { collapseText } from './text.ts';

describe('collapseText', () => {
  it.each([
    ['short text stays whole', 'A short description.', 70, 'A short description.', false],
    ['exactly the limit stays whole', 'abcde', 5, 'abcde', false],
    ['cuts at the last space within the limit', 'one two three four', 10, 'one two', true],
    ['a space right at the limit', 'one two three', 7, 'one two', true],
    ['one long word is cut at the limit', 'abcdefghijkl', 5, 'abcde', true],
    ['keeps emoji whole', '😀😀😀😀😀😀', 3, '😀😀😀', true],
    ['default limit is 70', `${'word '.repeat(20)}`, undefined, 'word '.repeat(14).trimEnd(), true],
  ] as const)('%s', (_, text, limit, expected, isCut) => {
    expect(collapseText(text, limit)).toEqual({ text: expected, isCut });
  });

  it('returns a prefix within the limit, cut only when the text is longer', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'grapheme-ascii', maxLength: 200 }),
        fc.integer({ min: 1, max: 120 }),
        (text, limit) => {
          const result = collapseText(text, limit);
          expect(text.startsWith(result.text)).toBe(true);
          expect(Array.from(result.text).length).toBeLessThanOrEqual(limit);
          expect(result.isCut).toBe(Array.from(text).length > limit);
          if (!result.isCut) expect(result.text).toBe(text);
          // A cut inside text with spaces ends at a word boundary.
          if (result.isCut && /\s/.test(text.slice(1, limit + 1)) && result.text !== '') {
            const next = text.charAt(result.text.length);
            expect(/\s/.test(next)).toBe(true);
          }
        },
      ),
    );
  });
});
