// Sets one line of text in any script: splits it into runs of one font face, shapes each run with fontkit
// (OpenType shaping: Arabic joining, Indic reordering, marks) and orders the runs for display, right to
// left where the text is Arabic or Hebrew (the two-level case of the Unicode bidirectional algorithm, which
// is what a name or a title needs).
import type { Glyph, GlyphPosition } from 'fontkit';
import { faceFor, type FontWeight, type LoadedFace } from './font-faces.ts';

export interface ShapedRun {
  face: LoadedFace;
  /** The run's characters in logical order. */
  text: string;
  /** Set right to left: its glyphs are in reverse order of its text. */
  rtl: boolean;
  /**
   * The text that fontkit, left to choose the direction from the script, sets into these glyphs: `text`,
   * or `text` reversed for digits and punctuation set in the other direction than their script's.
   */
  drawnText: string;
  /** Offset of the run from the line's left edge, in points. */
  x: number;
  /** Width in points. */
  width: number;
  /** Glyphs in display order (fontkit reverses right-to-left runs), with positions in font units. */
  glyphs: Glyph[];
  positions: GlyphPosition[];
}

export interface ShapedLine {
  /** The text as written (logical order): what a reader or a text extractor must get back. */
  text: string;
  /** The characters in the order they appear from left to right on the page. */
  visualText: string;
  size: number;
  width: number;
  rtl: boolean;
  runs: ShapedRun[];
}

/** Bidi class of a character, as far as a one-line text needs it (UAX #9's L, R, EN/AN, neutrals). */
type CharacterClass = 'ltr' | 'rtl' | 'number' | 'neutral';

/** Directional marks and embeddings: the line's order is computed here, so they draw nothing. */
const BIDI_CONTROLS = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/gu;
const RTL_LETTER = /[\p{Script=Arabic}\p{Script=Hebrew}\p{Script=Syriac}\p{Script=Thaana}]/u;
/** Marks and joiners belong to the character before them. */
const INHERITS = /[\p{M}\u200C\u200D]/u;

function classOf(character: string): CharacterClass {
  if (/\p{Nd}/u.test(character)) return 'number';
  if (RTL_LETTER.test(character)) return 'rtl';
  return /\p{L}/u.test(character) ? 'ltr' : 'neutral';
}

interface LogicalRun {
  face: LoadedFace;
  text: string;
  kind: CharacterClass;
}

/**
 * Splits text into runs of one face and one bidi class; a character stays in the current face whenever that
 * face has it, and marks stay with their base.
 */
function splitRuns(text: string, weight: FontWeight): LogicalRun[] {
  const runs: LogicalRun[] = [];
  for (const character of text) {
    const codePoint = character.codePointAt(0)!;
    const current = runs.at(-1);
    const kind = current && INHERITS.test(character) ? current.kind : classOf(character);
    if (current && current.kind === kind && current.face.font.hasGlyphForCodePoint(codePoint)) {
      current.text += character;
      continue;
    }
    const face =
      current && current.face.font.hasGlyphForCodePoint(codePoint)
        ? current.face
        : faceFor(codePoint, weight);
    if (current && current.face === face && current.kind === kind) current.text += character;
    else runs.push({ face, text: character, kind });
  }
  return runs;
}

/**
 * Directions and embedding levels of runs (UAX #9 for one line without explicit embeddings): numbers take
 * the direction of the strong letter before them (W2, W7) and count as right to left for the neutrals
 * around them (N1); neutrals between two runs of one direction take it, others the paragraph's (N2); right-
 * to-left text is level 1, left-to-right text inside a right-to-left context level 2 (I1, I2).
 */
function levelsOf(runs: LogicalRun[], paragraphRtl: boolean): { rtl: boolean; level: number }[] {
  let strong: 'ltr' | 'rtl' = paragraphRtl ? 'rtl' : 'ltr';
  const effective = runs.map((run) => {
    if (run.kind === 'ltr' || run.kind === 'rtl') strong = run.kind;
    if (run.kind === 'number') return strong === 'rtl' ? 'rtl-number' : 'ltr';
    return run.kind;
  });
  const forNeutrals = effective.map((kind) => (kind === 'rtl-number' ? 'rtl' : kind));
  return effective.map((kind, index) => {
    if (kind === 'rtl-number' || kind === 'ltr') {
      const insideRtl = paragraphRtl || kind === 'rtl-number';
      return { rtl: false, level: insideRtl ? 2 : 0 };
    }
    if (kind === 'rtl') return { rtl: true, level: 1 };
    const before = forNeutrals
      .slice(0, index)
      .reverse()
      .find((k) => k !== 'neutral');
    const after = forNeutrals.slice(index + 1).find((k) => k !== 'neutral');
    const rtl = before !== undefined && before === after ? before === 'rtl' : paragraphRtl;
    return { rtl, level: rtl ? 1 : paragraphRtl ? 2 : 0 };
  });
}

/** Rule L2: reverses every maximal sequence at or above each level, from the highest level down to 1. */
function displayOrder(levels: number[]): number[] {
  const order = levels.map((_, index) => index);
  for (let level = Math.max(0, ...levels); level >= 1; level -= 1) {
    let start = 0;
    while (start < order.length) {
      if (levels[order[start]!]! < level) {
        start += 1;
        continue;
      }
      let end = start;
      while (end < order.length && levels[order[end]!]! >= level) end += 1;
      order.splice(start, end - start, ...order.slice(start, end).reverse());
      start = end;
    }
  }
  return order;
}

/** Shapes one line of `text` at `size` points. */
export function shapeLine(text: string, size: number, weight: FontWeight): ShapedLine {
  const clean = text.replace(BIDI_CONTROLS, '').normalize('NFC');
  const logical = splitRuns(clean, weight);
  const paragraphRtl =
    logical.find((run) => run.kind === 'ltr' || run.kind === 'rtl')?.kind === 'rtl';
  const levels = levelsOf(logical, paragraphRtl);
  let x = 0;
  const runs: ShapedRun[] = displayOrder(levels.map((l) => l.level)).map((index) => {
    const run = logical[index]!;
    const { rtl } = levels[index]!;
    const { glyphs, positions } = run.face.font.layout(
      run.text,
      undefined,
      undefined,
      undefined,
      rtl ? 'rtl' : 'ltr',
    );
    const scale = size / run.face.font.unitsPerEm;
    const width = positions.reduce((sum, p) => sum + p.xAdvance, 0) * scale;
    // Letters are set in their script's own direction; only numbers and neutrals may differ from it.
    const scriptRtl =
      run.kind === 'rtl' ||
      (run.kind !== 'ltr' && run.face.font.layout(run.text).direction === 'rtl');
    const drawnText = scriptRtl === rtl ? run.text : [...run.text].reverse().join('');
    const shaped = { face: run.face, text: run.text, drawnText, rtl, x, width, glyphs, positions };
    x += width;
    return shaped;
  });
  const visualText = runs
    .map((run) => (run.rtl ? [...run.text].reverse().join('') : run.text))
    .join('');
  return { text: clean, visualText, size, width: x, rtl: paragraphRtl, runs };
}

/** The line at `size`, or smaller (down to `minSize`) so that it fits `maxWidth`. */
export function fitLine(
  text: string,
  size: number,
  weight: FontWeight,
  maxWidth: number,
  minSize = size / 2,
): ShapedLine {
  const line = shapeLine(text, size, weight);
  if (line.width <= maxWidth) return line;
  return shapeLine(text, Math.max(minSize, (size * maxWidth) / line.width), weight);
}
