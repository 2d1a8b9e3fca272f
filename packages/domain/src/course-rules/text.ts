// Collapsing long descriptions: a short preview cut at a word boundary near the limit.
import { DESCRIPTION_COLLAPSE_CHARS } from '@portal/contracts';

export interface CollapsedText {
  /** The preview (the whole text when it fits), without trailing whitespace; the caller adds any ellipsis. */
  text: string;
  /** True when the preview is shorter than the text. */
  isCut: boolean;
}

/**
 * Cuts `text` to at most `limit` characters (code points, so an emoji is never split) at the last whitespace
 * within the limit; a single word longer than the limit is cut at the limit itself.
 */
export function collapseText(
  text: string,
  limit: number = DESCRIPTION_COLLAPSE_CHARS,
): CollapsedText {
  const characters = Array.from(text);
  const max = Math.max(0, Math.floor(limit));
  if (characters.length <= max) return { text, isCut: false };
  let cut = max;
  for (let index = max; index > 0; index -= 1) {
    if (/\s/u.test(characters[index] ?? '')) {
      cut = index;
      break;
    }
  }
  const preview = characters.slice(0, cut).join('').trimEnd();
  return { text: preview, isCut: true };
}
