// Server-rendered HTML of the built-in provider's pages: accessible, localized, no client script.
import {
  REGISTRATION_LIMITS,
  type RegistrationErrors,
  type RegistrationField,
} from './accounts.service.ts';
import type { PageLanguage, TextKey } from './interaction-texts.ts';
import { escapeHtml } from '../../lib/escape-html.ts';

const STYLE = `
:root{color-scheme:light dark;--bg:#f4f5f7;--card:#fff;--text:#1a1b1e;--muted:#495057;--border:#868e96;--accent:#1c5fb8;--accent-text:#fff;--error:#b3261e;--error-bg:#fdecea;--focus:#1c5fb8}
@media (prefers-color-scheme:dark){:root{--bg:#141517;--card:#1f2023;--text:#f1f3f5;--muted:#c1c2c5;--border:#909296;--accent:#74a9f5;--accent-text:#0b1a2e;--error:#ffb4ab;--error-bg:#3b1614;--focus:#a5c8ff}}
*{box-sizing:border-box}
body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;background:var(--bg);color:var(--text);font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans","Noto Sans Arabic","Noto Sans Devanagari","Noto Sans Bengali","Noto Sans Tamil","Noto Sans Thai","Noto Sans Myanmar","Noto Sans CJK JP","Noto Sans CJK KR","Noto Sans CJK SC","Noto Sans CJK TC","Helvetica Neue",Arial,sans-serif;padding:1rem}
main{width:100%;max-width:26rem;background:var(--card);border-radius:12px;padding:2rem;box-shadow:0 2px 12px rgba(0,0,0,.12)}
.brand{margin:0 0 .25rem;color:var(--muted);font-weight:600}
h1{margin:0 0 1rem;font-size:1.6rem;line-height:1.25}
p{margin:0 0 1rem}
label{display:block;font-weight:600;margin-bottom:.25rem}
.field{margin-bottom:1rem}
input{width:100%;padding:.6rem .75rem;font:inherit;color:var(--text);background:var(--card);border:1px solid var(--border);border-radius:8px}
input[aria-invalid=true]{border-color:var(--error);border-width:2px}
.hint{color:var(--muted);font-size:.9rem;margin:.25rem 0 0}
.error{color:var(--error);font-size:.9rem;margin:.25rem 0 0}
.alert{background:var(--error-bg);color:var(--error);border-inline-start:4px solid var(--error);padding:.75rem 1rem;border-radius:6px}
button{width:100%;padding:.7rem 1rem;font:inherit;font-weight:600;color:var(--accent-text);background:var(--accent);border:0;border-radius:8px;cursor:pointer;margin-top:.5rem}
button.secondary{background:transparent;color:var(--accent);border:1px solid var(--accent)}
a{color:var(--accent)}
:focus-visible{outline:3px solid var(--focus);outline-offset:2px}
.switch{margin:1.5rem 0 0;text-align:center}
`;

/** What every page needs: its language and the nonce its style element carries (the page's CSP). */
export interface PageBase {
  language: PageLanguage;
  nonce: string;
}

function layout({ language, nonce }: PageBase, titleKey: TextKey, body: string): string {
  const t = language.texts;
  return `<!doctype html>
<html lang="${language.lang}" dir="${language.dir}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<meta name="robots" content="noindex">
<title>${escapeHtml(t[titleKey])} | ${escapeHtml(t.appName)}</title>
<style nonce="${escapeHtml(nonce)}">${STYLE}</style>
</head>
<body>
<main>
<p class="brand">${escapeHtml(t.appName)}</p>
<h1>${escapeHtml(t[titleKey])}</h1>
${body}
</main>
</body>
</html>`;
}

interface FieldOptions {
  id: string;
  label: string;
  type: 'text' | 'email' | 'password';
  autocomplete: string;
  maxLength: number;
  value?: string;
  hint?: string;
  error?: string;
  /** Id of an error shown elsewhere (the generic sign-in error) that also describes this field. */
  describedBy?: string;
  autofocus?: boolean;
}

