// Open-redirect guard for the redirectUrl of /oidc/login: only same-origin targets survive.

const MAX_LENGTH = 2048;
// Raw control characters, whitespace and backslashes: browsers strip or reinterpret them
// ("/\t/evil" becomes "//evil", "/\\evil" becomes "//evil"), so they never pass.
const UNSAFE_RAW =
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  /[\u0000-\u0020\u007f-\u009f\u00a0\u1680\u2000-\u200f\u2028\u2029\u202f\u205f\u3000\ufeff\\]/;
// After one decoding step, control characters and backslashes are still refused; an encoded
// space in a query (?keyword=data%20science) is harmless and stays allowed.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const UNSAFE_DECODED = /[\u0000-\u001f\u007f\\]/;

/** The client root every rejected redirect falls back to. */
export function defaultRedirectUrl(publicUrl: string): string {
  return `${new URL(publicUrl).origin}/learn`;
}

/**
 * Returns an absolute URL on the portal's own origin, or the client root.
 * The spec follows a redirect only when it is https and on the app's host; an origin comparison
 * gives exactly that under https and also accepts same-origin targets when the portal runs on http.
 * Accepted inputs: absolute same-origin URLs and relative paths starting with a single "/".
 */
export function sanitizeRedirectUrl(value: unknown, publicUrl: string): string {
  const fallback = defaultRedirectUrl(publicUrl);
  if (typeof value !== 'string' || value.length === 0 || value.length > MAX_LENGTH) return fallback;
  if (UNSAFE_RAW.test(value)) return fallback;

  // Decode once so that an encoded "//" or "\" cannot survive a later decoding step on the client.
  let decoded: string;
  try {
    decoded = decodeURIComponent(value);
  } catch {
    return fallback;
  }
  if (UNSAFE_DECODED.test(decoded)) return fallback;

  const origin = new URL(publicUrl).origin;
  const isRelative = value.startsWith('/');
  if (
    isRelative &&
    (value.startsWith('//') || decoded.startsWith('//') || decoded.startsWith('/\\'))
  )
    return fallback;
  if (!isRelative && !/^https?:\/\//i.test(value)) return fallback;

  let url: URL;
  try {
    url = new URL(value, origin);
  } catch {
    return fallback;
  }
  if (url.origin !== origin || url.username !== '' || url.password !== '') return fallback;
  // A decoded path starting with "//" would be read as another host by a second decoder.
  if (decodeSafely(url.pathname).startsWith('//')) return fallback;
  return url.href;
}

function decodeSafely(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
