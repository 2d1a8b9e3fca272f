// Detection picks the list entry a person in that IANA zone would pick themselves.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { closestTimeZone, timeZoneForStoredValue } from './time-zone-detection.ts';

// A fixed instant in northern winter, before any daylight-saving switch of 2025.
const AT = new Date('2025-02-10T12:00:00.000Z');

describe('closestTimeZone', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it.each([
    ['Europe/Berlin', 'W. Europe Standard Time'],
    ['Europe/Madrid', 'Romance Standard Time'],
    ['Europe/Prague', 'Central Europe Standard Time'],
    ['Europe/Kyiv', 'FLE Standard Time'],
    ['Europe/London', 'GMT Standard Time'],
    ['Asia/Kolkata', 'India Standard Time'],
    ['Asia/Kathmandu', 'Nepal Standard Time'],
    ['America/Toronto', 'Eastern Standard Time'],
    ['America/Phoenix', 'US Mountain Standard Time'],
    ['America/Boise', 'Mountain Standard Time'],
    ['Australia/Melbourne', 'AUS Eastern Standard Time'],
    ['Australia/Brisbane', 'E. Australia Standard Time'],
    ['Etc/UTC', 'UTC'],
  ])('maps %s to %s', (timeZone, expected) => {
    expect(closestTimeZone(timeZone, AT)?.id).toBe(expected);
  });

  it('tells apart zones with the same offset today but different daylight saving', () => {
    // Both are UTC-7 in February; only Denver moves to UTC-6 in summer.
    expect(closestTimeZone('America/Edmonton', AT)?.id).toBe('Mountain Standard Time');
    expect(closestTimeZone('America/Hermosillo', AT)?.id).toBe('US Mountain Standard Time');
  });

  it('picks the nearest offset for a zone outside the list', () => {
    // Kiritimati is UTC+14; in February the Chatham Islands (UTC+13:45, summer time) are nearest.
    expect(closestTimeZone('Pacific/Kiritimati', AT)?.id).toBe('Chatham Islands Standard Time');
    expect(closestTimeZone('Pacific/Kiritimati', new Date('2025-07-10T12:00:00.000Z'))?.id).toBe(
      'UTC+13',
    );
  });

  it('falls back to the clock offset when the browser reports no zone', () => {
    vi.spyOn(Date.prototype, 'getTimezoneOffset').mockReturnValue(-330);
    expect(closestTimeZone(undefined, AT)?.id).toBe('India Standard Time');
    expect(closestTimeZone('Not/A_Zone', AT)?.id).toBe('India Standard Time');
  });
});

describe('timeZoneForStoredValue', () => {
  it('finds a listed id, a listed IANA zone, or nothing', () => {
    expect(timeZoneForStoredValue('Tokyo Standard Time')?.iana).toBe('Asia/Tokyo');
    expect(timeZoneForStoredValue('Asia/Tokyo')?.id).toBe('Tokyo Standard Time');
    expect(timeZoneForStoredValue('Atlantis')).toBeUndefined();
    expect(timeZoneForStoredValue(null)).toBeUndefined();
  });
});
