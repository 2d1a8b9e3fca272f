// Demo certificates of Ada (learner@example.com): Responsible AI, passed twice a year apart (the first
// certificate has expired, the recertification is valid), and Anti-Bribery and Corruption, passed last year
// with a certificate held by a partner credential system (external template) before this year's failed retake.
import { WorkflowState } from '@portal/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { newId } from '../lib/ids.ts';
import { issueCertificateForAttempt } from '../modules/certificates/certificate-issuance.ts';
import { insertCertificateTemplate, setObjectiveCertificate } from './certificate-records.ts';

interface CertifiedEnrolment {
  objectiveId: string;
  aggregateId: string;
  /** The attempt the enrolment already has (its latest); certified when it passed. */
  latestAttemptId: string | null;
  latestFinished: string | null;
}

interface PastPass {
  score: number;
  gradeId: string | null;
  started: string;
  finished: string;
}

/** An earlier finished, passed attempt of an enrolment (the aggregate keeps pointing at the latest one). */
async function insertPastAttempt(
  tx: Kysely<Database>,
  owner: { tenantId: string; userId: string },
  enrolment: CertifiedEnrolment,
  pass: PastPass,
): Promise<string> {
  const workflowId = newId();
  const recordId = newId();
  const common = { ...owner, objectiveId: enrolment.objectiveId };
  await tx
    .insertInto('objectiveWorkflows')
    .values({
      ...common,
      id: workflowId,
      objectiveWorkflowAggregateId: enrolment.aggregateId,
      state: WorkflowState.finished,
      progress: 1,
      score: pass.score,
      created: pass.started,
      started: pass.started,
      submitted: pass.finished,
      graded: pass.finished,
      gradeApproved: null,
      finished: pass.finished,
      objectiveRecordId: null,
      protectResults: 0,
    })
    .execute();
  await tx
    .insertInto('objectiveRecords')
    .values({
      ...common,
      id: recordId,
      objectiveWorkflowAggregateId: enrolment.aggregateId,
      objectiveWorkflowId: workflowId,
      score: pass.score,
      maxScore: 1,
      normalizedScore: pass.score,
      gradeId: pass.gradeId,
      passed: 1,
      progress: 1,
      protectResults: 0,
      created: pass.finished,
      started: pass.started,
      submitted: pass.finished,
      finished: pass.finished,
    })
    .execute();
  await tx
    .updateTable('objectiveWorkflows')
    .set({ objectiveRecordId: recordId })
    .where('id', '=', workflowId)
    .execute();
  return workflowId;
}

export async function seedDemoCertificates(
  tx: Kysely<Database>,
  input: {
    tenantId: string;
    learnerId: string;
    created: string;
    /** Valid now, with an expired certificate of a pass a year before. */
    recertified: CertifiedEnrolment & { earlierPass: PastPass };
    /** Passed last year with an external certificate, failed since. */
    external: CertifiedEnrolment & { earlierPass: PastPass };
    /** Courses that issue the academy's certificate to whoever passes them from now on. */
    certifiedCourses?: string[];
  },
): Promise<void> {
  const { tenantId, learnerId, created } = input;
  const owner = { tenantId, userId: learnerId };
  const northwind = await insertCertificateTemplate(tx, {
    tenantId,
    name: 'Northwind Academy certificate',
    kind: 'internal',
    layout: 'classic',
    primaryColor: '#1c3f6e',
    accentColor: '#b08d2e',
    logoSvg:
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><circle cx="32" cy="32" r="30" fill="#1c3f6e"/><path d="M18 44V20h6l16 16V20h6v24h-6L24 28v16z" fill="#ffffff"/></svg>',
    signatoryName: 'Grace Hopper',
    signatoryTitle: 'Head of Learning, Northwind Academy',
    textLanguage: 'learner',
    externalUrl: null,
    created,
  });
  const partner = await insertCertificateTemplate(tx, {
    tenantId,
    name: 'Compliance partner credential',
    kind: 'external',
    layout: 'classic',
    primaryColor: '#000000',
    accentColor: '#000000',
    logoSvg: null,
    signatoryName: null,
    signatoryTitle: null,
    textLanguage: 'learner',
    externalUrl: 'https://credentials.example.org/verify/{certificateNumber}',
    created,
  });

  await setObjectiveCertificate(tx, {
    objectiveId: input.recertified.objectiveId,
    certificateTemplateId: northwind,
    validityDays: 365,
  });
  await setObjectiveCertificate(tx, {
    objectiveId: input.external.objectiveId,
    certificateTemplateId: partner,
  });
  for (const objectiveId of input.certifiedCourses ?? []) {
    await setObjectiveCertificate(tx, {
      objectiveId,
      certificateTemplateId: northwind,
      validityDays: 730,
    });
  }

  // Issued as the attempts finished, as the graders would have issued them.
  const earlier = await insertPastAttempt(
    tx,
    owner,
    input.recertified,
    input.recertified.earlierPass,
  );
  await issueCertificateForAttempt(tx, earlier, new Date(input.recertified.earlierPass.finished));
  if (input.recertified.latestAttemptId && input.recertified.latestFinished) {
    await issueCertificateForAttempt(
      tx,
      input.recertified.latestAttemptId,
      new Date(input.recertified.latestFinished),
    );
  }
  const externalPass = await insertPastAttempt(
    tx,
    owner,
    input.external,
    input.external.earlierPass,
  );
  await issueCertificateForAttempt(tx, externalPass, new Date(input.external.earlierPass.finished));
}
