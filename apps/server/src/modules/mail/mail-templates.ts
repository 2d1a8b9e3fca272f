// The e-mails the portal sends: per template a subject, a plain-text body and an HTML body, in the recipient's
// locale (the `auth` namespace of the server's catalogues). Values are escaped in the HTML; the HTML has inline
// styles only and no remote images, so it reads the same in every mail client and loads nothing.
import type { Locale } from '@portal/contracts';
import { escapeHtml } from '../../lib/escape-html.ts';
import { serverTranslator, type ServerCatalogues } from '../../i18n/server-i18n.ts';

type AuthKey = keyof ServerCatalogues['auth'] & string;

/** The templates and the values each one needs. */
export interface MailTemplates {
  passwordReset: { name: string; resetUrl: string };
  accountExists: { name: string; signInUrl: string; resetUrl: string };
  confirmRegistration: { name: string; confirmUrl: string };
}
export type MailTemplateName = keyof MailTemplates;

export interface RenderedMail {
  locale: Locale;
  subject: string;
  text: string;
  html: string;
}

interface Layout {
  subjectKey: AuthKey;
  paragraphs: AuthKey[];
  links: { key: AuthKey; url: string }[];
  closingKey: AuthKey;
}

function layoutOf<T extends MailTemplateName>(template: T, values: MailTemplates[T]): Layout {
  if (template === 'passwordReset') {
    const v = values as MailTemplates['passwordReset'];
    return {
      subjectKey: 'mailResetSubject',
      paragraphs: ['mailResetText'],
      links: [{ key: 'mailResetButton', url: v.resetUrl }],
      closingKey: 'mailResetIgnore',
    };
  }
  if (template === 'confirmRegistration') {
    const v = values as MailTemplates['confirmRegistration'];
    return {
      subjectKey: 'mailConfirmSubject',
      paragraphs: ['mailConfirmText'],
      links: [{ key: 'mailConfirmButton', url: v.confirmUrl }],
      closingKey: 'mailConfirmIgnore',
    };
  }
  const v = values as MailTemplates['accountExists'];
  return {
    subjectKey: 'mailAccountExistsSubject',
    paragraphs: ['mailAccountExistsText'],
    links: [
      { key: 'mailSignInButton', url: v.signInUrl },
      { key: 'mailResetButton', url: v.resetUrl },
    ],
    closingKey: 'mailAccountExistsIgnore',
  };
}

export function renderMail<T extends MailTemplateName>(
  template: T,
  locale: Locale,
  values: MailTemplates[T],
): RenderedMail {
  const translator = serverTranslator(locale, 'auth');
  const t = (key: AuthKey, params?: Record<string, string>) => translator.t('auth', key, params);
  const layout = layoutOf(template, values);
  const appName = t('appName');
  const greeting = t('mailGreeting', { name: values.name });
  const subject = `${t(layout.subjectKey)} | ${appName}`;
  // The name is the reader's own text, in any script: isolated so that it cannot reorder the sentence.
  const marker = '\u0000name\u0000';
  const htmlGreeting = escapeHtml(t('mailGreeting', { name: marker })).replace(
    marker,
    `<bdi>${escapeHtml(values.name)}</bdi>`,
  );

  const text = [
    greeting,
    ...layout.paragraphs.map((key) => t(key)),
    ...layout.links.map((link) => `${t(link.key)}:\n${link.url}`),
    t(layout.closingKey),
    `— ${appName}`,
  ].join('\n\n');

  const paragraph = (content: string) =>
    `<p style="margin:0 0 16px;font-size:16px;line-height:1.5;color:#1a1b1e">${content}</p>`;
  const button = (label: string, url: string) =>
    `<p style="margin:0 0 16px"><a href="${escapeHtml(url)}" style="display:inline-block;padding:10px 18px;background:#1c5fb8;color:#ffffff;text-decoration:none;border-radius:8px;font-weight:600">${escapeHtml(label)}</a></p>` +
    `<p style="margin:0 0 16px;font-size:13px;line-height:1.4;color:#495057;word-break:break-all">${escapeHtml(url)}</p>`;
  const html = `<!doctype html>
<html lang="${translator.locale}" dir="${translator.dir}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:24px;background:#f4f5f7;font-family:system-ui,-apple-system,'Segoe UI',Roboto,'Noto Sans',Arial,sans-serif">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:12px;padding:24px">
<p style="margin:0 0 8px;font-weight:600;color:#495057">${escapeHtml(appName)}</p>
${paragraph(htmlGreeting)}
${layout.paragraphs.map((key) => paragraph(escapeHtml(t(key)))).join('\n')}
${layout.links.map((link) => button(t(link.key), link.url)).join('\n')}
${paragraph(escapeHtml(t(layout.closingKey)))}
</div>
</body>
</html>`;
  return { locale: translator.locale, subject, text, html };
}
