// Authored rich HTML made safe to show: DOMPurify, headings nested below the page's own, safe new-tab links.
import DOMPurify, { type Config } from 'dompurify';

export interface RichHtmlOptions {
  /**
   * The level the content's highest heading gets (the page owns the levels above it); the others keep their
   * distance to it, so an author who starts at h2 does not leave a gap in the page's outline.
   */
  headingsStartAt: number;
  /** Extra DOMPurify settings (e.g. iframes on the About page). */
  purify?: Config;
}

function shiftHeadings(root: DocumentFragment, startAt: number): HTMLElement[] {
  const result: HTMLElement[] = [];
  const headings = Array.from(root.querySelectorAll('h1, h2, h3, h4, h5, h6'));
  const levelOf = (heading: Element) => Number(heading.tagName.charAt(1));
  const shift = startAt - Math.min(...headings.map(levelOf));
  for (const heading of headings) {
    const level = Math.max(1, Math.min(6, levelOf(heading) + shift));
    const replacement = heading.ownerDocument.createElement(`h${level}`);
    for (const attribute of Array.from(heading.attributes)) {
      replacement.setAttribute(attribute.name, attribute.value);
    }
    replacement.append(...Array.from(heading.childNodes));
    heading.replaceWith(replacement);
    result.push(replacement);
  }
  return result;
}

/**
 * Sanitises `html` into a fragment: scripts, handlers and javascript: URLs removed, headings shifted,
 * and links that open a new tab unable to reach back to this page. Returns the fragment and its headings.
 */
export function sanitizeRichHtmlFragment(
  html: string,
  options: RichHtmlOptions,
): { fragment: DocumentFragment; headings: HTMLElement[] } {
  const fragment = DOMPurify.sanitize(html, {
    ...options.purify,
    ADD_ATTR: ['target', ...((options.purify?.ADD_ATTR as string[] | undefined) ?? [])],
    RETURN_DOM_FRAGMENT: true,
  });
  const headings = shiftHeadings(fragment, options.headingsStartAt);
  for (const link of Array.from(fragment.querySelectorAll('a[target]'))) {
    link.setAttribute('rel', 'noopener noreferrer');
  }
  return { fragment, headings };
}

/** The fragment as an HTML string, or '' when nothing visible remains. */
export function fragmentToHtml(fragment: DocumentFragment): string {
  const container = document.createElement('div');
  container.append(fragment);
  const hasContent =
    (container.textContent ?? '').trim() !== '' ||
    container.querySelector('img, video, iframe, table') !== null;
  return hasContent ? container.innerHTML : '';
}

/** Safe HTML for `dangerouslySetInnerHTML`, or '' when nothing visible remains. */
export function sanitizeRichHtml(
  html: string | null | undefined,
  options: RichHtmlOptions,
): string {
  if (!html) return '';
  return fragmentToHtml(sanitizeRichHtmlFragment(html, options).fragment);
}
