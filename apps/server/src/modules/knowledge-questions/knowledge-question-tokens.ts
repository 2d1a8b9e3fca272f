// Signed, expiring tokens of the links in knowledge-question e-mails: HMAC-SHA256 under a key derived from
// SESSION_SECRET, payload and signature in base64url, compared in constant time. Nothing is stored per link.
import { createHmac, timingSafeEqual } from 'node:crypto';

export const KNOWLEDGE_LINK_LIFETIME_MS = 14 * 24 * 60 * 60_000;

export type KnowledgeLinkPayload =
  | {
      kind: 'answer';
      deliveryId: string;
      activityId: string;
      activityPathId: string;
      /** The choice of a choice question's link; absent on a text question's link. */
      answerId?: string;
      /** Expiry, milliseconds since the epoch. */
      exp: number;
    }
  | { kind: 'unsubscribe'; subscriptionId: string; exp: number };

export type VerifiedLink =
  { ok: true; payload: KnowledgeLinkPayload } | { ok: false; reason: 'invalid' | 'expired' };

/** The token key: derived, so that a leaked link key never is the session cookie's key. */
function keyOf(secret: string): Buffer {
  return createHmac('sha256', secret).update('knowledge-question-links/v1').digest();
}

function sign(key: Buffer, body: string): Buffer {
  return createHmac('sha256', key).update(body).digest();
}

export function createKnowledgeLinkTokens(secret: string) {
  const key = keyOf(secret);
  return {
    sign(payload: KnowledgeLinkPayload): string {
      const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
      return `${body}.${sign(key, body).toString('base64url')}`;
    },

    verify(token: string, now: Date): VerifiedLink {
      const [body, signature, ...rest] = token.split('.');
      if (!body || !signature || rest.length > 0) return { ok: false, reason: 'invalid' };
      const expected = sign(key, body);
      const given = Buffer.from(signature, 'base64url');
      if (given.length !== expected.length || !timingSafeEqual(given, expected))
        return { ok: false, reason: 'invalid' };
      let payload: KnowledgeLinkPayload;
      try {
        payload = JSON.parse(
          Buffer.from(body, 'base64url').toString('utf8'),
        ) as KnowledgeLinkPayload;
      } catch {
        return { ok: false, reason: 'invalid' };
      }
      if (typeof payload?.exp !== 'number') return { ok: false, reason: 'invalid' };
      if (payload.exp <= now.getTime()) return { ok: false, reason: 'expired' };
      return { ok: true, payload };
    },
  };
}
export type KnowledgeLinkTokens = ReturnType<typeof createKnowledgeLinkTokens>;
