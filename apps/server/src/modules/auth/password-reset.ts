// Password reset for the built-in provider (docs/decisions/0025): a request queues a mail with a random,
// single-use link that expires after 30 minutes (only the token's SHA-256 is stored); using it sets a new password
// and ends every session of the account, the portal's and the provider's (sessions, grants and their tokens).
// The answer to a request never tells whether the address has an account.
import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { isLocale, type Locale } from '@portal/contracts';
import type { Database, UserRow } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import { hashPassword } from '../../lib/password.ts';
import { queueMail } from '../mail/mail-outbox.repository.ts';
import { renderMail, type MailTemplateName, type MailTemplates } from '../mail/mail-templates.ts';
import { REGISTRATION_LIMITS } from './accounts.service.ts';
import { OP_MOUNT_PATH } from './oidc-provider.ts';

export const RESET_TOKEN_TTL_MS = 30 * 60_000;
/** Reset mails per account per hour; further requests answer the same and send nothing. */
export const RESET_MAILS_PER_HOUR = 3;
export const FORGOT_PASSWORD_PATH = `${OP_MOUNT_PATH}/forgot-password`;
export const RESET_PASSWORD_PATH = `${OP_MOUNT_PATH}/reset-password`;

export const hashResetToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Message keys of interaction-texts.ts for the new-password form. */
export type NewPasswordErrors = Partial<Record<'password' | 'confirmPassword', string>>;

export function validateNewPassword(password: string, confirmPassword: string): NewPasswordErrors {
  const errors: NewPasswordErrors = {};
  if (password.length < REGISTRATION_LIMITS.passwordMin) errors.password = 'passwordTooShort';
  else if (password.length > REGISTRATION_LIMITS.passwordMax) errors.password = 'passwordTooLong';
  if (!confirmPassword) errors.confirmPassword = 'confirmRequired';
  else if (confirmPassword !== password) errors.confirmPassword = 'passwordMismatch';
  return errors;
}

/** The recipient's locale: the profile's, else the request's. */
export function mailLocaleOf(user: Pick<UserRow, 'locale'>, requestLocale: Locale): Locale {
  return isLocale(user.locale) ? user.locale : requestLocale;
}

/**
 * Ends every session of `userId`: the portal's (table sessions) and the built-in provider's sessions and grants
 * with the codes and tokens issued under them (table oidc_payloads), so that no browser stays signed in.
 */
export async function revokeAllSessions(db: Kysely<Database>, userId: string): Promise<void> {
  await db.deleteFrom('sessions').where('userId', '=', userId).execute();
  const candidates = await db
    .selectFrom('oidcPayloads')
    .select(['id', 'model', 'payload'])
    .where('model', 'in', ['Session', 'Grant'])
    // A cheap filter first; the JSON is checked below.
    .where('payload', 'like', `%${userId}%`)
    .execute();
  const owned = candidates.filter((row) => {
    const payload = JSON.parse(row.payload) as { accountId?: unknown };
    return payload.accountId === userId;
  });
  const grantIds = new Set<string>();
  for (const row of owned) {
    if (row.model === 'Grant') grantIds.add(row.id);
    const payload = JSON.parse(row.payload) as {
      authorizations?: Record<string, { grantId?: unknown }>;
    };
    for (const authorization of Object.values(payload.authorizations ?? {})) {
      if (typeof authorization.grantId === 'string') grantIds.add(authorization.grantId);
    }
  }
  for (const row of owned) {
    await db
      .deleteFrom('oidcPayloads')
      .where('model', '=', row.model)
      .where('id', '=', row.id)
      .execute();
  }
  if (grantIds.size > 0) {
    const ids = [...grantIds];
    await db.deleteFrom('oidcPayloads').where('grantId', 'in', ids).execute();
    await db
      .deleteFrom('oidcPayloads')
      .where('model', '=', 'Grant')
      .where('id', 'in', ids)
      .execute();
  }
}

export type ResetResult =
  | { kind: 'done' }
  | { kind: 'invalidToken' }
  | { kind: 'invalidPassword'; errors: NewPasswordErrors };

