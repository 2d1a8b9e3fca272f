// Certificate rules shared by server and web: a certificate's status at a given time.
import type { CertificateStatus } from '@portal/contracts';

export interface CertificateValidity {
  expirationDate: string | null;
  revoked: string | null;
}

/** Revoked wins over expired; a certificate expires at its expiration instant, not after it. */
export function certificateStatus(certificate: CertificateValidity, now: Date): CertificateStatus {
  if (certificate.revoked !== null) return 'revoked';
  if (
    certificate.expirationDate !== null &&
    Date.parse(certificate.expirationDate) <= now.getTime()
  )
    return 'expired';
  return 'valid';
}
