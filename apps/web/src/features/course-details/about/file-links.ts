// PDF and attachment links of the About content: which may load (spec 5) and how large they are (HEAD).
import { isAllowedFileUrl } from '@portal/domain';

/**
 * Hosts of the object storage that serves uploaded course files. The portal stores uploads itself (same
 * origin), so no external storage host is trusted unless it is listed here.
 */
export const OBJECT_STORAGE_HOSTS: readonly string[] = [];

export function isAllowedCourseFile(url: string): boolean {
  return isAllowedFileUrl(url, {
    origin: window.location.origin,
    objectStorageHosts: OBJECT_STORAGE_HOSTS,
  });
}

/** Content length of a file from a HEAD request; null when the server does not say or the request fails. */
export async function fetchFileSize(url: string, signal?: AbortSignal): Promise<number | null> {
  try {
    const response = await fetch(url, { method: 'HEAD', credentials: 'same-origin', signal });
    if (!response.ok) return null;
    const length = Number(response.headers.get('content-length'));
    return Number.isFinite(length) && length > 0 ? length : null;
  } catch {
    return null;
  }
}

const UNITS = ['byte', 'kilobyte', 'megabyte', 'gigabyte'] as const;

/**
 * "820 kB", "1.4 MB" in the given Intl locale. Sizes under a kilobyte go to `inBytes`, which words them with
 * the catalogue's plural forms: Intl's short unit is not inflected ("295 byte").
 */
export function formatFileSize(
  bytes: number,
  locale: string,
  inBytes: (count: number) => string,
): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  if (unit === 0) return inBytes(bytes);
  return new Intl.NumberFormat(locale, {
    style: 'unit',
    unit: UNITS[unit],
    unitDisplay: 'short',
    maximumFractionDigits: unit === 0 ? 0 : 1,
  }).format(value);
}
