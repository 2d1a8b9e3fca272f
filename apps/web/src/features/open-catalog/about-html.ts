// The course's "About" rich text as it is safe to show: sanitised, with headings nested under the page's.
import DOMPurify from 'dompurify';

/** The heading level of the "About" section title; the content's headings go below it. */
const ABOUT_HEADING_LEVEL = 2;

/**
 * Removes scripts, event handlers and other active content (DOMPurify), shifts headings so that an <h1>
 * in the content becomes an <h3> (the page keeps its one h1, and the outline stays nested), and makes links
 * that open a new tab unable to reach back to this page.
 */
export function sanitizeAboutHtml(html: string): string {
  const template = document.createElement('template');
  template.innerHTML = DOMPurify.sanitize(html, { ADD_ATTR: ['target'] });
  const content = template.content;
  for (const heading of Array.from(content.querySelectorAll('h1, h2, h3, h4, h5, h6'))) {
    const level = Math.min(6, Number(heading.tagName.slice(1)) + ABOUT_HEADING_LEVEL);
    const replacement = document.createElement(`h${level}`);
    for (const attribute of Array.from(heading.attributes))
      replacement.setAttribute(attribute.name, attribute.value);
    replacement.append(...Array.from(heading.childNodes));
    heading.replaceWith(replacement);
  }
  for (const link of Array.from(content.querySelectorAll('a[target]'))) {
    link.setAttribute('rel', 'noopener noreferrer');
  }
  return template.innerHTML;
}
