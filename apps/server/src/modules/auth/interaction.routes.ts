// The built-in provider's interactions: sign-in and self-registration pages (consent is implicit). A registration
// answers "Check your e-mail" whether or not the address has an account (registration-confirmation.ts).
// Every POST is bound to the provider's SameSite=Lax interaction cookie, so a cross-site form post
// finds no interaction; the routes are also 'form' routes of the CSRF guard (cross-site posts refused).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import { z } from 'zod';
import type { AppConfig } from '../../config.ts';
import type { AccountsService, RegistrationInput } from './accounts.service.ts';
import { FORGOT_PASSWORD_PATH, type PasswordResetService } from './password-reset.ts';
import type { RegistrationConfirmationService } from './registration-confirmation.ts';
import { sendHtmlPage } from '../../http/security-headers.ts';
import { renderMessagePage, renderRegisterPage, renderSignInPage } from './interaction-pages.ts';
import { pageLanguage, type PageLanguage } from './interaction-texts.ts';
import { requestLocale } from '../../i18n/server-i18n.ts';
import { LOCAL_CLIENT_ID, LOCAL_SCOPE, OP_MOUNT_PATH } from './oidc-provider.ts';
import type { RelyingParty } from './relying-party.ts';

/**
 * Password guessing is limited twice: per account in the database (sign-in-throttle.ts: a growing delay,
 * then a lockout, whatever the client's address) and per client address here, loosely enough that a
 * classroom behind one NAT address can still sign in together.
 */
export const loginRateLimit = (max: number) => ({ max: max * 6, timeWindow: '1 minute' });
export const registrationRateLimit = (max: number) => ({ max, timeWindow: '1 minute' });

/** Authorization parameter (and /oidc/login query value) that opens the registration page first. */
export const REGISTER_SCREEN = 'register';

type InteractionRequest = FastifyRequest<{ Params: { uid: string } }>;
type Interaction = Awaited<ReturnType<Provider['interactionDetails']>>;

// Form bodies: short strings only; limits are enforced again by the validation with clear messages.
const formText = z.string().max(4096);
const loginFormSchema = z
  .object({ login: formText.optional(), password: formText.optional() })
  .strict();
const registerFormSchema = z
  .object({
    firstName: formText.optional(),
    lastName: formText.optional(),
    email: formText.optional(),
    password: formText.optional(),
    confirmPassword: formText.optional(),
  })
  .strict();

export interface InteractionRoutesDeps {
  provider: Provider;
  accounts: AccountsService;
  relyingParty: RelyingParty;
  passwordReset: PasswordResetService;
  registrationConfirmation: RegistrationConfirmationService;
  config: AppConfig;
}

