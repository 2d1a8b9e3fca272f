// The course's "About" rich text on the public course page.
import { sanitizeRichHtml } from '../../lib/rich-html.ts';

/** Safe HTML: active content removed, an <h1> in the content becomes an <h3> under the About <h2>. */
export function sanitizeAboutHtml(html: string): string {
  return sanitizeRichHtml(html, { headingsStartAt: 3 });
}
