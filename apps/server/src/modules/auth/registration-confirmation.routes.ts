// The page of the registration's confirmation link (docs/decisions/0025): GET shows a button, POST creates the
// account once and links to sign-in (continuing to where the registration was going). Not bound to an interaction:
// the mail may be opened in another browser, long after the registration page expired. A 'form' route of the CSRF
// guard (cross-site posts refused); the form's proof is the link's token. No script; the page CSP's nonce styles it.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppConfig } from '../../config.ts';
import { sendHtmlPage } from '../../http/security-headers.ts';
import { renderConfirmRegistrationPage, renderMessagePage } from './interaction-pages.ts';
import { pageLanguage } from './interaction-texts.ts';
import { registrationRateLimit } from './interaction.routes.ts';
import {
  CONFIRM_REGISTRATION_PATH,
  type RegistrationConfirmationService,
} from './registration-confirmation.ts';

const confirmFormSchema = z.object({ token: z.string().max(4096).optional() }).strict();
const confirmQuerySchema = z.object({ token: z.string().max(200).optional() });

export function registerRegistrationConfirmationRoutes(
  app: FastifyInstance,
  {
    registrationConfirmation,
    config,
  }: { registrationConfirmation: RegistrationConfirmationService; config: AppConfig },
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
        textKey: 'confirmInvalidText',
        link: { href: signInUrl, textKey: 'signInLink' },
      }),
    );
  }

  app.get(CONFIRM_REGISTRATION_PATH, async (request, reply) => {
    const query = confirmQuerySchema.safeParse(request.query);
    const token = query.success ? (query.data.token ?? '') : '';
    if (!(await registrationConfirmation.isUsable(token))) return sendInvalidLink(request, reply);
    return sendPage(reply, 200, (nonce) =>
      renderConfirmRegistrationPage({
        nonce,
        language: languageOf(request),
        action: CONFIRM_REGISTRATION_PATH,
        token,
      }),
    );
  });

  app.post(
    CONFIRM_REGISTRATION_PATH,
    { config: { csrf: 'form', rateLimit: registrationRateLimit(config.signInRateLimitPerMinute) } },
    async (request, reply) => {
      const parsed = confirmFormSchema.safeParse(request.body ?? {});
      const token = parsed.success ? (parsed.data.token ?? '') : '';
      const result = await registrationConfirmation.confirm(token);
      if (result.kind === 'invalidToken') return sendInvalidLink(request, reply);
      const next = result.redirectUrl
        ? `${signInUrl}?redirectUrl=${encodeURIComponent(result.redirectUrl)}`
        : signInUrl;
      return sendPage(reply, 200, (nonce) =>
        renderMessagePage({
          nonce,
          language: languageOf(request),
          titleKey: 'confirmedTitle',
          textKey: 'confirmedText',
          link: { href: next, textKey: 'signInLink' },
        }),
      );
    },
  );
}
