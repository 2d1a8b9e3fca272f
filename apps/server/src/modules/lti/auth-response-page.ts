// HTML answers of the LTI authorization endpoint: the form_post page that hands the id_token (or an error)
// to the tool's registered redirect_uri, and the error page shown when nothing may be posted anywhere.
import { randomBytes } from 'node:crypto';
import { escapeHtml } from '../../lib/escape-html.ts';

export interface HtmlPage {
  status: number;
  headers: Record<string, string>;
  body: string;
}

const COMMON_HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'cache-control': 'no-store',
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
};

function document(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
</head>
<body>
${body}
</body>
</html>
`;
}

const FORM_ID = 'lti-auth-response';

/**
 * A page that POSTs `fields` to `action` at once (form_post response mode). The only script is the
 * submit, allowed by a per-response CSP nonce; without script the learner presses Continue.
 */
export function renderAutoPostPage(action: string, fields: Record<string, string>): HtmlPage {
  const nonce = randomBytes(16).toString('base64');
  const inputs = Object.entries(fields)
    .map(
      ([name, value]) =>
        `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`,
    )
    .join('\n');
  const body = `<main>
<h1>Opening the tool</h1>
<form id="${FORM_ID}" method="post" action="${escapeHtml(action)}">
${inputs}
<noscript><p>Scripts are turned off. Press Continue to open the tool.</p><button type="submit">Continue</button></noscript>
</form>
</main>
<script nonce="${nonce}">document.getElementById('${FORM_ID}').submit();</script>`;
  return {
    status: 200,
    headers: {
      ...COMMON_HEADERS,
      'content-security-policy': `default-src 'none'; script-src 'nonce-${nonce}'; form-action ${new URL(action).origin}; frame-ancestors 'self'`,
    },
    body: document('Opening the tool', body),
  };
}

/** The page of a request that cannot be answered to any redirect_uri: it posts nothing and runs no script. */
export function renderErrorPage(error: string, description: string): HtmlPage {
  const body = `<main>
<h1>The tool could not be opened</h1>
<p>${escapeHtml(description)}</p>
<p>Error: <code>${escapeHtml(error)}</code></p>
<p>Close this page and start the activity again from the course.</p>
</main>`;
  return {
    status: 400,
    headers: {
      ...COMMON_HEADERS,
      'content-security-policy': "default-src 'none'; form-action 'none'; frame-ancestors 'self'",
    },
    body: document('The tool could not be opened', body),
  };
}