export function createPasswordResetService(deps: {
  db: Kysely<Database>;
  clock: Clock;
  publicUrl: string;
}) {
  const { db, clock, publicUrl } = deps;

  /** Queues a rendered mail in `trx` (the transaction of the change that causes it). */
  async function queue<T extends MailTemplateName>(
    trx: Kysely<Database>,
    user: Pick<UserRow, 'tenantId' | 'locale'>,
    to: string,
    locale: Locale,
    template: T,
    values: MailTemplates[T],
  ): Promise<void> {
    const mail = renderMail(template, mailLocaleOf(user, locale), values);
    await queueMail(
      trx,
      {
        tenantId: user.tenantId,
        to,
        locale: mail.locale,
        template,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
      },
      clock.now().toISOString(),
    );
  }

  /** The user of a token that can still be used, or undefined. */
  async function userOfToken(token: string): Promise<UserRow | undefined> {
    if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return undefined;
    const row = await db
      .selectFrom('passwordResetTokens')
      .innerJoin('users', 'users.id', 'passwordResetTokens.userId')
      .selectAll('users')
      .where('passwordResetTokens.id', '=', hashResetToken(token))
      .where('passwordResetTokens.usedAt', 'is', null)
      .where('passwordResetTokens.expires', '>', clock.now().toISOString())
      .where('users.status', '=', 'Active')
      .executeTakeFirst();
    return row;
  }

  return {
    /**
     * Sends a reset link to every active password account with this e-mail address (an address may have an
     * account in several tenants), at most RESET_MAILS_PER_HOUR per account. Answers nothing: the page says
     * the same whatever happened.
     */
    async requestReset(email: string, locale: Locale): Promise<void> {
      const address = email.trim().toLowerCase();
      if (!address || address.length > REGISTRATION_LIMITS.email) return;
      const now = clock.now();
      await this.deleteExpired();
      const users = await db
        .selectFrom('users')
        .selectAll()
        .where('email', '=', address)
        .where('status', '=', 'Active')
        .where('passwordHash', 'is not', null)
        .execute();
      for (const user of users) {
        const recent = await db
          .selectFrom('passwordResetTokens')
          .select((eb) => eb.fn.countAll<number | string>().as('count'))
          .where('userId', '=', user.id)
          .where('created', '>', new Date(now.getTime() - 60 * 60_000).toISOString())
          .executeTakeFirstOrThrow();
        if (Number(recent.count) >= RESET_MAILS_PER_HOUR) continue;
        const token = randomBytes(32).toString('base64url');
        await db.transaction().execute(async (trx) => {
          await trx
            .insertInto('passwordResetTokens')
            .values({
              id: hashResetToken(token),
              userId: user.id,
              created: now.toISOString(),
              expires: new Date(now.getTime() + RESET_TOKEN_TTL_MS).toISOString(),
              usedAt: null,
            })
            .execute();
          await queue(trx, user, user.email, locale, 'passwordReset', {
            name: user.firstName,
            resetUrl: `${publicUrl}${RESET_PASSWORD_PATH}?token=${token}`,
          });
        });
      }
    },

    /** True when the link's token can still set a password (the GET of the link page). */
    async isUsable(token: string): Promise<boolean> {
      return (await userOfToken(token)) !== undefined;
    },

    /** Sets the new password once per token and ends every session of the account. */
    async resetPassword(
      token: string,
      password: string,
      confirmPassword: string,
    ): Promise<ResetResult> {
      const user = await userOfToken(token);
      if (!user) return { kind: 'invalidToken' };
      const errors = validateNewPassword(password, confirmPassword);
      if (Object.keys(errors).length > 0) return { kind: 'invalidPassword', errors };
      const passwordHash = await hashPassword(password);
      const now = clock.now().toISOString();
      return db.transaction().execute(async (trx) => {
        // Single use, also against two concurrent posts of one link: only one update finds the token unused.
        const used = await trx
          .updateTable('passwordResetTokens')
          .set({ usedAt: now })
          .where('id', '=', hashResetToken(token))
          .where('usedAt', 'is', null)
          .where('expires', '>', now)
          .executeTakeFirst();
        if (Number(used.numUpdatedRows) !== 1) return { kind: 'invalidToken' } as const;
        await trx.updateTable('users').set({ passwordHash }).where('id', '=', user.id).execute();
        // Other links of the account die with the change.
        await trx
          .updateTable('passwordResetTokens')
          .set({ usedAt: now })
          .where('userId', '=', user.id)
          .where('usedAt', 'is', null)
          .execute();
        await revokeAllSessions(trx, user.id);
        return { kind: 'done' } as const;
      });
    },

    /** The registration of an address that already has an account: the mail says so, the page does not. */
    async queueAccountExists(user: UserRow, to: string, locale: Locale): Promise<void> {
      await queue(db, user, to, locale, 'accountExists', {
        name: user.firstName,
        signInUrl: `${publicUrl}/oidc/login`,
        resetUrl: `${publicUrl}${FORGOT_PASSWORD_PATH}`,
      });
    },

    /** Housekeeping: tokens expired for more than a day (run with each request). */
    async deleteExpired(): Promise<void> {
      await db
        .deleteFrom('passwordResetTokens')
        .where('expires', '<', new Date(clock.now().getTime() - 24 * 60 * 60_000).toISOString())
        .execute();
    },
  };
}

export type PasswordResetService = ReturnType<typeof createPasswordResetService>;
