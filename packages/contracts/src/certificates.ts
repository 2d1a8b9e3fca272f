// Certificate records (spec §3, §7): the learner's certificates, the public verification view, revocation.
import { z } from 'zod';
import { idSchema, isoDateTimeSchema } from './common.ts';
import { objectiveRecordSchema } from './workflows.ts';

/** What a verifier reads: valid, expired (past its expiration date) or revoked by an administrator. */
export const CertificateStatus = {
  valid: 'valid',
  expired: 'expired',
  revoked: 'revoked',
} as const;
export const certificateStatusSchema = z.enum(['valid', 'expired', 'revoked']);
export type CertificateStatus = z.infer<typeof certificateStatusSchema>;

/** A certificate as its holder reads it (`GET certificate-records/query`, `certificate-records/{id}`). */
export const certificateRecordSchema = z.object({
  id: idSchema,
  certificateNumber: z.string(),
  certificateTemplate: z.object({ name: z.string() }),
  objectiveId: idSchema,
  userId: idSchema,
  objectiveName: z.string(),
  objectiveCode: z.string().nullable(),
  created: isoDateTimeSchema,
  expirationDate: isoDateTimeSchema.nullable(),
  status: certificateStatusSchema,
  revoked: isoDateTimeSchema.nullable(),
  /** Null for external templates, which are rendered by another credential system. */
  certificatePdfUrl: z.string().nullable(),
  certificatePngUrl: z.string().nullable(),
  /** The certificate in another credential system (external templates), else null. */
  externalUrl: z.string().nullable(),
  normalizedPassingScore: z.number().nullable(),
  /** The result the certificate was issued for; its score is hidden as the course's reveal policy says. */
  objectiveRecord: objectiveRecordSchema.nullable(),
});
export type CertificateRecord = z.infer<typeof certificateRecordSchema>;

/** The public verification view (`GET public/certificate-records/{certificateNumber}`): nothing more. */
export const publicCertificateRecordSchema = z.object({
  certificateNumber: z.string(),
  holderName: z.string(),
  objectiveName: z.string(),
  objectiveCode: z.string().nullable(),
  issuerName: z.string(),
  issued: isoDateTimeSchema,
  expirationDate: isoDateTimeSchema.nullable(),
  status: certificateStatusSchema,
  revoked: isoDateTimeSchema.nullable(),
  /** Present only when the issuing tenant shows scores on public certificates. */
  score: z.object({ score: z.number(), maxScore: z.number() }).nullable(),
  certificatePdfUrl: z.string().nullable(),
  certificatePngUrl: z.string().nullable(),
  externalUrl: z.string().nullable(),
});
export type PublicCertificateRecord = z.infer<typeof publicCertificateRecordSchema>;

/** `POST certificate-records/{id}/revocation` (administrators): why the certificate no longer holds. */
export const certificateRevocationSchema = z
  .object({ reason: z.string().trim().min(1).max(1000) })
  .strict();
export type CertificateRevocation = z.infer<typeof certificateRevocationSchema>;