export function registerInteractionRoutes(
  app: FastifyInstance,
  {
    provider,
    accounts,
    relyingParty,
    passwordReset,
    registrationConfirmation,
    config,
  }: InteractionRoutesDeps,
): void {
  const base = `${OP_MOUNT_PATH}/interaction/:uid`;
  const urls = (uid: string) => ({
    signIn: `${OP_MOUNT_PATH}/interaction/${uid}`,
    login: `${OP_MOUNT_PATH}/interaction/${uid}/login`,
    register: `${OP_MOUNT_PATH}/interaction/${uid}/register`,
  });
  const opensOnRegistration = (interaction: Interaction) =>
    interaction.params.screen === REGISTER_SCREEN;
  /** From a flow that opened on registration, "Sign in instead" must not bounce back to it. */
  const signInUrlOf = (interaction: Interaction) =>
    opensOnRegistration(interaction)
      ? `${urls(interaction.uid).signIn}?screen=login`
      : urls(interaction.uid).signIn;

  const languageOf = (request: FastifyRequest): PageLanguage =>
    pageLanguage(request.cookies.locale, request.headers['accept-language']);

  function sendPage(reply: FastifyReply, status: number, html: (nonce: string) => string) {
    return sendHtmlPage(reply, config, { status, html });
  }

  function sendExpired(request: FastifyRequest, reply: FastifyReply) {
    return sendPage(reply, 400, (nonce) =>
      renderMessagePage({
        nonce,
        language: languageOf(request),
        titleKey: 'expiredTitle',
        textKey: 'expiredText',
        link: { href: `${config.publicUrl}/oidc/login`, textKey: 'startAgain' },
      }),
    );
  }

  /** The interaction of this browser, or null when its cookie, uid or lifetime do not match. */
  async function interactionOf(
    request: InteractionRequest,
    reply: FastifyReply,
  ): Promise<Interaction | null> {
    try {
      const interaction = await provider.interactionDetails(request.raw, reply.raw);
      return interaction.uid === request.params.uid ? interaction : null;
    } catch (error) {
      request.log.info({ err: error }, 'sign-in interaction not found');
      return null;
    }
  }

  async function finishLogin(request: InteractionRequest, reply: FastifyReply, accountId: string) {
    const returnTo = await provider.interactionResult(
      request.raw,
      reply.raw,
      { login: { accountId } },
      { mergeWithLastSubmission: false },
    );
    return reply.status(303).header('cache-control', 'no-store').redirect(returnTo);
  }

  /** Consent is implicit for the portal, our first-party client (normally granted by loadExistingGrant). */
  async function grantConsent(
    request: InteractionRequest,
    reply: FastifyReply,
    interaction: Interaction,
  ) {
    const accountId = interaction.session?.accountId;
    if (interaction.params.client_id !== LOCAL_CLIENT_ID || !accountId)
      return sendExpired(request, reply);
    const grant = new provider.Grant({ clientId: LOCAL_CLIENT_ID, accountId });
    grant.addOIDCScope(LOCAL_SCOPE);
    const grantId = await grant.save();
    const returnTo = await provider.interactionResult(request.raw, reply.raw, {
      consent: { grantId },
    });
    return reply.status(303).header('cache-control', 'no-store').redirect(returnTo);
  }

  app.get(base, async (request: InteractionRequest, reply) => {
    const interaction = await interactionOf(request, reply);
    if (!interaction) return sendExpired(request, reply);
    if (interaction.prompt.name === 'consent') return grantConsent(request, reply, interaction);
    const { uid } = interaction;
    const query = request.query as { screen?: unknown };
    if (opensOnRegistration(interaction) && query.screen !== 'login') {
      return reply.status(303).header('cache-control', 'no-store').redirect(urls(uid).register);
    }
    const loginHint =
      typeof interaction.params.login_hint === 'string'
        ? interaction.params.login_hint.slice(0, 254)
        : undefined;
    return sendPage(reply, 200, (nonce) =>
      renderSignInPage({
        nonce,
        language: languageOf(request),
        action: urls(uid).login,
        registerUrl: urls(uid).register,
        forgotPasswordUrl: FORGOT_PASSWORD_PATH,
        login: loginHint,
      }),
    );
  });

  app.post(
    base + '/login',
    { config: { csrf: 'form', rateLimit: loginRateLimit(config.signInRateLimitPerMinute) } },
    async (request: InteractionRequest, reply) => {
      const interaction = await interactionOf(request, reply);
      if (!interaction) return sendExpired(request, reply);
      const parsed = loginFormSchema.safeParse(request.body ?? {});
      const login = parsed.success ? (parsed.data.login ?? '').trim() : '';
      const password = parsed.success ? (parsed.data.password ?? '') : '';
      const language = languageOf(request);
      const page = (
        errorKey: 'loginRequired' | 'invalidCredentials' | 'signInWait' | 'signInLocked',
        status = 400,
      ) =>
        sendPage(reply, status, (nonce) =>
          renderSignInPage({
            nonce,
            language,
            action: urls(interaction.uid).login,
            registerUrl: urls(interaction.uid).register,
            forgotPasswordUrl: FORGOT_PASSWORD_PATH,
            login: login.slice(0, 254),
            errorKey,
          }),
        );
      if (!login || !password) return page('loginRequired');
      if (login.length > 254 || password.length > 1024) return page('invalidCredentials');
      const result = await accounts.authenticate(login, password, request.hostname);
      if (result.kind === 'throttled')
        return page(result.locked ? 'signInLocked' : 'signInWait', 429);
      if (result.kind === 'invalid') return page('invalidCredentials');
      return finishLogin(request, reply, result.user.id);
    },
  );

  app.get(base + '/register', async (request: InteractionRequest, reply) => {
    const interaction = await interactionOf(request, reply);
    if (!interaction) return sendExpired(request, reply);
    return sendPage(reply, 200, (nonce) =>
      renderRegisterPage({
        nonce,
        language: languageOf(request),
        action: urls(interaction.uid).register,
        signInUrl: signInUrlOf(interaction),
      }),
    );
  });

  app.post(
    base + '/register',
    { config: { csrf: 'form', rateLimit: registrationRateLimit(config.signInRateLimitPerMinute) } },
    async (request: InteractionRequest, reply) => {
      const interaction = await interactionOf(request, reply);
      if (!interaction) return sendExpired(request, reply);
      const parsed = registerFormSchema.safeParse(request.body ?? {});
      const body = parsed.success ? parsed.data : {};
      const input: RegistrationInput = {
        firstName: body.firstName ?? '',
        lastName: body.lastName ?? '',
        email: body.email ?? '',
        password: body.password ?? '',
        confirmPassword: body.confirmPassword ?? '',
      };
      const result = await accounts.register(input, request.hostname);
      if ('errors' in result) {
        const values = {
          firstName: input.firstName.slice(0, 200),
          lastName: input.lastName.slice(0, 200),
          email: input.email.slice(0, 254),
        };
        return sendPage(reply, 400, (nonce) =>
          renderRegisterPage({
            nonce,
            language: languageOf(request),
            action: urls(interaction.uid).register,
            signInUrl: signInUrlOf(interaction),
            values,
            errors: result.errors,
          }),
        );
      }
      // The same page whether or not the address has an account: the mail tells the difference, to the owner
      // of the address only (docs/decisions/0025). A new address gets its account once the mailed link is used.
      // Both paths look the redirect up (the same work); only a new registration keeps it.
      const locale = requestLocale(request.cookies.locale, request.headers['accept-language']);
      const redirectUrl = await relyingParty.selfRegisteredRedirectOf(interaction.params.state);
      if ('existing' in result) {
        await passwordReset.queueAccountExists(
          result.existing,
          input.email.trim().toLowerCase(),
          locale,
        );
      } else {
        await registrationConfirmation.requestConfirmation(result.pending, locale, redirectUrl);
      }
      return sendPage(reply, 200, (nonce) =>
        renderMessagePage({
          nonce,
          language: languageOf(request),
          titleKey: 'checkEmailTitle',
          textKey: 'registerCheckEmailText',
        }),
      );
    },
  );
}
