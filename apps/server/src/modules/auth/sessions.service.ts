// Sign-in sessions: creation after login, resolution of the cookie into a principal with idle and
// absolute expiry, and sign-out. The cookie carries a random token; only its SHA-256 is stored.
import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { AppConfig } from '../../config.ts';
import type { Database, SessionRow } from '../../db/schema.ts';
import type { Principal } from '../../http/principal.ts';
import type { Clock } from '../../lib/clock.ts';
import { newToken } from '../../lib/ids.ts';
import { createSessionsRepository } from './sessions.repository.ts';

/** lastSeen is written at most this often, so that reads do not turn into writes. */
export const LAST_SEEN_WRITE_INTERVAL_MS = 60_000;

export function hashSessionToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function isHttpsPortal(config: Pick<AppConfig, 'publicUrl'>): boolean {
  return config.publicUrl.startsWith('https:');
}

/** `__Host-sid` under https (Secure, Path=/, no Domain), plain `sid` for local http installs. */
export function sessionCookieName(config: Pick<AppConfig, 'publicUrl'>): string {
  return isHttpsPortal(config) ? '__Host-sid' : 'sid';
}

export function sessionCookieOptions(
  config: Pick<AppConfig, 'publicUrl' | 'sessionAbsoluteSeconds'>,
) {
  return {
    httpOnly: true,
    sameSite: 'lax' as const,
    path: '/',
    secure: isHttpsPortal(config),
    maxAge: config.sessionAbsoluteSeconds,
  };
}

export interface NewSessionInput {
  userId: string;
  tenantId: string;
  provider: string;
  idToken: string | null;
}

export interface SessionsServiceDeps {
  db: Kysely<Database>;
  clock: Clock;
  config: Pick<AppConfig, 'sessionIdleSeconds' | 'sessionAbsoluteSeconds'>;
}

export function createSessionsService({ db, clock, config }: SessionsServiceDeps) {
  const repository = createSessionsRepository(db);
  const idleMs = config.sessionIdleSeconds * 1000;

  return {
    /** Starts a new session (always a new id: no session fixation) and returns the cookie token. */
    async create(input: NewSessionInput): Promise<{ token: string; sessionId: string }> {
      const now = clock.now();
      const token = newToken();
      const sessionId = hashSessionToken(token);
      await repository.insert({
        id: sessionId,
        userId: input.userId,
        tenantId: input.tenantId,
        provider: input.provider,
        idToken: input.idToken,
        created: now.toISOString(),
        lastSeen: now.toISOString(),
        expires: new Date(now.getTime() + config.sessionAbsoluteSeconds * 1000).toISOString(),
      });
      return { token, sessionId };
    },

    /** The principal of a cookie token, or null when the session is unknown, expired or its user inactive. */
    async resolve(token: string): Promise<Principal | null> {
      const sessionId = hashSessionToken(token);
      const session = await repository.findWithUserStatus(sessionId);
      if (!session) return null;
      const now = clock.now();
      const idleExpired = now.getTime() - Date.parse(session.lastSeen) > idleMs;
      const absoluteExpired = now.getTime() >= Date.parse(session.expires);
      if (idleExpired || absoluteExpired) {
        await repository.delete(sessionId);
        return null;
      }
      if (session.userStatus !== 'Active') return null;
      if (now.getTime() - Date.parse(session.lastSeen) >= LAST_SEEN_WRITE_INTERVAL_MS) {
        await repository.touch(sessionId, now.toISOString());
      }
      return { userId: session.userId, tenantId: session.tenantId, sessionId };
    },

    /** Ends the session of a cookie token and returns what it was (for the provider's logout). */
    async end(token: string): Promise<SessionRow | undefined> {
      return repository.delete(hashSessionToken(token));
    },

    async deleteExpired(): Promise<void> {
      const now = clock.now();
      await repository.deleteExpired(
        now.toISOString(),
        new Date(now.getTime() - idleMs).toISOString(),
      );
    },
  };
}

export type SessionsService = ReturnType<typeof createSessionsService>;
