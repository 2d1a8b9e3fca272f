import { describe, expect, it } from 'vitest';
import type { CertificateRecord } from '@portal/contracts';
import { shareLinkOf } from './certificate-actions.tsx';

const certificate = (overrides: Partial<CertificateRecord>): CertificateRecord => ({
  id: '4c8f4a39-95c5-4f4e-9d8e-1f6c0a1b2c3d',
  certificateNumber: '7KQ2-M9XD-4HTB-Z0RW',
  certificateTemplate: { name: 'Classic' },
  objectiveId: '5d9f4a39-95c5-4f4e-9d8e-1f6c0a1b2c3d',
  userId: '6e0f4a39-95c5-4f4e-9d8e-1f6c0a1b2c3d',
  objectiveName: 'Responsible AI',
  objectiveCode: null,
  created: '2026-03-15T12:00:00.000Z',
  expirationDate: null,
  status: 'valid',
  revoked: null,
  certificatePdfUrl: '/api/lms/v1/certificate-records/x/pdf',
  certificatePngUrl: '/api/lms/v1/certificate-records/x/png',
  externalUrl: null,
  normalizedPassingScore: 0.6,
  objectiveRecord: null,
  ...overrides,
});

describe('shareLinkOf (spec §5)', () => {
  it('shares the public page of an internal certificate', () => {
    expect(shareLinkOf(certificate({}), 'https://portal.example.org')).toBe(
      'https://portal.example.org/learn/certificate/7KQ2-M9XD-4HTB-Z0RW',
    );
  });

  it('shares the external URL otherwise, and nothing when there is none', () => {
    const external = { certificatePdfUrl: null, certificatePngUrl: null };
    expect(
      shareLinkOf(certificate({ ...external, externalUrl: 'https://x.example/1' }), 'https://p'),
    ).toBe('https://x.example/1');
    expect(shareLinkOf(certificate(external), 'https://p')).toBeNull();
  });
});
