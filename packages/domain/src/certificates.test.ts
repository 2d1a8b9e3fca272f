import { describe, expect, it } from 'vitest';
import { certificateStatus } from './certificates.ts';

const NOW = new Date('2026-03-15T12:00:00.000Z');

describe('certificateStatus', () => {
  it('is valid without an expiration date or before it', () => {
    expect(certificateStatus({ expirationDate: null, revoked: null }, NOW)).toBe('valid');
    expect(
      certificateStatus({ expirationDate: '2026-03-15T12:00:00.001Z', revoked: null }, NOW),
    ).toBe('valid');
  });

  it('expires at the expiration instant', () => {
    expect(
      certificateStatus({ expirationDate: '2026-03-15T12:00:00.000Z', revoked: null }, NOW),
    ).toBe('expired');
  });

  it('says revoked even when it has also expired', () => {
    expect(
      certificateStatus(
        { expirationDate: '2026-01-01T00:00:00.000Z', revoked: '2026-02-01T00:00:00.000Z' },
        NOW,
      ),
    ).toBe('revoked');
  });
});
