// Server-rendered pages of the proctoring flow (docs/decisions/0028), in the learner's language (the `lti`
// namespace): a start link that cannot be used, and a tool message that was refused. They post nothing and
// run no script; protocol details stay as the protocol writes them, marked as English.
import type { HtmlPageOptions } from '../../http/security-headers.ts';
import type { ServerCatalogues, ServerTranslator } from '../../i18n/server-i18n.ts';
import { escapeHtml } from '../../lib/escape-html.ts';

type LtiKey = keyof ServerCatalogues['lti'] & string;

function page(
  language: ServerTranslator,
  status: number,
  titleKey: LtiKey,
  adviceKey: LtiKey,
  details: string | null,
  frameAncestors: string[] = [],
): HtmlPageOptions {
  const title = language.t('lti', titleKey);
  const detailHtml =
    details === null
      ? ''
      : `\n<h2>${escapeHtml(language.t('lti', 'technicalDetails'))}</h2>\n<p lang="en" dir="ltr">${escapeHtml(details)}</p>`;
  return {
    status,
    formAction: ["'none'"],
    frameAncestors,
    html: () => `<!doctype html>
<html lang="${language.locale}" dir="${language.dir}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
</head>
<body>
<main>
<h1>${escapeHtml(title)}</h1>
<p>${escapeHtml(language.t('lti', adviceKey))}</p>${detailHtml}
</main>
</body>
</html>
`,
  };
}

const START_ADVICE = {
  signIn: 'proctoringSignIn',
  foreign: 'proctoringTokenForeign',
  expired: 'proctoringTokenExpired',
} as const;

/** The start link could not be used: not signed in, another learner's, or expired/used. */
export function startRefusedPage(
  language: ServerTranslator,
  status: number,
  reason: keyof typeof START_ADVICE,
): HtmlPageOptions {
  return page(language, status, 'proctoringStartFailedTitle', START_ADVICE[reason], null);
}

/** The tool's LtiStartAssessment was refused; shown inside the tool's frame, so the tools may frame it. */
export function startAssessmentRefusedPage(
  language: ServerTranslator,
  description: string,
  frameAncestors: string[],
): HtmlPageOptions {
  return page(
    language,
    400,
    'proctoringRefusedTitle',
    'proctoringRefusedAdvice',
    description,
    frameAncestors,
  );
}
