// Certificate rows to contract shapes: the holder's view and the verifier's view.
import type {
  CertificateRecord,
  ObjectiveRecord,
  PublicCertificateRecord,
} from '@portal/contracts';
import { certificateStatus, isGradeRevealed } from '@portal/domain';
import type { CertificateRow, PublicCertificateRow } from './certificates.repository.ts';

const LMS_API = '/api/lms/v1';

/** The external template's URL for this certificate ({certificateNumber} filled in), else null. */
export function externalUrlOf(
  row: Pick<CertificateRow, 'templateKind' | 'templateExternalUrl' | 'certificateNumber'>,
): string | null {
  if (row.templateKind !== 'external' || row.templateExternalUrl === null) return null;
  return row.templateExternalUrl.replaceAll(
    '{certificateNumber}',
    encodeURIComponent(row.certificateNumber),
  );
}

export function toCertificateRecord(
  row: CertificateRow,
  objectiveRecord: ObjectiveRecord | null,
  now: Date,
): CertificateRecord {
  const internal = row.templateKind === 'internal';
  return {
    id: row.id,
    certificateNumber: row.certificateNumber,
    certificateTemplate: { name: row.templateName },
    objectiveId: row.objectiveId,
    userId: row.userId,
    objectiveName: row.objectiveName,
    objectiveCode: row.objectiveCode,
    created: row.created,
    expirationDate: row.expirationDate,
    status: certificateStatus(row, now),
    revoked: row.revoked,
    certificatePdfUrl: internal ? `${LMS_API}/certificate-records/${row.id}/pdf` : null,
    certificatePngUrl: internal ? `${LMS_API}/certificate-records/${row.id}/png` : null,
    externalUrl: externalUrlOf(row),
    normalizedPassingScore: row.normalizedPassingScore,
    objectiveRecord,
  };
}

export function toPublicCertificateRecord(
  row: PublicCertificateRow,
  now: Date,
): PublicCertificateRecord {
  const internal = row.templateKind === 'internal';
  const publicPath = `${LMS_API}/public/certificate-records/${encodeURIComponent(row.certificateNumber)}`;
  const tenantShowsScore =
    row.publicScoreSetting !== null && JSON.parse(row.publicScoreSetting) === true;
  const revealed = isGradeRevealed({
    policy: row.gradeRevealPolicy,
    revealDate: row.gradeRevealDate,
    finished: row.recordFinished !== null,
    now,
  });
  return {
    certificateNumber: row.certificateNumber,
    holderName: row.holderName,
    objectiveName: row.objectiveName,
    objectiveCode: row.objectiveCode,
    issuerName: row.issuerName,
    issued: row.created,
    expirationDate: row.expirationDate,
    status: certificateStatus(row, now),
    revoked: row.revoked,
    score:
      tenantShowsScore && revealed && row.score !== null && row.maxScore !== null
        ? { score: row.score, maxScore: row.maxScore }
        : null,
    certificatePdfUrl: internal ? `${publicPath}/pdf` : null,
    certificatePngUrl: internal ? `${publicPath}/png` : null,
    externalUrl: externalUrlOf(row),
  };
}