function field(options: FieldOptions): string {
  const describedBy = [
    options.hint ? `${options.id}-hint` : null,
    options.error ? `${options.id}-error` : null,
    options.describedBy ?? null,
  ].filter(Boolean);
  const invalid = options.error !== undefined || options.describedBy !== undefined;
  return `<div class="field">
<label for="${options.id}">${escapeHtml(options.label)}</label>
<input id="${options.id}" name="${options.id}" type="${options.type}"${options.type === 'email' || options.id === 'login' ? ' dir="auto"' : ''} autocomplete="${options.autocomplete}" maxlength="${options.maxLength}" required${
    options.value !== undefined ? ` value="${escapeHtml(options.value)}"` : ''
  }${describedBy.length > 0 ? ` aria-describedby="${describedBy.join(' ')}"` : ''}${invalid ? ' aria-invalid="true"' : ''}${options.autofocus ? ' autofocus' : ''}>
${options.hint ? `<p class="hint" id="${options.id}-hint">${escapeHtml(options.hint)}</p>` : ''}
${options.error ? `<p class="error" id="${options.id}-error">${escapeHtml(options.error)}</p>` : ''}
</div>`;
}

export interface SignInPageInput extends PageBase {
  action: string;
  registerUrl: string;
  forgotPasswordUrl: string;
  login?: string;
  errorKey?: TextKey;
}

export function renderSignInPage(input: SignInPageInput): string {
  const { action, registerUrl, forgotPasswordUrl, login, errorKey } = input;
  const t = input.language.texts;
  const errorId = errorKey ? 'signin-error' : undefined;
  const body = `${errorKey ? `<p class="alert" role="alert" id="signin-error">${escapeHtml(t[errorKey])}</p>` : `<p>${escapeHtml(t.signInIntro)}</p>`}
<form method="post" action="${escapeHtml(action)}" novalidate>
${field({ id: 'login', label: t.login, type: 'text', autocomplete: 'username', maxLength: REGISTRATION_LIMITS.email, value: login, describedBy: errorId, autofocus: true })}
${field({ id: 'password', label: t.password, type: 'password', autocomplete: 'current-password', maxLength: REGISTRATION_LIMITS.passwordMax, describedBy: errorId })}
<button type="submit">${escapeHtml(t.signInButton)}</button>
</form>
<p class="switch"><a href="${escapeHtml(forgotPasswordUrl)}">${escapeHtml(t.forgotPasswordLink)}</a></p>
<p class="switch">${escapeHtml(t.noAccount)} <a href="${escapeHtml(registerUrl)}">${escapeHtml(t.createAccountLink)}</a></p>`;
  return layout(input, 'signInTitle', body);
}

export interface RegisterPageInput extends PageBase {
  action: string;
  signInUrl: string;
  values?: Partial<Record<'firstName' | 'lastName' | 'email', string>>;
  errors?: RegistrationErrors;
}

export function renderRegisterPage(input: RegisterPageInput): string {
  const { action, signInUrl, values = {}, errors = {} } = input;
  const t = input.language.texts;
  const order: RegistrationField[] = [
    'firstName',
    'lastName',
    'email',
    'password',
    'confirmPassword',
  ];
  const firstInvalid = order.find((name) => errors[name] !== undefined);
  const message = (name: RegistrationField) => {
    const key = errors[name] as TextKey | undefined;
    return key ? t[key] : undefined;
  };
  const common = (id: RegistrationField) => ({
    id,
    error: message(id),
    autofocus: firstInvalid ? firstInvalid === id : id === 'firstName',
  });
  const body = `${firstInvalid ? `<p class="alert" role="alert">${escapeHtml(t.errorSummary)}</p>` : `<p>${escapeHtml(t.registerIntro)}</p>`}
<form method="post" action="${escapeHtml(action)}" novalidate>
${field({ ...common('firstName'), label: t.firstName, type: 'text', autocomplete: 'given-name', maxLength: REGISTRATION_LIMITS.name, value: values.firstName })}
${field({ ...common('lastName'), label: t.lastName, type: 'text', autocomplete: 'family-name', maxLength: REGISTRATION_LIMITS.name, value: values.lastName })}
${field({ ...common('email'), label: t.email, type: 'email', autocomplete: 'email', maxLength: REGISTRATION_LIMITS.email, value: values.email })}
${field({ ...common('password'), label: t.password, type: 'password', autocomplete: 'new-password', maxLength: REGISTRATION_LIMITS.passwordMax, hint: t.passwordHint })}
${field({ ...common('confirmPassword'), label: t.confirmPassword, type: 'password', autocomplete: 'new-password', maxLength: REGISTRATION_LIMITS.passwordMax })}
<button type="submit">${escapeHtml(t.createAccountButton)}</button>
</form>
<p class="switch">${escapeHtml(t.haveAccount)} <a href="${escapeHtml(signInUrl)}">${escapeHtml(t.signInLink)}</a></p>`;
  return layout(input, 'registerTitle', body);
}

