// Id and token generation.
import { createHash, randomBytes, randomUUID } from 'node:crypto';

export const newId = (): string => randomUUID();

/**
 * A name-based UUID (version 5, RFC 9562): the same name in the same namespace always gives the same id, so a
 * primary key can hold "at most one row for this name" without a column of its own.
 */
export function nameBasedId(namespace: string, name: string): string {
  const hash = createHash('sha1')
    .update(Buffer.from(namespace.replaceAll('-', ''), 'hex'))
    .update(name, 'utf8')
    .digest();
  hash[6] = (hash[6]! & 0x0f) | 0x50;
  hash[8] = (hash[8]! & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** An unguessable URL-safe token (256 bits by default). */
export function newToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}
