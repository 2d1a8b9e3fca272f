// The "About" HTML of a course on its catalog page.
import { sanitizeRichHtml } from '../../lib/rich-html.ts';

/** Safe HTML for `dangerouslySetInnerHTML`: the page owns h1 and the About h2, so authored headings start at h3. */
export function sanitizeAbout(html: string | null | undefined): string {
  return sanitizeRichHtml(html, { headingsStartAt: 3 });
}
