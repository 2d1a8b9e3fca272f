// Id and token generation.
import { randomBytes, randomUUID } from 'node:crypto';

export const newId = (): string => randomUUID();

/** An unguessable URL-safe token (256 bits by default). */
export function newToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}
