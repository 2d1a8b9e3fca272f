// Query factories of certificates: the public verification view of one certificate, by its number.
import { queryOptions } from '@tanstack/react-query';
import {
  certificateRecordSchema,
  listEnvelopeSchema,
  publicCertificateRecordSchema,
} from '@portal/contracts';
import { LMS_API, apiGet, apiQuery } from '../../../lib/api-client.ts';

export const certificateKeys = {
  all: ['lms', 'certificates'] as const,
  public: (certificateNumber: string) =>
    [...certificateKeys.all, 'public', certificateNumber] as const,
  mine: (certificateNumber: string) => [...certificateKeys.all, 'mine', certificateNumber] as const,
};

const certificatePageSchema = listEnvelopeSchema(certificateRecordSchema);

/** The signed-in learner's certificate with this number (spec §7: query by certificateNumber), or null. */
export const myCertificateQuery = (certificateNumber: string) =>
  queryOptions({
    queryKey: certificateKeys.mine(certificateNumber),
    queryFn: async ({ signal }) => {
      const page = await apiQuery(
        `${LMS_API}/certificate-records/query`,
        import.meta.env.PROD ? undefined : certificatePageSchema,
        { filter: ['certificateNumber', '=', certificateNumber], take: 1 },
        signal,
      );
      return page.data[0] ?? null;
    },
    // Spec §7: certificates are cached without expiry; an issued certificate does not change (its status
    // is computed from dates the record carries).
    staleTime: Infinity,
  });

export const publicCertificatePath = (certificateNumber: string) =>
  `${LMS_API}/public/certificate-records/${encodeURIComponent(certificateNumber)}`;

/** The status may change at any time (expiry, revocation): always read fresh. */
export const publicCertificateQuery = (certificateNumber: string) =>
  queryOptions({
    queryKey: certificateKeys.public(certificateNumber),
    queryFn: ({ signal }) =>
      apiGet(
        publicCertificatePath(certificateNumber),
        import.meta.env.PROD ? undefined : publicCertificateRecordSchema,
        { signal },
      ),
    staleTime: 0,
    retry: false,
  });

/** The learner's certificates for one course, newest first (spec §7: query by objectiveId and userId). */
export const courseCertificatesQuery = (objectiveId: string, userId: string) =>
  queryOptions({
    queryKey: [...certificateKeys.all, 'course', objectiveId, userId] as const,
    queryFn: async ({ signal }) => {
      const page = await apiQuery(
        `${LMS_API}/certificate-records/query`,
        import.meta.env.PROD ? undefined : certificatePageSchema,
        {
          filter: [['objectiveId', '=', objectiveId], 'and', ['userId', '=', userId]],
          sort: [{ selector: 'created', desc: true }],
        },
        signal,
      );
      return page.data;
    },
    // Spec §7: cached without expiry. Finishing a course invalidates every ['lms', …] query, this one too.
    staleTime: Infinity,
  });
