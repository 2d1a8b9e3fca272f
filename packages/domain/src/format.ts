// Durations and file sizes as the portal shows them.

/** i18n keys (namespace `courses`) with plural forms: "1 minute" / "{{count}} minutes", short "1 min". */
export const DURATION_KEY = 'duration.minutes';
export const DURATION_SHORT_KEY = 'duration.minutesShort';

export interface FormattedDuration {
  /** Whole minutes, rounded up: 61 s is 2 minutes, so a duration is never shown shorter than it is. */
  count: number;
  key: typeof DURATION_KEY;
  shortKey: typeof DURATION_SHORT_KEY;
}

export function formatDuration(seconds: number): FormattedDuration {
  const count = Number.isFinite(seconds) && seconds > 0 ? Math.ceil(seconds / 60) : 0;
  return { count, key: DURATION_KEY, shortKey: DURATION_SHORT_KEY };
}

export const fileSizeUnits = ['B', 'KB', 'MB', 'GB', 'TB'] as const;
export type FileSizeUnit = (typeof fileSizeUnits)[number];

export interface FileSizeParts {
  value: number;
  unit: FileSizeUnit;
  /** 0 for bytes, 2 for every larger unit. */
  fractionDigits: 0 | 2;
}

/** Splits a byte count into the largest fitting unit (1024-based, up to TB) for locale-aware formatting. */
export function fileSizeParts(bytes: number): FileSizeParts {
  let value = Number.isFinite(bytes) && bytes > 0 ? bytes : 0;
  let exponent = 0;
  // Move up while the value would be shown as 1024 or more, so "1024.00 KB" becomes "1.00 MB".
  const shown = () => Number(value.toFixed(exponent === 0 ? 0 : 2));
  while (exponent < fileSizeUnits.length - 1 && shown() >= 1024) {
    value /= 1024;
    exponent += 1;
  }
  return { value, unit: fileSizeUnits[exponent] ?? 'B', fractionDigits: exponent === 0 ? 0 : 2 };
}

/** A file size such as "512 B" or "1.50 MB" (plain digits; UIs with a locale format the parts instead). */
export function formatFileSize(bytes: number): string {
  const { value, unit, fractionDigits } = fileSizeParts(bytes);
  return `${value.toFixed(fractionDigits)} ${unit}`;
}
