// The course's "About" HTML made safe and navigable: DOMPurify, nested headings with anchors, deferred iframes.
import { fragmentToHtml, sanitizeRichHtmlFragment } from '../../../lib/rich-html.ts';

export const ANCHOR_CLASS = 'about-heading-anchor';
export const HEADING_ROW_CLASS = 'about-heading';
export const DEFERRED_SRC = 'data-deferred-src';

export interface PrepareAboutOptions {
  /** Accessible name of a heading's anchor link. */
  anchorLabel: (heading: string) => string;
  /** Prefix of heading ids, so two About blocks on one page never share an id. */
  idPrefix: string;
}

function slug(text: string): string {
  const value = text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '');
  return value || 'section';
}

/**
 * Gives each (already shifted) heading a unique id and an anchor link to it. The link sits beside the
 * heading, not in it: inside, its name ("Link to section …") would become part of the heading's name.
 */
function anchorHeadings(headings: HTMLElement[], options: PrepareAboutOptions): void {
  const used = new Set<string>();
  for (const heading of headings) {
    const text = (heading.textContent ?? '').trim();
    if (!text) continue;
    let id = `${options.idPrefix}-${slug(text)}`;
    for (let n = 2; used.has(id); n += 1) id = `${options.idPrefix}-${slug(text)}-${n}`;
    used.add(id);
    heading.id = id;
    const anchor = heading.ownerDocument.createElement('a');
    anchor.className = ANCHOR_CLASS;
    anchor.href = `#${id}`;
    anchor.setAttribute('aria-label', options.anchorLabel(text));
    anchor.textContent = '#';
    const row = heading.ownerDocument.createElement('div');
    row.className = HEADING_ROW_CLASS;
    heading.replaceWith(row);
    row.append(heading, anchor);
  }
}

/**
 * Iframes keep their address in a data attribute until they scroll near the viewport (AboutContent loads them),
 * and only https embeds survive: anything else could run in the page's origin or mix content.
 */
function deferIframes(root: DocumentFragment): void {
  for (const frame of Array.from(root.querySelectorAll('iframe'))) {
    const src = frame.getAttribute('src') ?? '';
    frame.removeAttribute('src');
    if (!/^https:\/\//i.test(src)) {
      frame.remove();
      continue;
    }
    frame.setAttribute(DEFERRED_SRC, src);
    frame.setAttribute('loading', 'lazy');
  }
}

/** Safe HTML for `dangerouslySetInnerHTML`, or '' when nothing visible remains. */
export function prepareAboutHtml(html: string | null | undefined, options: PrepareAboutOptions) {
  if (!html) return '';
  // The page owns the h1 and the About section's h2, so authored headings start at h3.
  const { fragment, headings } = sanitizeRichHtmlFragment(html, {
    headingsStartAt: 3,
    purify: { ADD_TAGS: ['iframe'], ADD_ATTR: ['allow', 'allowfullscreen', 'download'] },
  });
  deferIframes(fragment);
  anchorHeadings(headings, options);
  return fragmentToHtml(fragment);
}

const PDF_PATH = /\.pdf$/i;
const ATTACHMENT_PATH =
  /\.(pdf|docx?|xlsx?|pptx?|odt|ods|odp|rtf|txt|csv|zip|7z|rar|gz|mp3|mp4|mov|png|jpe?g|gif|svg)$/i;

export type FileLinkKind = 'pdf' | 'attachment' | null;

/** Which links point at files: a PDF gets a viewer, other files their size. */
export function fileLinkKind(link: HTMLAnchorElement, base: string): FileLinkKind {
  const href = link.getAttribute('href');
  if (!href || href.startsWith('#') || /^(mailto|tel):/i.test(href)) return null;
  let pathname: string;
  try {
    pathname = new URL(href, base).pathname;
  } catch {
    return null;
  }
  if (PDF_PATH.test(pathname)) return 'pdf';
  if (link.hasAttribute('download') || ATTACHMENT_PATH.test(pathname)) return 'attachment';
  return null;
}