export interface MessagePageInput extends PageBase {
  titleKey: TextKey;
  textKey?: TextKey;
  link?: { href: string; textKey: TextKey };
}

export function renderMessagePage(input: MessagePageInput): string {
  const { titleKey, textKey, link } = input;
  const t = input.language.texts;
  const body = `${textKey ? `<p>${escapeHtml(t[textKey])}</p>` : ''}
${link ? `<p><a href="${escapeHtml(link.href)}">${escapeHtml(t[link.textKey])}</a></p>` : ''}`;
  return layout(input, titleKey, body);
}

/** A sign-out confirmation: `form` is a hidden form (markup, escaped by its author) with the id `formId`. */
export function renderSignOutPage(page: PageBase, form: { html: string; id: string }): string {
  const t = page.language.texts;
  const body = `<p>${escapeHtml(t.signOutQuestion)}</p>
${form.html}
<button type="submit" form="${escapeHtml(form.id)}" name="logout" value="yes" autofocus>${escapeHtml(t.signOutButton)}</button>`;
  return layout(page, 'signOutTitle', body);
}

export interface ForgotPasswordPageInput extends PageBase {
  action: string;
  signInUrl: string;
  email?: string;
  errorKey?: TextKey;
}

/** Asks for the address to send a reset link to. */
export function renderForgotPasswordPage(input: ForgotPasswordPageInput): string {
  const { action, signInUrl, email, errorKey } = input;
  const t = input.language.texts;
  const body = `<p>${escapeHtml(t.forgotIntro)}</p>
<form method="post" action="${escapeHtml(action)}" novalidate>
${field({ id: 'email', label: t.email, type: 'email', autocomplete: 'email', maxLength: REGISTRATION_LIMITS.email, value: email, error: errorKey ? t[errorKey] : undefined, autofocus: true })}
<button type="submit">${escapeHtml(t.forgotButton)}</button>
</form>
<p class="switch"><a href="${escapeHtml(signInUrl)}">${escapeHtml(t.backToSignIn)}</a></p>`;
  return layout(input, 'forgotTitle', body);
}

export interface ResetPasswordPageInput extends PageBase {
  action: string;
  token: string;
  errors?: Partial<Record<'password' | 'confirmPassword', string>>;
}

/** Sets a new password with the token of a reset link (carried in a hidden field). */
export function renderResetPasswordPage(input: ResetPasswordPageInput): string {
  const { action, token, errors = {} } = input;
  const t = input.language.texts;
  const message = (name: 'password' | 'confirmPassword') => {
    const key = errors[name] as TextKey | undefined;
    return key ? t[key] : undefined;
  };
  const firstInvalid = errors.password
    ? 'password'
    : errors.confirmPassword
      ? 'confirmPassword'
      : undefined;
  const body = `${firstInvalid ? `<p class="alert" role="alert">${escapeHtml(t.errorSummary)}</p>` : `<p>${escapeHtml(t.resetIntro)}</p>`}
<form method="post" action="${escapeHtml(action)}" novalidate>
<input type="hidden" name="token" value="${escapeHtml(token)}">
${field({ id: 'password', label: t.newPassword, type: 'password', autocomplete: 'new-password', maxLength: REGISTRATION_LIMITS.passwordMax, hint: t.passwordHint, error: message('password'), autofocus: firstInvalid !== 'confirmPassword' })}
${field({ id: 'confirmPassword', label: t.confirmPassword, type: 'password', autocomplete: 'new-password', maxLength: REGISTRATION_LIMITS.passwordMax, error: message('confirmPassword'), autofocus: firstInvalid === 'confirmPassword' })}
<button type="submit">${escapeHtml(t.resetButton)}</button>
</form>`;
  return layout(input, 'resetTitle', body);
}

export interface ConfirmRegistrationPageInput extends PageBase {
  action: string;
  token: string;
}

/**
 * The confirmation link's page: a button that posts the token, so that a mail scanner fetching the link confirms
 * nothing (a GET changes no state).
 */
export function renderConfirmRegistrationPage(input: ConfirmRegistrationPageInput): string {
  const t = input.language.texts;
  const body = `<p>${escapeHtml(t.confirmIntro)}</p>
<form method="post" action="${escapeHtml(input.action)}">
<input type="hidden" name="token" value="${escapeHtml(input.token)}">
<button type="submit" autofocus>${escapeHtml(t.confirmButton)}</button>
</form>`;
  return layout(input, 'confirmTitle', body);
}
