// The e-mail of one knowledge question: the prompt, one link per choice (or one link to the answer form), and the
// unsubscribe link, as plain text and HTML in the learner's locale (the server's `knowledgeQuestions` catalogue).
// Authored texts (course, module, prompt, choices) are escaped and direction-isolated with <bdi>.
import type { Locale } from '@portal/contracts';
import { escapeHtml } from '../../lib/escape-html.ts';
import { serverTranslator, type ServerCatalogues } from '../../i18n/server-i18n.ts';

export interface KnowledgeQuestionMailValues {
  name: string;
  course: string;
  module: string;
  prompt: string;
  /** One link per choice; a text question has one link without a choice text. */
  links: { text: string | null; url: string }[];
  unsubscribeUrl: string;
}

export function renderKnowledgeQuestionMail(locale: Locale, values: KnowledgeQuestionMailValues) {
  const translator = serverTranslator(locale, 'knowledgeQuestions');
  const auth = serverTranslator(translator.locale, 'auth');
  const appName = auth.t('auth', 'appName');
  type Key = keyof ServerCatalogues['knowledgeQuestions'] & string;
  const t = (key: Key, params?: Record<string, string>) =>
    translator.t('knowledgeQuestions', key, params);
  const subject = `${t('mailSubject', { module: values.module })} | ${appName}`;
  const marker = (name: string) => `\u0000${name}\u0000`;
  const isolated = (text: string) => `<bdi>${escapeHtml(text)}</bdi>`;
  const htmlOf = (template: string, params: Record<string, string>) => {
    let html = escapeHtml(template);
    for (const [name, value] of Object.entries(params))
      html = html.replace(escapeHtml(marker(name)), isolated(value));
    return html;
  };
  const choiceLinks = values.links.filter((link) => link.text !== null);
  const text = [
    auth.t('auth', 'mailGreeting', { name: values.name }),
    t('mailIntro', { module: values.module, course: values.course }),
    values.prompt,
    ...(choiceLinks.length > 0
      ? [t('mailChoose'), ...values.links.map((link) => `${link.text ?? ''}:\n${link.url}`)]
      : values.links.map((link) => `${t('mailAnswerLink')}:\n${link.url}`)),
    `${t('mailWhy')}\n${t('mailUnsubscribe')}:\n${values.unsubscribeUrl}`,
    `— ${appName}`,
  ].join('\n\n');

  const paragraph = (content: string, style = 'font-size:16px;color:#1a1b1e') =>
    `<p style="margin:0 0 16px;line-height:1.5;${style}">${content}</p>`;
  const button = (label: string, url: string) =>
    `<p style="margin:0 0 12px"><a href="${escapeHtml(url)}" style="display:inline-block;padding:10px 18px;background:#1c5fb8;color:#ffffff;text-decoration:none;border-radius:8px;font-weight:600">${label}</a></p>`;
  const html = `<!doctype html>
<html lang="${translator.locale}" dir="${translator.dir}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:24px;background:#f4f5f7;font-family:system-ui,-apple-system,'Segoe UI',Roboto,'Noto Sans',Arial,sans-serif">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:12px;padding:24px">
<p style="margin:0 0 8px;font-weight:600;color:#495057">${escapeHtml(appName)}</p>
${paragraph(htmlOf(auth.t('auth', 'mailGreeting', { name: marker('name') }), { name: values.name }))}
${paragraph(htmlOf(t('mailIntro', { module: marker('module'), course: marker('course') }), { module: values.module, course: values.course }))}
${paragraph(isolated(values.prompt), 'font-size:18px;font-weight:600;color:#1a1b1e')}
${choiceLinks.length > 0 ? paragraph(escapeHtml(t('mailChoose'))) : ''}
${values.links.map((link) => button(link.text === null ? escapeHtml(t('mailAnswerLink')) : isolated(link.text), link.url)).join('\n')}
${paragraph(`${escapeHtml(t('mailWhy'))} <a href="${escapeHtml(values.unsubscribeUrl)}" style="color:#495057">${escapeHtml(t('mailUnsubscribe'))}</a>`, 'font-size:13px;color:#495057')}
</div>
</body>
</html>`;
  return { locale: translator.locale, subject, text, html };
}
