// Who signs in: password check for the built-in provider, self-registration of learners, and the
// mapping of an OpenID identity (provider, subject) to a portal user — never by e-mail alone.
import type { Kysely } from 'kysely';
import type { Database, UserRow } from '../../db/schema.ts';
import { BadRequestError, ConflictError, ForbiddenError } from '../../http/errors.ts';
import type { Clock } from '../../lib/clock.ts';
import { newId } from '../../lib/ids.ts';
import { hashPassword, verifyPassword } from '../../lib/password.ts';
import { createUser } from '../identity/identity.repository.ts';
import { createAccountsRepository } from './accounts.repository.ts';
import { createSignInThrottle } from './sign-in-throttle.ts';

export const LOCAL_PROVIDER_ID = 'local';

export const REGISTRATION_LIMITS = {
  email: 254,
  name: 200,
  passwordMin: 8,
  passwordMax: 1024,
} as const;

export interface RegistrationInput {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  confirmPassword: string;
}

export type RegistrationField = keyof RegistrationInput;
/** Message keys of interaction-texts.ts, per field. */
export type RegistrationErrors = Partial<Record<RegistrationField, string>>;

/** A checked self-registration: the Learner to create once the address is confirmed. */
export interface PendingAccount {
  tenantId: string;
  email: string;
  firstName: string;
  lastName: string;
  passwordHash: string;
}

export type AuthenticationResult =
  | { kind: 'signedIn'; user: UserRow }
  | { kind: 'invalid' }
  /** Too many failures for this login: no password was checked. */
  | { kind: 'throttled'; locked: boolean };

export interface IdentityClaims {
  sub: string;
  email?: unknown;
  given_name?: unknown;
  family_name?: unknown;
  name?: unknown;
}

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function validateRegistration(input: RegistrationInput): RegistrationErrors {
  const errors: RegistrationErrors = {};
  const firstName = input.firstName.trim();
  const lastName = input.lastName.trim();
  const email = input.email.trim();
  if (!firstName) errors.firstName = 'firstNameRequired';
  else if (firstName.length > REGISTRATION_LIMITS.name) errors.firstName = 'nameTooLong';
  if (!lastName) errors.lastName = 'lastNameRequired';
  else if (lastName.length > REGISTRATION_LIMITS.name) errors.lastName = 'nameTooLong';
  if (!email) errors.email = 'emailRequired';
  else if (email.length > REGISTRATION_LIMITS.email || !EMAIL_PATTERN.test(email))
    errors.email = 'emailInvalid';
  if (input.password.length < REGISTRATION_LIMITS.passwordMin) errors.password = 'passwordTooShort';
  else if (input.password.length > REGISTRATION_LIMITS.passwordMax)
    errors.password = 'passwordTooLong';
  if (!input.confirmPassword) errors.confirmPassword = 'confirmRequired';
  else if (input.confirmPassword !== input.password) errors.confirmPassword = 'passwordMismatch';
  return errors;
}

/** True for a unique-constraint violation on SQLite or PostgreSQL. */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '23505' || (typeof code === 'string' && code.startsWith('SQLITE_CONSTRAINT'));
}

function claimText(value: unknown, max: number): string {
  return typeof value === 'string' ? value.trim().slice(0, max) : '';
}

