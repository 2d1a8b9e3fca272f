// "Add to LinkedIn profile": LinkedIn's add-certification form, filled with the certificate's fields.
import type { PublicCertificateRecord } from '@portal/contracts';

export function linkedInAddCertificationUrl(
  certificate: PublicCertificateRecord,
  certificateUrl: string,
): string {
  const issued = new Date(certificate.issued);
  const params = new URLSearchParams({
    startTask: 'CERTIFICATION_NAME',
    name: certificate.objectiveName,
    organizationName: certificate.issuerName,
    issueYear: String(issued.getUTCFullYear()),
    issueMonth: String(issued.getUTCMonth() + 1),
    certUrl: certificateUrl,
    certId: certificate.certificateNumber,
  });
  if (certificate.expirationDate) {
    const expires = new Date(certificate.expirationDate);
    params.set('expirationYear', String(expires.getUTCFullYear()));
    params.set('expirationMonth', String(expires.getUTCMonth() + 1));
  }
  return `https://www.linkedin.com/profile/add?${params.toString()}`;
}
