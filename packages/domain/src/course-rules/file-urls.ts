// Which PDF and attachment links the portal may load: relative, same-origin or object-storage links only.

export interface FileUrlPolicy {
  /** Origin of the portal, e.g. "https://learn.example.com". */
  origin: string;
  /** Host names (optionally with ":port") of the object storage that serves uploaded files. */
  objectStorageHosts: readonly string[];
}

/**
 * Spec 5: a relative, same-origin or object-storage URL is allowed; anything else is blocked (the caller logs a
 * warning and clears the PDF). The URL is judged after resolving it the way a browser would, so tricks such as
 * "//evil.example" or "/\evil.example" resolve to another origin and are refused; only http(s) is accepted.
 */
export function isAllowedFileUrl(url: string, policy: FileUrlPolicy): boolean {
  let base: URL;
  let resolved: URL;
  try {
    base = new URL(policy.origin);
    resolved = new URL(url, base);
  } catch {
    return false;
  }
  if (resolved.protocol !== 'https:' && resolved.protocol !== 'http:') return false;
  if (resolved.origin === base.origin) return true;
  const host = resolved.host.toLowerCase();
  const hostname = resolved.hostname.toLowerCase();
  return policy.objectStorageHosts.some((allowed) => {
    const entry = allowed.trim().toLowerCase();
    return entry !== '' && (entry === host || entry === hostname);
  });
}
