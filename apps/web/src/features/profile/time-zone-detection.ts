// Maps the browser's IANA zone to the closest entry of the time-zone list ("Detect my time zone").
import { timeZones, type TimeZoneEntry } from '@portal/contracts';

// Creating a DateTimeFormat is the slow part; detection asks for ~140 zones three times each.
const offsetFormats = new Map<string, Intl.DateTimeFormat | null>();

function offsetFormat(timeZone: string): Intl.DateTimeFormat | null {
  let format = offsetFormats.get(timeZone);
  if (format === undefined) {
    try {
      format = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' });
    } catch {
      format = null;
    }
    offsetFormats.set(timeZone, format);
  }
  return format;
}

/** UTC offset of an IANA zone at an instant, in minutes; undefined for a zone Intl does not know. */
export function zoneOffsetMinutes(timeZone: string, instant: number): number | undefined {
  const format = offsetFormat(timeZone);
  if (!format) return undefined;
  const name = format.formatToParts(instant).find((part) => part.type === 'timeZoneName')?.value;
  const match = /GMT(?:([+-])(\d{1,2}):?(\d{2})?)?/.exec(name ?? '');
  if (!match) return undefined;
  if (!match[1]) return 0;
  const minutes = Number(match[2]) * 60 + Number(match[3] ?? 0);
  return match[1] === '-' ? -minutes : minutes;
}

/** The browser's IANA zone, when it reports one. */
export function browserTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
}

function cityOf(timeZone: string): string {
  return (timeZone.split('/').at(-1) ?? '').replace(/_/g, ' ').toLowerCase();
}

/**
 * The list entry closest to `timeZone` at `at`: the same IANA zone if listed; otherwise the entry
 * whose offsets agree now and in January and July (so daylight-saving behaviour matches), preferring
 * one whose label names the zone's city (Europe/Madrid → "Brussels, Copenhagen, Madrid, Paris").
 * Renamed zones (Asia/Kolkata for Asia/Calcutta, Europe/Kyiv for Europe/Kiev) land right this way
 * without an alias table. An unknown zone falls back to the offsets of the machine's clock.
 */
export function closestTimeZone(
  timeZone: string | undefined,
  at: Date,
  zones: readonly TimeZoneEntry[] = timeZones,
): TimeZoneEntry | undefined {
  const exact = timeZone ? zones.find((zone) => zone.iana === timeZone) : undefined;
  if (exact) return exact;

  const year = at.getUTCFullYear();
  const instants = [at.getTime(), Date.UTC(year, 0, 15), Date.UTC(year, 6, 15)];
  const known = timeZone !== undefined && zoneOffsetMinutes(timeZone, at.getTime()) !== undefined;
  const targetOffsets = instants.map((instant) =>
    known && timeZone
      ? (zoneOffsetMinutes(timeZone, instant) ?? 0)
      : -new Date(instant).getTimezoneOffset(),
  );
  const city = known && timeZone ? cityOf(timeZone) : '';

  let best: TimeZoneEntry | undefined;
  let bestScore = Number.POSITIVE_INFINITY;
  for (const zone of zones) {
    const offsets = instants.map((instant) => zoneOffsetMinutes(zone.iana, instant));
    if (offsets.some((offset) => offset === undefined)) continue;
    const [now = 0, january = 0, july = 0] = offsets as number[];
    // The offset right now dominates; seasonal agreement and the city name only break ties.
    let score =
      Math.abs(now - (targetOffsets[0] ?? 0)) * 10_000 +
      (Math.abs(january - (targetOffsets[1] ?? 0)) + Math.abs(july - (targetOffsets[2] ?? 0))) * 10;
    if (city && zone.label.toLowerCase().includes(city)) score -= 1;
    if (score < bestScore) {
      best = zone;
      bestScore = score;
    }
  }
  return best;
}

/** The list entry for a stored `users.timezone`: a listed id, or (older data) a listed IANA zone. */
export function timeZoneForStoredValue(
  value: string | null | undefined,
  zones: readonly TimeZoneEntry[] = timeZones,
): TimeZoneEntry | undefined {
  if (!value) return undefined;
  return zones.find((zone) => zone.id === value) ?? zones.find((zone) => zone.iana === value);
}
