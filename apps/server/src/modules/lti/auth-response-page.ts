// HTML answers of the LTI authorization endpoint: the form_post page that hands the id_token (or an error)
// to the tool's registered redirect_uri, and the error page shown when nothing may be posted anywhere.
// Both are sent with sendHtmlPage (http/security-headers.ts): a page policy whose nonce allows the one
// script, and form-action only towards the tool.
// Their texts are in the learner's language (the `lti` namespace); protocol details stay as the
// protocol writes them, marked as English.
import type { HtmlPageOptions } from '../../http/security-headers.ts';
import type { ServerTranslator } from '../../i18n/server-i18n.ts';
import { escapeHtml } from '../../lib/escape-html.ts';

function document(language: ServerTranslator, title: string, body: string): string {
  return `<!doctype html>
<html lang="${language.locale}" dir="${language.dir}">
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
 * submit, allowed by the page's CSP nonce; without script the learner presses Continue.
 */
export function autoPostPage(
  language: ServerTranslator,
  action: string,
  fields: Record<string, string>,
): HtmlPageOptions {
  const t = (key: 'openingTitle' | 'noScript' | 'continue') => escapeHtml(language.t('lti', key));
  const inputs = Object.entries(fields)
    .map(
      ([name, value]) =>
        `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`,
    )
    .join('\n');
  const form = `<main>
<h1>${t('openingTitle')}</h1>
<form id="${FORM_ID}" method="post" action="${escapeHtml(action)}">
${inputs}
<noscript><p>${t('noScript')}</p><button type="submit">${t('continue')}</button></noscript>
</form>
</main>`;
  return {
    status: 200,
    formAction: [new URL(action).origin],
    html: (nonce) =>
      document(
        language,
        language.t('lti', 'openingTitle'),
        `${form}\n<script nonce="${escapeHtml(nonce)}">document.getElementById('${FORM_ID}').submit();</script>`,
      ),
  };
}

/** The page of a request that cannot be answered to any redirect_uri: it posts nothing and runs no script. */
export function errorPage(
  language: ServerTranslator,
  error: string,
  description: string,
): HtmlPageOptions {
  const title = language.t('lti', 'failedTitle');
  const body = `<main>
<h1>${escapeHtml(title)}</h1>
<p>${escapeHtml(language.t('lti', 'failedAdvice'))}</p>
<h2>${escapeHtml(language.t('lti', 'technicalDetails'))}</h2>
<p lang="en" dir="ltr">${escapeHtml(description)} (<code>${escapeHtml(error)}</code>)</p>
</main>`;
  return {
    status: 400,
    formAction: ["'none'"],
    html: () => document(language, title, body),
  };
}
