// Writers of certificate templates and course certificate settings, shared by the demo seed and tests.
import type { Insertable, Kysely } from 'kysely';
import type { CertificateTemplatesTable, Database } from '../db/schema.ts';
import { newId } from '../lib/ids.ts';

export type NewCertificateTemplate = Omit<Insertable<CertificateTemplatesTable>, 'id'> & {
  id?: string;
};

export async function insertCertificateTemplate(
  db: Kysely<Database>,
  template: NewCertificateTemplate,
): Promise<string> {
  const id = template.id ?? newId();
  await db
    .insertInto('certificateTemplates')
    .values({ ...template, id })
    .execute();
  return id;
}

/** Makes a course issue the template's certificate on passing, valid for `validityDays` (null: forever). */
export async function setObjectiveCertificate(
  db: Kysely<Database>,
  values: {
    objectiveId: string;
    certificateTemplateId: string;
    validityDays?: number | null;
    courseLanguage?: string | null;
  },
): Promise<void> {
  await db
    .insertInto('objectiveCertificateSettings')
    .values({
      objectiveId: values.objectiveId,
      certificateTemplateId: values.certificateTemplateId,
      validityDays: values.validityDays ?? null,
      courseLanguage: values.courseLanguage ?? null,
    })
    .execute();
}
