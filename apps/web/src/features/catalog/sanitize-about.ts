// The "About" HTML of a course made safe to show: DOMPurify, and headings demoted under the page's own.
import DOMPurify from 'dompurify';

// The page owns the h1 and the About section's h2, so authored headings start at h3.
const HEADING_SHIFT = 2;

function demoteHeadings(root: DocumentFragment): void {
  for (const heading of root.querySelectorAll('h1, h2, h3, h4, h5, h6')) {
    const level = Math.min(6, Number(heading.tagName.charAt(1)) + HEADING_SHIFT);
    const replacement = heading.ownerDocument.createElement(`h${level}`);
    for (const attribute of heading.attributes) {
      replacement.setAttribute(attribute.name, attribute.value);
    }
    replacement.append(...heading.childNodes);
    heading.replaceWith(replacement);
  }
}

/** Safe HTML for `dangerouslySetInnerHTML`, or '' when nothing visible remains. */
export function sanitizeAbout(html: string | null | undefined): string {
  if (!html) return '';
  const fragment = DOMPurify.sanitize(html, { RETURN_DOM_FRAGMENT: true });
  demoteHeadings(fragment);
  const container = document.createElement('div');
  container.append(fragment);
  const hasContent =
    (container.textContent ?? '').trim() !== '' ||
    container.querySelector('img, video, iframe, table') !== null;
  return hasContent ? container.innerHTML : '';
}
