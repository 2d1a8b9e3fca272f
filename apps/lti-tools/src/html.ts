// Server-rendered HTML helpers: escaping, the page shell, its stylesheet and the security headers of every page.
import type { FastifyReply } from 'fastify';

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(value: string | number): string {
  return String(value).replace(/[&<>"']/g, (char) => ESCAPES[char] ?? char);
}

export const STYLESHEET_PATH = '/styles.css';

// Contrast on #ffffff: text #1b1b1f 17.2:1, links and button #0b4fa8 7.8:1, hint #3d3d45 10.8:1, verdicts #1e6b34
// 6.6:1 and #a3211a 7.5:1, borders #6b6b76 5.3:1; the focus ring (#b44d00, offset from the control) 5.3:1.
export const STYLESHEET = `
*, *::before, *::after { box-sizing: border-box; }
html { font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; line-height: 1.5; }
body { margin: 0; color: #1b1b1f; background: #ffffff; }
main { max-width: 46rem; margin: 0 auto; padding: 1.5rem 1rem 3rem; }
h1 { font-size: 1.6rem; margin: 0 0 1rem; }
h2 { font-size: 1.2rem; margin: 1.5rem 0 0.5rem; }
p { margin: 0 0 1rem; }
fieldset { border: 1px solid #6b6b76; border-radius: 0.5rem; margin: 0 0 1.25rem; padding: 0.75rem 1rem 1rem; }
legend { font-weight: 600; padding: 0 0.25rem; }
.option { display: flex; align-items: center; gap: 0.5rem; margin: 0.4rem 0; }
.option input { width: 1.15rem; height: 1.15rem; margin: 0; }
.hint { display: block; margin: 0.25rem 0; color: #3d3d45; }
input[type="text"] { font: inherit; padding: 0.4rem 0.6rem; border: 1px solid #5c5c66; border-radius: 0.35rem; width: 100%; max-width: 24rem; }
button { font: inherit; font-weight: 600; color: #ffffff; background: #0b4fa8; border: 2px solid #0b4fa8; border-radius: 0.4rem; padding: 0.5rem 1.25rem; cursor: pointer; }
button:hover { background: #083c80; border-color: #083c80; }
a { color: #0b4fa8; }
a:hover { color: #083c80; }
:focus-visible { outline: 3px solid #b44d00; outline-offset: 2px; }
.results { list-style: none; padding: 0; margin: 0 0 1.5rem; }
.results li { border: 1px solid #6b6b76; border-radius: 0.5rem; padding: 0.75rem 1rem; margin: 0 0 0.75rem; }
.verdict { font-weight: 700; }
.correct .verdict { color: #1e6b34; }
.incorrect .verdict { color: #a3211a; }
.notice { border-left: 0.35rem solid #0b4fa8; background: #eef3fb; padding: 0.75rem 1rem; margin: 0 0 1.25rem; }
.notice.error { border-left-color: #a3211a; background: #fbeeee; }
.score { font-size: 1.25rem; font-weight: 700; }
main.wide { max-width: 80rem; }
.identity { display: grid; grid-template-columns: max-content 1fr; gap: 0.25rem 1rem; margin: 0 0 1rem; }
.identity dt { font-weight: 600; }
.identity dd { margin: 0; }
.step { border: 1px solid #6b6b76; border-radius: 0.5rem; margin: 0 0 1.25rem; padding: 0.75rem 1rem 1rem; }
.step h2 { margin-top: 0; }
.camera-preview { display: block; width: 20rem; max-width: 100%; background: #1b1b1f; border-radius: 0.35rem; margin: 0.75rem 0; }
.camera-preview.small { width: 12rem; }
.status-ok { color: #1e6b34; font-weight: 600; }
.status-error { color: #a3211a; font-weight: 600; }
button:disabled { color: #3d3d45; background: #e4e4e8; border-color: #6b6b76; cursor: not-allowed; }
.session { display: grid; grid-template-columns: 13rem 1fr; gap: 1rem; align-items: start; }
.session-log { padding-left: 1.25rem; margin: 0 0 1rem; }
.activity-frame { width: 100%; height: 75vh; border: 1px solid #6b6b76; border-radius: 0.35rem; }
@media (max-width: 40rem) { .session { grid-template-columns: 1fr; } }
`;

export interface Page {
  title: string;
  /** Inner HTML of <main>, starting with its single <h1>; every interpolated value already escaped. */
  body: string;
  /** A wider layout (the proctoring page with its activity frame). */
  wide?: boolean;
  /** Paths (relative to the page, served by the tool) of external scripts; the CSP then allows 'self' scripts. */
  scripts?: string[];
}

/** What a page may do beyond the default (no script, forms to the tool only, no frames, no camera). */
export interface PagePolicy {
  /** Origins the page may frame (frame-src) and post forms to (form-action), besides 'self'. */
  platformOrigin?: string;
  /** Allows this page (not its frames) to use the camera: Permissions-Policy camera=(self). */
  camera?: boolean;
}

export function renderPage(page: Page): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(page.title)}</title>
<link rel="stylesheet" href=".${STYLESHEET_PATH}">
${(page.scripts ?? []).map((src) => `<script src="${escapeHtml(src)}" defer></script>\n`).join('')}</head>
<body>
<main aria-label="${escapeHtml(page.title)}"${page.wide ? ' class="wide"' : ''}>
${page.body}
</main>
</body>
</html>
`;
}

/**
 * The configured frame-ancestors, plus the tool itself: a quiz opened in the portal that is itself framed by the
 * tool's proctoring page has both as ancestors.
 */
export function frameAncestorsWithSelf(frameAncestors: string): string {
  const sources = frameAncestors.trim().split(/\s+/);
  if (sources.includes('*') || sources.includes("'self'")) return frameAncestors;
  if (sources.includes("'none'")) return "'self'";
  return ["'self'", ...sources].join(' ');
}

export function contentSecurityPolicy(
  frameAncestors: string,
  scripts = false,
  policy: PagePolicy = {},
): string {
  const platform = policy.platformOrigin ? ` ${policy.platformOrigin}` : '';
  return [
    "default-src 'none'",
    ...(scripts ? ["script-src 'self'", "connect-src 'self'"] : []),
    "style-src 'self'",
    "img-src 'self'",
    ...(policy.camera ? ["media-src 'self' mediastream: blob:"] : []),
    ...(policy.platformOrigin ? [`frame-src${platform}`] : []),
    `form-action 'self'${platform}`,
    "base-uri 'none'",
    `frame-ancestors ${frameAncestorsWithSelf(frameAncestors)}`,
  ].join('; ');
}

/**
 * Sends an HTML page with the tool's CSP (scripts only from the tool's own files, none inline; embeddable by
 * frameAncestors and the tool itself), never cached.
 */
export function sendPage(
  reply: FastifyReply,
  status: number,
  page: Page,
  frameAncestors: string,
  policy: PagePolicy = {},
): FastifyReply {
  if (policy.camera) reply.header('permissions-policy', 'camera=(self)');
  return reply
    .code(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header(
      'content-security-policy',
      contentSecurityPolicy(frameAncestors, (page.scripts ?? []).length > 0, policy),
    )
    .header('cache-control', 'no-store')
    .header('x-content-type-options', 'nosniff')
    .header('referrer-policy', 'no-referrer')
    .send(renderPage(page));
}

export function errorPage(heading: string, message: string, advice: string): Page {
  return {
    title: `${heading} – Quiz`,
    body: `<h1>${escapeHtml(heading)}</h1>
<div class="notice error"><p>${escapeHtml(message)}</p></div>
<p>${escapeHtml(advice)}</p>`,
  };
}
