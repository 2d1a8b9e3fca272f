// OAuth 1.0a HMAC-SHA1 (RFC 5849) as LTI 1.1 uses it: signing launches, verifying signed outcome requests.
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** A request parameter; names may repeat, so parameters are pairs rather than a record. */
export type OAuthParam = readonly [name: string, value: string];

/** RFC 3986 percent-encoding: everything but unreserved characters (A-Z a-z 0-9 - . _ ~), UTF-8 first. */
export function percentEncode(value: string): string {
  return encodeURIComponent(value).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/** The base string URI (RFC 5849 §3.4.1.2): lower-case scheme and host, no default port, no query. */
export function baseStringUri(url: string): string {
  const parsed = new URL(url);
  return `${parsed.protocol}//${parsed.host}${parsed.pathname}`;
}

/** The query parameters of a URL, decoded as application/x-www-form-urlencoded. */
export function queryParams(url: string): OAuthParam[] {
  return [...new URL(url).searchParams];
}

/** RFC 5849 §3.4.1.3.2: encode, sort by name then value, join with `=` and `&`. */
export function normalizeParams(params: readonly OAuthParam[]): string {
  return params
    .filter(([name]) => name !== 'oauth_signature')
    .map(([name, value]) => [percentEncode(name), percentEncode(value)] as const)
    .sort(([an, av], [bn, bv]) => (an === bn ? compare(av, bv) : compare(an, bn)))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** `METHOD&enc(base URI)&enc(normalized params)`; `params` must already include the URL's query params. */
export function signatureBaseString(
  method: string,
  url: string,
  params: readonly OAuthParam[],
): string {
  return [
    method.toUpperCase(),
    percentEncode(baseStringUri(url)),
    percentEncode(normalizeParams(params)),
  ].join('&');
}

/** HMAC-SHA1 with key `enc(consumer secret)&enc(token secret)`, base64. */
export function hmacSha1(baseString: string, consumerSecret: string, tokenSecret = ''): string {
  const key = `${percentEncode(consumerSecret)}&${percentEncode(tokenSecret)}`;
  return createHmac('sha1', key).update(baseString).digest('base64');
}

/** The OAuth body hash extension: base64(SHA-1(raw body)). */
export function bodyHash(body: string | Buffer): string {
  return createHash('sha1').update(body).digest('base64');
}

/** Constant-time comparison of two strings (false when their lengths differ). */
export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a, 'utf8');
  const right = Buffer.from(b, 'utf8');
  return left.length === right.length && timingSafeEqual(left, right);
}

/** A fresh single-use nonce (128 random bits, hex, so it needs no encoding). */
export function newNonce(): string {
  return randomBytes(16).toString('hex');
}

/**
 * Signs a form POST to `url` as an OAuth 1.0a consumer: answers the form fields plus the oauth_* fields
 * and oauth_signature. The signature covers the form fields and the URL's query parameters.
 */
export function signForm(input: {
  url: string;
  fields: Record<string, string>;
  consumerKey: string;
  secret: string;
  now: Date;
  nonce?: string;
}): Record<string, string> {
  const signed: Record<string, string> = {
    ...input.fields,
    oauth_consumer_key: input.consumerKey,
    oauth_signature_method: 'HMAC-SHA1',
    oauth_timestamp: String(Math.floor(input.now.getTime() / 1000)),
    oauth_nonce: input.nonce ?? newNonce(),
    oauth_version: '1.0',
    oauth_callback: 'about:blank',
  };
  const params = [...Object.entries(signed), ...queryParams(input.url)];
  signed.oauth_signature = hmacSha1(signatureBaseString('POST', input.url, params), input.secret);
  return signed;
}

/** True when `signature` is the HMAC-SHA1 of the request (compared in constant time). */
export function verifySignature(input: {
  method: string;
  url: string;
  /** Every signed parameter: oauth_* (without realm), form fields, query parameters. */
  params: readonly OAuthParam[];
  signature: string;
  secret: string;
}): boolean {
  const expected = hmacSha1(
    signatureBaseString(input.method, input.url, input.params),
    input.secret,
  );
  return safeEqual(expected, input.signature);
}

const HEADER_PARAM = /^\s*([A-Za-z0-9_.~%-]+)\s*=\s*"([^"]*)"\s*$/;

/**
 * The parameters of an `Authorization: OAuth …` header (RFC 5849 §3.5.1), percent-decoded, `realm`
 * included. Null when the header is missing, not OAuth, malformed, or repeats a parameter.
 */
export function parseAuthorizationHeader(header: string | undefined): Map<string, string> | null {
  const match = /^\s*OAuth\s+([\s\S]*)$/i.exec(header ?? '');
  if (!match?.[1]) return null;
  const params = new Map<string, string>();
  for (const part of match[1].split(',')) {
    if (part.trim() === '') continue;
    const pair = HEADER_PARAM.exec(part);
    if (!pair?.[1] || pair[2] === undefined) return null;
    try {
      const name = decodeURIComponent(pair[1]);
      if (params.has(name)) return null;
      params.set(name, decodeURIComponent(pair[2]));
    } catch {
      return null;
    }
  }
  return params;
}
