import { describe, expect, it } from 'vitest';
import { linkedInAddCertificationUrl } from './linkedin.ts';

describe('linkedInAddCertificationUrl', () => {
  it('fills the add-certification form with the certificate', () => {
    const url = new URL(
      linkedInAddCertificationUrl(
        {
          certificateNumber: '7KQ2-M9XD-4HTB-Z0RW',
          holderName: 'Ada Lovelace',
          objectiveName: 'Responsible AI',
          objectiveCode: 'AI-201',
          issuerName: 'Northwind Academy',
          issued: '2026-03-15T12:00:00.000Z',
          expirationDate: '2027-03-15T12:00:00.000Z',
          status: 'valid',
          revoked: null,
          score: null,
          certificatePdfUrl: null,
          certificatePngUrl: null,
          externalUrl: null,
        },
        'https://portal.example.org/learn/certificate/7KQ2-M9XD-4HTB-Z0RW',
      ),
    );
    expect(url.origin + url.pathname).toBe('https://www.linkedin.com/profile/add');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      startTask: 'CERTIFICATION_NAME',
      name: 'Responsible AI',
      organizationName: 'Northwind Academy',
      issueYear: '2026',
      issueMonth: '3',
      expirationYear: '2027',
      expirationMonth: '3',
      certUrl: 'https://portal.example.org/learn/certificate/7KQ2-M9XD-4HTB-Z0RW',
      certId: '7KQ2-M9XD-4HTB-Z0RW',
    });
  });
});
