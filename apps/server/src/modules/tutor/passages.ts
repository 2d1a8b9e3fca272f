// Course HTML as plain-text passages for the tutor's index: blocks (headings, paragraphs, list items, cells)
// grouped into passages of up to PASSAGE_MAX_CHARS, a heading always starting a new passage.

export const PASSAGE_MAX_CHARS = 900;

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
};

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (match, entity: string) => {
    if (entity[0] === '#') {
      const code =
        entity[1] === 'x' || entity[1] === 'X'
          ? parseInt(entity.slice(2), 16)
          : parseInt(entity.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff
        ? String.fromCodePoint(code)
        : match;
    }
    return ENTITIES[entity.toLowerCase()] ?? match;
  });
}

// Marks the start of a heading between the tag pass and the line split (invisible separators never occur in text).
const HEADING = '\u2063HEADING\u2063';

interface Block {
  heading: boolean;
  text: string;
}

/** The HTML's text blocks in document order; scripts, styles and tags dropped, entities decoded. */
export function htmlBlocks(html: string): Block[] {
  const marked = html
    .replace(/<(script|style|template)\b[\s\S]*?<\/\1\s*>/gi, ' ')
    .replace(/<!--[\s\S]*?-->/g, ' ')
    .replace(/<h[1-6]\b[^>]*>/gi, `\n${HEADING}`)
    .replace(/<\/h[1-6]\s*>/gi, '\n')
    .replace(/<(br|hr)\b[^>]*>/gi, '\n')
    .replace(
      /<\/?(p|div|li|ul|ol|tr|table|caption|blockquote|section|article|pre|dd|dt)\b[^>]*>/gi,
      '\n',
    )
    .replace(/<\/?(td|th)\b[^>]*>/gi, ' ')
    .replace(/<[^>]*>/g, '');
  return decodeEntities(marked)
    .split('\n')
    .map((line) => ({
      heading: line.startsWith(HEADING),
      text: line.replaceAll(HEADING, '').replace(/\s+/g, ' ').trim(),
    }))
    .filter((block) => block.text !== '');
}

/** Passages of the HTML: consecutive blocks joined until the next heading or the size limit. */
export function htmlPassages(html: string, maxChars = PASSAGE_MAX_CHARS): string[] {
  return blockPassages(htmlBlocks(html), maxChars);
}

/** Passages of plain text (a PDF's): its lines joined up to the size limit. */
export function textPassages(text: string, maxChars = PASSAGE_MAX_CHARS): string[] {
  return blockPassages(
    text
      .split('\n')
      .map((line) => ({ heading: false, text: line.replace(/\s+/g, ' ').trim() }))
      .filter((block) => block.text !== ''),
    maxChars,
  );
}

function blockPassages(blocks: Block[], maxChars: number): string[] {
  const passages: string[] = [];
  let current = '';
  const flush = () => {
    if (current !== '') passages.push(current);
    current = '';
  };
  for (const block of blocks) {
    if (block.heading) flush();
    // A single block longer than the limit is cut at word boundaries.
    let rest = block.text;
    while (rest.length > maxChars) {
      const cut = rest.lastIndexOf(' ', maxChars);
      const at = cut > maxChars / 2 ? cut : maxChars;
      flush();
      passages.push(rest.slice(0, at).trim());
      rest = rest.slice(at).trim();
    }
    if (current !== '' && current.length + 1 + rest.length > maxChars) flush();
    current = current === '' ? rest : `${current} ${rest}`;
  }
  flush();
  return passages;
}

/** The words of a question for the full-text query: letters and digits only, lower case, unique, at most 32. */
export function questionTerms(question: string): string[] {
  const words = question.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  return [...new Set(words.filter((word) => word.length > 1 || /\p{N}/u.test(word)))].slice(0, 32);
}
