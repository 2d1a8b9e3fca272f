// Lines of text in display order: right-to-left words reversed, numbers inside them left to right, runs
// split where the font or the direction changes.
import { describe, expect, it } from 'vitest';
import { fitLine, shapeLine } from './text-lines.ts';

const reversed = (text: string) => [...text].reverse().join('');

describe('shapeLine', () => {
  it('keeps a left-to-right line as written', () => {
    const line = shapeLine('Zoë Dvořák, 2026', 12, 400);
    expect(line.rtl).toBe(false);
    expect(line.visualText).toBe('Zoë Dvořák, 2026');
    expect(line.width).toBeGreaterThan(0);
  });

  it('sets a right-to-left line from the right, with its numbers left to right', () => {
    const line = shapeLine('تاريخ ١٥ مارس ٢٠٢٦', 12, 400);
    expect(line.rtl).toBe(true);
    expect(line.text).toBe('تاريخ ١٥ مارس ٢٠٢٦');
    expect(line.visualText).toBe(`٢٠٢٦ ${reversed('مارس')} ١٥ ${reversed('تاريخ')}`);
  });

  it('keeps left-to-right text inside a right-to-left line in its own order', () => {
    const line = shapeLine('صادرة عن Acme Academy', 12, 400);
    expect(line.visualText).toBe(`Acme Academy ${reversed('صادرة عن')}`);
  });

  it('places right-to-left words inside a left-to-right line from the right', () => {
    const line = shapeLine('Holder: שרה כהן.', 12, 400);
    expect(line.visualText).toBe(`Holder: ${reversed('שרה כהן')}.`);
  });

  it('draws nothing for directional marks', () => {
    expect(shapeLine('\u200Fשרה\u200E', 12, 400).text).toBe('שרה');
  });

  it('uses a font that has the glyphs of each script', () => {
    const line = shapeLine('Anna Анна 王 한 প্রিয়া', 12, 400);
    for (const run of line.runs) {
      for (const character of run.text) {
        expect(run.face.font.hasGlyphForCodePoint(character.codePointAt(0)!)).toBe(true);
      }
    }
  });
});

describe('fitLine', () => {
  it('shrinks a long line to the width', () => {
    const line = fitLine(
      'A very long course title that would not fit on the page',
      24,
      700,
      200,
      6,
    );
    expect(line.width).toBeLessThanOrEqual(200.001);
    expect(line.size).toBeLessThan(24);
  });
});