export function createAccountsService({ db, clock }: { db: Kysely<Database>; clock: Clock }) {
  const repository = createAccountsRepository(db);
  const throttle = createSignInThrottle({ db, clock });
  // Unknown logins still pay for one scrypt, so response time does not reveal which e-mails exist.
  let dummyHash: Promise<string> | undefined;

  async function createLearner(
    tenantId: string,
    fields: {
      email: string;
      username?: string;
      firstName: string;
      lastName: string;
      passwordHash: string | null;
    },
  ) {
    return db.transaction().execute((trx) =>
      createUser(trx, {
        tenantId,
        roles: ['Learner'],
        created: clock.now().toISOString(),
        ...fields,
      }),
    );
  }

  return {
    /**
     * Checks a password for the built-in provider, throttled per login (whatever the client's address):
     * the same answers and the same work whether or not the login exists.
     */
    async authenticate(
      login: string,
      password: string,
      host: string | undefined,
    ): Promise<AuthenticationResult> {
      const decision = await throttle.begin(login);
      if (!decision.allowed) return { kind: 'throttled', locked: decision.locked };
      const candidates = await repository.findActiveByLogin(login);
      if (candidates.length === 0) {
        dummyHash ??= hashPassword('not-a-real-password');
        await verifyPassword(password, await dummyHash);
        return { kind: 'invalid' };
      }
      // The same login may exist in several tenants: the tenant of this host is tried first.
      const hostTenant =
        candidates.length > 1 ? await repository.findSignUpTenant(host) : undefined;
      const ordered = [...candidates].sort(
        (a, b) => Number(b.tenantId === hostTenant?.id) - Number(a.tenantId === hostTenant?.id),
      );
      for (const user of ordered) {
        if (await verifyPassword(password, user.passwordHash)) {
          await throttle.succeeded(login);
          return { kind: 'signedIn', user };
        }
      }
      return { kind: 'invalid' };
    },

    /** Forgets sign-in failures older than the throttle's memory (housekeeping). */
    deleteStaleThrottles: () => throttle.deleteStale(),

    /**
     * Checks a self-registration for the host's (or default) tenant, or answers per-field message keys. Creates
     * no account: a new address answers `pending` (the account to create once the address is confirmed by the
     * mailed link, registration-confirmation.ts), an address that already has an account answers `existing`, both
     * after the same work (the password is hashed either way), so the caller answers both alike and tells the
     * owner by e-mail (docs/decisions/0025).
     */
    async register(
      input: RegistrationInput,
      host: string | undefined,
    ): Promise<
      { pending: PendingAccount } | { errors: RegistrationErrors } | { existing: UserRow }
    > {
      const errors = validateRegistration(input);
      if (Object.keys(errors).length > 0) return { errors };
      const tenant = await repository.findSignUpTenant(host);
      if (!tenant)
        throw new ConflictError('no_tenant', 'The portal has no tenant to register accounts in.');
      const email = input.email.trim().toLowerCase();
      const passwordHash = await hashPassword(input.password);
      const existing = await repository.findByEmailOrUsername(tenant.id, email);
      if (existing) return { existing };
      return {
        pending: {
          tenantId: tenant.id,
          email,
          firstName: input.firstName.trim(),
          lastName: input.lastName.trim(),
          passwordHash,
        },
      };
    },

    /** An active user for the built-in provider's findAccount. */
    async findActiveUser(id: string): Promise<UserRow | undefined> {
      const user = await repository.findUserById(id);
      return user?.status === 'Active' ? user : undefined;
    },

    /**
     * The portal user of an OpenID identity. The built-in provider's subject is the user id; an
     * external provider's first sign-in creates a Learner from its claims.
     */
    async userForIdentity(
      provider: string,
      claims: IdentityClaims,
      host: string | undefined,
    ): Promise<UserRow> {
      const linkedUserId = await repository.findUserIdByIdentity(provider, claims.sub);
      let user = linkedUserId ? await repository.findUserById(linkedUserId) : undefined;
      if (!user && provider === LOCAL_PROVIDER_ID) {
        user = await repository.findUserById(claims.sub);
        if (user) {
          await repository.insertIdentity({
            id: newId(),
            userId: user.id,
            provider,
            subject: claims.sub,
            created: clock.now().toISOString(),
          });
        }
      }
      if (!user && provider !== LOCAL_PROVIDER_ID)
        user = await this.createExternalLearner(provider, claims, host);
      if (!user)
        throw new ForbiddenError('account_not_found', 'This account does not exist any more.');
      if (user.status !== 'Active')
        throw new ForbiddenError('account_inactive', 'This account is not active.');
      return user;
    },

    async createExternalLearner(
      provider: string,
      claims: IdentityClaims,
      host: string | undefined,
    ): Promise<UserRow> {
      const email = claimText(claims.email, REGISTRATION_LIMITS.email).toLowerCase();
      if (!EMAIL_PATTERN.test(email)) {
        throw new BadRequestError(
          'email_claim_missing',
          'The sign-in provider did not share an e-mail address.',
        );
      }
      const tenant = await repository.findSignUpTenant(host);
      if (!tenant)
        throw new ConflictError('no_tenant', 'The portal has no tenant to create accounts in.');
      const fullName = claimText(claims.name, REGISTRATION_LIMITS.name);
      const firstName =
        claimText(claims.given_name, REGISTRATION_LIMITS.name) || fullName.split(' ')[0] || email;
      const lastName =
        claimText(claims.family_name, REGISTRATION_LIMITS.name) ||
        fullName.split(' ').slice(1).join(' ');
      try {
        const user = await createLearner(tenant.id, {
          email,
          username: `${provider}:${claims.sub}`.slice(0, REGISTRATION_LIMITS.email),
          firstName,
          lastName,
          passwordHash: null,
        });
        await repository.insertIdentity({
          id: newId(),
          userId: user.id,
          provider,
          subject: claims.sub,
          created: user.created,
        });
        return user;
      } catch (error) {
        if (isUniqueViolation(error)) {
          throw new ConflictError(
            'account_exists',
            'An account with this e-mail address already exists. Sign in with that account instead.',
          );
        }
        throw error;
      }
    },
  };
}

export type AccountsService = ReturnType<typeof createAccountsService>;
