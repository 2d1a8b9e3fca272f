// The built-in provider's password-reset pages: "Forgot password?" (asks for the address; always the same
// answer, rate-limited per client address and per account) and the mail's link page (sets a new password once).
// Both are 'form' routes of the CSRF guard (cross-site posts refused); the reset form's proof is the link's token.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppConfig } from '../../config.ts';
import { sendHtmlPage } from '../../http/security-headers.ts';
import { requestLocale } from '../../i18n/server-i18n.ts';
import {
  renderForgotPasswordPage,
  renderMessagePage,
  renderResetPasswordPage,
} from './interaction-pages.ts';
import { pageLanguage } from './interaction-texts.ts';
import { registrationRateLimit } from './interaction.routes.ts';
import {
  FORGOT_PASSWORD_PATH,
  RESET_PASSWORD_PATH,
  type PasswordResetService,
} from './password-reset.ts';

const formText = z.string().max(4096);
const forgotFormSchema = z.object({ email: formText.optional() }).strict();
const resetFormSchema = z
  .object({
    token: formText.optional(),
    password: formText.optional(),
    confirmPassword: formText.optional(),
  })
  .strict();
const resetQuerySchema = z.object({ token: z.string().max(200).optional() });

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function registerPasswordResetRoutes(
  app: FastifyInstance,
  { passwordReset, config }: { passwordReset: PasswordResetService; config: AppConfig },
): void {
  const signInUrl = `${config.publicUrl}/oidc/login`;
  const languageOf = (request: FastifyRequest) =>
    pageLanguage(request.cookies.locale, request.headers['accept-language']);
  const sendPage = (reply: FastifyReply, status: number, html: (nonce: string) => string) =>
    sendHtmlPage(reply, config, { status, html });

  function sendInvalidLink(request: FastifyRequest, reply: FastifyReply) {
    return sendPage(reply, 400, (nonce) =>
      renderMessagePage({
        nonce,
        language: languageOf(request),
        titleKey: 'resetInvalidTitle',
        textKey: 'resetInvalidText',
        link: { href: FORGOT_PASSWORD_PATH, textKey: 'resetAskAgain' },
      }),
    );
  }

  app.get(FORGOT_PASSWORD_PATH, async (request, reply) =>
    sendPage(reply, 200, (nonce) =>
      renderForgotPasswordPage({
        nonce,
        language: languageOf(request),
        action: FORGOT_PASSWORD_PATH,
        signInUrl,
      }),
    ),
  );

  app.post(
    FORGOT_PASSWORD_PATH,
    { config: { csrf: 'form', rateLimit: registrationRateLimit(config.signInRateLimitPerMinute) } },
    async (request, reply) => {
      const parsed = forgotFormSchema.safeParse(request.body ?? {});
      const email = parsed.success ? (parsed.data.email ?? '').trim() : '';
      const language = languageOf(request);
      if (!EMAIL_PATTERN.test(email) || email.length > 254) {
        return sendPage(reply, 400, (nonce) =>
          renderForgotPasswordPage({
            nonce,
            language,
            action: FORGOT_PASSWORD_PATH,
            signInUrl,
            email: email.slice(0, 254),
            errorKey: email ? 'emailInvalid' : 'emailRequired',
          }),
        );
      }
      await passwordReset.requestReset(
        email,
        requestLocale(request.cookies.locale, request.headers['accept-language']),
      );
      return sendPage(reply, 200, (nonce) =>
        renderMessagePage({
          nonce,
          language,
          titleKey: 'checkEmailTitle',
          textKey: 'forgotSentText',
          link: { href: signInUrl, textKey: 'backToSignIn' },
        }),
      );
    },
  );

  app.get(RESET_PASSWORD_PATH, async (request, reply) => {
    const query = resetQuerySchema.safeParse(request.query);
    const token = query.success ? (query.data.token ?? '') : '';
    if (!(await passwordReset.isUsable(token))) return sendInvalidLink(request, reply);
    return sendPage(reply, 200, (nonce) =>
      renderResetPasswordPage({
        nonce,
        language: languageOf(request),
        action: RESET_PASSWORD_PATH,
        token,
      }),
    );
  });

  app.post(
    RESET_PASSWORD_PATH,
    { config: { csrf: 'form', rateLimit: registrationRateLimit(config.signInRateLimitPerMinute) } },
    async (request, reply) => {
      const parsed = resetFormSchema.safeParse(request.body ?? {});
      const body = parsed.success ? parsed.data : {};
      const token = body.token ?? '';
      const result = await passwordReset.resetPassword(
        token,
        body.password ?? '',
        body.confirmPassword ?? '',
      );
      if (result.kind === 'invalidToken') return sendInvalidLink(request, reply);
      if (result.kind === 'invalidPassword') {
        return sendPage(reply, 400, (nonce) =>
          renderResetPasswordPage({
            nonce,
            language: languageOf(request),
            action: RESET_PASSWORD_PATH,
            token,
            errors: result.errors,
          }),
        );
      }
      return sendPage(reply, 200, (nonce) =>
        renderMessagePage({
          nonce,
          language: languageOf(request),
          titleKey: 'resetDoneTitle',
          textKey: 'resetDoneText',
          link: { href: signInUrl, textKey: 'signInLink' },
        }),
      );
    },
  );
}
