// Query factories of certificates: the public verification view of one certificate, by its number.
import { queryOptions } from '@tanstack/react-query';
import { publicCertificateRecordSchema } from '@portal/contracts';
import { LMS_API, apiGet } from '../../../lib/api-client.ts';

export const certificateKeys = {
  all: ['lms', 'certificates'] as const,
  public: (certificateNumber: string) =>
    [...certificateKeys.all, 'public', certificateNumber] as const,
};

export const publicCertificatePath = (certificateNumber: string) =>
  `${LMS_API}/public/certificate-records/${encodeURIComponent(certificateNumber)}`;

/** The status may change at any time (expiry, revocation): always read fresh. */
export const publicCertificateQuery = (certificateNumber: string) =>
  queryOptions({
    queryKey: certificateKeys.public(certificateNumber),
    queryFn: ({ signal }) =>
      apiGet(publicCertificatePath(certificateNumber), publicCertificateRecordSchema, { signal }),
    staleTime: 0,
    retry: false,
  });
