// Issues a certificate inside the transaction that finishes a passed attempt, whatever finished it (text
// course commands, LTI scores). At most one certificate per attempt: the unique attempt column makes a
// replay or a concurrent grading insert nothing; a retake is a new attempt and so a new certificate.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { newId } from '../../lib/ids.ts';
import { newCertificateNumber } from './certificate-number.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const FINISHED = 6;

export interface IssuedCertificate {
  id: string;
  certificateNumber: string;
}

/**
 * Issues the course's certificate for the attempt when it is finished and passed and the course names a
 * template; answers the certificate (new or already issued), or null when none is due.
 */
export async function issueCertificateForAttempt(
  tx: Kysely<Database>,
  attemptId: string,
  now: Date,
): Promise<IssuedCertificate | null> {
  const due = await tx
    .selectFrom('objectiveWorkflows as ow')
    .innerJoin('objectiveRecords as r', 'r.id', 'ow.objectiveRecordId')
    .innerJoin('objectiveCertificateSettings as s', 's.objectiveId', 'ow.objectiveId')
    .innerJoin('certificateTemplates as t', 't.id', 's.certificateTemplateId')
    .innerJoin('objectives as o', 'o.id', 'ow.objectiveId')
    .innerJoin('activities as a', 'a.id', 'o.activityId')
    .leftJoin('gradingScales as gs', 'gs.id', 'o.gradingScaleId')
    .innerJoin('users as u', 'u.id', 'ow.userId')
    .innerJoin('tenants as tn', 'tn.id', 'ow.tenantId')
    .select([
      'ow.tenantId',
      'ow.objectiveId',
      'ow.userId',
      'r.id as objectiveRecordId',
      'r.score',
      'r.maxScore',
      's.certificateTemplateId',
      's.validityDays',
      's.courseLanguage',
      't.textLanguage',
      'o.name as objectiveName',
      'o.code as objectiveCode',
      'u.firstName',
      'u.middleName',
      'u.lastName',
      'u.locale',
      'tn.name as issuerName',
      sql<number | null>`coalesce(gs.normalized_passing_score, a.normalized_passing_score)`.as(
        'normalizedPassingScore',
      ),
    ])
    .where('ow.id', '=', attemptId)
    .where('ow.state', '=', FINISHED)
    .where('r.passed', '=', 1)
    .executeTakeFirst();
  if (!due) return null;

  const created = now.toISOString();
  await tx
    .insertInto('certificateRecords')
    .values({
      id: newId(),
      tenantId: due.tenantId,
      certificateNumber: newCertificateNumber(),
      certificateTemplateId: due.certificateTemplateId,
      objectiveId: due.objectiveId,
      userId: due.userId,
      objectiveRecordId: due.objectiveRecordId,
      objectiveWorkflowId: attemptId,
      normalizedPassingScore: due.normalizedPassingScore,
      score: due.score,
      maxScore: due.maxScore,
      holderName: [due.firstName, due.middleName, due.lastName].filter(Boolean).join(' '),
      objectiveName: due.objectiveName,
      objectiveCode: due.objectiveCode,
      issuerName: due.issuerName,
      language:
        (due.textLanguage === 'course' ? due.courseLanguage : due.locale) ??
        due.courseLanguage ??
        'en-US',
      created,
      expirationDate:
        due.validityDays === null
          ? null
          : new Date(now.getTime() + due.validityDays * DAY_MS).toISOString(),
    })
    .onConflict((oc) => oc.column('objectiveWorkflowId').doNothing())
    .execute();
  const issued = await tx
    .selectFrom('certificateRecords')
    .select(['id', 'certificateNumber'])
    .where('objectiveWorkflowId', '=', attemptId)
    .executeTakeFirstOrThrow();
  return issued;
}
