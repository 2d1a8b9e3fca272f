// The time-zone list is what the profile select offers and what the server accepts.
import { describe, expect, it } from 'vitest';
import { findTimeZone, setTimeZoneRequestSchema, timeZones } from './index.ts';

/** Standard offset in minutes from a label such as "(UTC+05:45) Kathmandu"; "(UTC)" is 0. */
function labelOffset(label: string): number {
  const match = /^\(UTC(?:([+-])(\d{2}):(\d{2}))?\) /.exec(label);
  if (!match) throw new Error(`Label without an offset: ${label}`);
  if (!match[1]) return 0;
  const minutes = Number(match[2]) * 60 + Number(match[3]);
  return match[1] === '-' ? -minutes : minutes;
}

describe('time-zone list', () => {
  it('has about a hundred zones, ids unique, from -12 to +13, in offset order', () => {
    expect(timeZones.length).toBeGreaterThanOrEqual(100);
    expect(new Set(timeZones.map((zone) => zone.id)).size).toBe(timeZones.length);
    const offsets = timeZones.map((zone) => labelOffset(zone.label));
    expect(offsets[0]).toBe(-12 * 60);
    expect(offsets.at(-1)).toBe(13 * 60);
    expect(offsets).toEqual([...offsets].sort((a, b) => a - b));
    expect(timeZones[0]?.id).toBe('Dateline Standard Time');
    expect(findTimeZone('Tonga Standard Time')?.label).toBe("(UTC+13:00) Nuku'alofa");
  });

  it('maps every zone to an IANA zone the Intl API knows', () => {
    for (const zone of timeZones) {
      expect(
        () => new Intl.DateTimeFormat('en-US', { timeZone: zone.iana }),
        zone.id,
      ).not.toThrow();
    }
  });

  it('labels each zone with an offset its IANA zone really has in January or July', () => {
    // Either offset is accepted: labels show the standard offset, which is the winter one in
    // either hemisphere, and older ICU builds may still know a zone's former daylight saving rule.
    for (const zone of timeZones) {
      const offsets = [Date.UTC(2025, 0, 15), Date.UTC(2025, 6, 15)].map((at) =>
        ianaOffset(zone.iana, at),
      );
      expect(offsets, `${zone.id} ${zone.label}`).toContain(labelOffset(zone.label));
    }
  });
});

function ianaOffset(timeZone: string, at: number): number {
  const name = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' })
    .formatToParts(at)
    .find((part) => part.type === 'timeZoneName')?.value;
  const match = /GMT(?:([+-])(\d{2}):(\d{2}))?/.exec(name ?? '');
  if (!match?.[1]) return 0;
  const minutes = Number(match[2]) * 60 + Number(match[3]);
  return match[1] === '-' ? -minutes : minutes;
}

describe('setTimeZoneRequestSchema', () => {
  it('accepts a listed id and refuses anything else', () => {
    expect(setTimeZoneRequestSchema.safeParse({ timezone: 'UTC' }).success).toBe(true);
    expect(setTimeZoneRequestSchema.safeParse({ timezone: 'Europe/Berlin' }).success).toBe(false);
    expect(setTimeZoneRequestSchema.safeParse({ timezone: 'UTC', extra: 1 }).success).toBe(false);
  });
});
