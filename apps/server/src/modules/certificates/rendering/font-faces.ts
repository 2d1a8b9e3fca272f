// The fonts certificates are set in, shipped with the product as npm packages of Noto Sans (@fontsource/*,
// SIL Open Font License). Each package is split into files by Unicode range (its CSS says which file covers
// which range); a file is read and parsed only when a text needs it, then kept for the process.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import * as fontkit from 'fontkit';

/** In fallback order: the first face that covers a character and has its glyph sets it. */
const PACKAGES = [
  '@fontsource/noto-sans',
  '@fontsource/noto-sans-arabic',
  '@fontsource/noto-sans-hebrew',
  '@fontsource/noto-sans-devanagari',
  '@fontsource/noto-sans-bengali',
  '@fontsource/noto-sans-tamil',
  '@fontsource/noto-sans-thai',
  '@fontsource/noto-sans-myanmar',
  // Chinese characters and Japanese kana; Hangul from the Korean font.
  '@fontsource/noto-sans-sc',
  '@fontsource/noto-sans-kr',
] as const;

export type FontWeight = 400 | 700;

export interface FontFace {
  /** Unique name of the file, e.g. "noto-sans-arabic-arabic-700-normal". */
  id: string;
  file: string;
  ranges: [number, number][];
}

export interface LoadedFace extends FontFace {
  buffer: Buffer;
  font: fontkit.Font;
}

const require = createRequire(import.meta.url);

function parseRange(text: string): [number, number] {
  const [start, end] = text.trim().replace(/^U\+/i, '').split('-');
  const from = Number.parseInt(start!, 16);
  return [from, end === undefined ? from : Number.parseInt(end, 16)];
}

/** The faces of one package and weight, from its CSS (`src: …, url(./files/x.woff)` and `unicode-range`). */
function facesOf(packageName: string, weight: FontWeight): FontFace[] {
  const root = dirname(require.resolve(`${packageName}/package.json`));
  const css = readFileSync(join(root, `${weight}.css`), 'utf8');
  const faces: FontFace[] = [];
  for (const block of css.split('@font-face').slice(1)) {
    // WOFF, not WOFF2: fontkit cannot subset WOFF2's transformed glyph tables for PDF embedding.
    const file = /url\(\.\/files\/([^)]+\.woff)\)/.exec(block)?.[1];
    const ranges = /unicode-range:\s*([^;]+);/.exec(block)?.[1];
    if (!file || !ranges) continue;
    faces.push({
      id: file.replace(/\.woff$/, ''),
      file: join(root, 'files', file),
      ranges: ranges.split(',').map(parseRange),
    });
  }
  return faces;
}

const catalogue = new Map<FontWeight, FontFace[]>();
const loaded = new Map<string, LoadedFace>();

export function facesFor(weight: FontWeight): FontFace[] {
  let faces = catalogue.get(weight);
  if (!faces) {
    faces = PACKAGES.flatMap((name) => facesOf(name, weight));
    catalogue.set(weight, faces);
  }
  return faces;
}

export function loadFace(face: FontFace): LoadedFace {
  let entry = loaded.get(face.id);
  if (!entry) {
    const buffer = readFileSync(face.file);
    const font = fontkit.create(buffer);
    if (!('layout' in font)) throw new Error(`${face.file} is a font collection`);
    entry = { ...face, buffer, font };
    loaded.set(face.id, entry);
  }
  return entry;
}

const covers = (face: FontFace, codePoint: number) =>
  face.ranges.some(([from, to]) => codePoint >= from && codePoint <= to);

/** The face that draws `codePoint` at `weight`: the first that covers it and has its glyph. */
export function faceFor(codePoint: number, weight: FontWeight): LoadedFace {
  const faces = facesFor(weight);
  for (const face of faces) {
    if (!covers(face, codePoint)) continue;
    const candidate = loadFace(face);
    if (candidate.font.hasGlyphForCodePoint(codePoint)) return candidate;
  }
  // Nothing has it: the first face draws its "missing glyph" box rather than dropping the character.
  return loadFace(faces[0]!);
}
