// Certificate numbers: 80 random bits in Crockford base32, in four groups of four ("7KQ2-M9XD-4HTB-Z0RW"):
// unguessable, short enough to read aloud or type, and free of letters that look like digits.
import { randomBytes } from 'node:crypto';

const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const GROUPS = 4;
const GROUP_LENGTH = 4;

export const CERTIFICATE_NUMBER_PATTERN = /^[0-9A-HJKMNP-TV-Z]{4}(-[0-9A-HJKMNP-TV-Z]{4}){3}$/;

export function newCertificateNumber(random: (size: number) => Buffer = randomBytes): string {
  const bytes = random((GROUPS * GROUP_LENGTH * 5) / 8);
  let bits = 0;
  let value = 0;
  let text = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      bits -= 5;
      text += ALPHABET[(value >> bits) & 31];
    }
  }
  return text.match(new RegExp(`.{${GROUP_LENGTH}}`, 'g'))!.join('-');
}

/** A typed number as stored: upper case, Crockford's look-alikes folded (O→0, I/L→1), dashes regrouped. */
export function normalizeCertificateNumber(input: string): string {
  const plain = input.toUpperCase().replace(/[\s-]/g, '').replace(/O/g, '0').replace(/[IL]/g, '1');
  return (plain.match(new RegExp(`.{1,${GROUP_LENGTH}}`, 'g')) ?? []).join('-');
}
