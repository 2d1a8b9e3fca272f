// Self-registration confirmed by e-mail (docs/decisions/0025, "Registration confirmed by e-mail"): a registration
// of a new address stores the account to create with the SHA-256 of a random token and mails the link; the account
// exists only once the link is used (single use, 24 hours). The page answering a registration is the same whether
// or not the address has an account, and an unconfirmed registration cannot sign in (there is no account yet).
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Locale } from '@portal/contracts';
import type { Database } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import { newId } from '../../lib/ids.ts';
import { createUser } from '../identity/identity.repository.ts';
import { queueMail } from '../mail/mail-outbox.repository.ts';
import { renderMail } from '../mail/mail-templates.ts';
import { isUniqueViolation, LOCAL_PROVIDER_ID, type PendingAccount } from './accounts.service.ts';
import { OP_MOUNT_PATH } from './oidc-provider.ts';
import { hashResetToken } from './password-reset.ts';

export const CONFIRMATION_TTL_MS = 24 * 60 * 60_000;
/** Confirmation mails per address and tenant per hour; further registrations answer the same and send nothing. */
export const CONFIRMATION_MAILS_PER_HOUR = 3;
export const CONFIRM_REGISTRATION_PATH = `${OP_MOUNT_PATH}/confirm-registration`;

export type ConfirmationResult =
  { kind: 'confirmed'; redirectUrl: string | null } | { kind: 'invalidToken' };

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{20,100}$/;

export function createRegistrationConfirmationService(deps: {
  db: Kysely<Database>;
  clock: Clock;
  publicUrl: string;
}) {
  const { db, clock, publicUrl } = deps;

  async function usableRow(token: string) {
    if (!TOKEN_PATTERN.test(token)) return undefined;
    return db
      .selectFrom('pendingRegistrations')
      .selectAll()
      .where('id', '=', hashResetToken(token))
      .where('expires', '>', clock.now().toISOString())
      .executeTakeFirst();
  }

  return {
    /**
     * Stores the registration with a new link and queues its mail (one transaction), at most
     * CONFIRMATION_MAILS_PER_HOUR per address: registering again resends a link, it never makes a second account.
     * `redirectUrl` is where the sign-in after the confirmation leads. Answers nothing: the page is the same.
     */
    async requestConfirmation(
      account: PendingAccount,
      locale: Locale,
      redirectUrl: string | null,
    ): Promise<void> {
      const now = clock.now();
      await this.deleteExpired();
      const recent = await db
        .selectFrom('pendingRegistrations')
        .select((eb) => eb.fn.countAll<number | string>().as('count'))
        .where('tenantId', '=', account.tenantId)
        .where('email', '=', account.email)
        .where('created', '>', new Date(now.getTime() - 60 * 60_000).toISOString())
        .executeTakeFirstOrThrow();
      if (Number(recent.count) >= CONFIRMATION_MAILS_PER_HOUR) return;
      const token = randomBytes(32).toString('base64url');
      const mail = renderMail('confirmRegistration', locale, {
        name: account.firstName,
        confirmUrl: `${publicUrl}${CONFIRM_REGISTRATION_PATH}?token=${token}`,
      });
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('pendingRegistrations')
          .values({
            id: hashResetToken(token),
            tenantId: account.tenantId,
            email: account.email,
            firstName: account.firstName,
            lastName: account.lastName,
            passwordHash: account.passwordHash,
            redirectUrl,
            created: now.toISOString(),
            expires: new Date(now.getTime() + CONFIRMATION_TTL_MS).toISOString(),
          })
          .execute();
        await queueMail(
          trx,
          {
            tenantId: account.tenantId,
            to: account.email,
            locale: mail.locale,
            template: 'confirmRegistration',
            subject: mail.subject,
            text: mail.text,
            html: mail.html,
          },
          now.toISOString(),
        );
      });
    },

    /** True when the link's token can still confirm a registration (the GET of the link page). */
    async isUsable(token: string): Promise<boolean> {
      return (await usableRow(token)) !== undefined;
    },

    /**
     * Creates the Learner of the link's registration, once: the conditional delete lets one of two concurrent
     * posts through, and the address's other pending links die with it. An address that has meanwhile got an
     * account (another way) makes the link invalid.
     */
    async confirm(token: string): Promise<ConfirmationResult> {
      const row = await usableRow(token);
      if (!row) return { kind: 'invalidToken' };
      const now = clock.now().toISOString();
      try {
        return await db.transaction().execute(async (trx) => {
          const taken = await trx
            .deleteFrom('pendingRegistrations')
            .where('id', '=', row.id)
            .where('expires', '>', now)
            .executeTakeFirst();
          if (Number(taken.numDeletedRows) !== 1) return { kind: 'invalidToken' } as const;
          const existing = await trx
            .selectFrom('users')
            .select('id')
            .where('tenantId', '=', row.tenantId)
            .where((eb) => eb.or([eb('email', '=', row.email), eb('username', '=', row.email)]))
            .executeTakeFirst();
          if (existing) return { kind: 'invalidToken' } as const;
          const user = await createUser(trx, {
            tenantId: row.tenantId,
            email: row.email,
            firstName: row.firstName,
            lastName: row.lastName,
            passwordHash: row.passwordHash,
            roles: ['Learner'],
            created: now,
          });
          await trx
            .insertInto('userIdentities')
            .values({
              id: newId(),
              userId: user.id,
              provider: LOCAL_PROVIDER_ID,
              subject: user.id,
              created: now,
            })
            .execute();
          await trx
            .deleteFrom('pendingRegistrations')
            .where('tenantId', '=', row.tenantId)
            .where('email', '=', row.email)
            .execute();
          return { kind: 'confirmed', redirectUrl: row.redirectUrl } as const;
        });
      } catch (error) {
        // Two links of one address used at the same moment: the unique index decides, the loser's link is dead.
        if (isUniqueViolation(error)) return { kind: 'invalidToken' };
        throw error;
      }
    },

    /** Housekeeping: registrations whose link expired (run with each registration). */
    async deleteExpired(): Promise<void> {
      await db
        .deleteFrom('pendingRegistrations')
        .where('expires', '<=', clock.now().toISOString())
        .execute();
    },
  };
}

export type RegistrationConfirmationService = ReturnType<
  typeof createRegistrationConfirmationService
>;
