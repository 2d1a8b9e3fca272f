// SQL of certificates: the holder's records, the public lookup by number, revocation and stored files.
import { sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { applySort, type SortSpec } from '../../lib/list-query/load-options.ts';

export interface Holder {
  userId: string;
  tenantId: string;
}

export interface CertificatePage {
  where: RawBuilder<SqlBool> | undefined;
  sort: SortSpec[];
  skip: number;
  take: number;
}

/** Tenant setting (JSON `true`) that shows the score on public certificate pages. */
export const PUBLIC_SCORE_SETTING = 'certificates.publicScore';

export type CertificatesRepository = ReturnType<typeof createCertificatesRepository>;
export type CertificateRow = NonNullable<
  Awaited<ReturnType<CertificatesRepository['findForHolder']>>
>;
export type PublicCertificateRow = NonNullable<
  Awaited<ReturnType<CertificatesRepository['findByNumber']>>
>;

export function createCertificatesRepository(db: Kysely<Database>) {
  function rows() {
    return db
      .selectFrom('certificateRecords as c')
      .innerJoin('certificateTemplates as t', 't.id', 'c.certificateTemplateId')
      .select([
        'c.id',
        'c.tenantId',
        'c.certificateNumber',
        'c.objectiveId',
        'c.userId',
        'c.objectiveRecordId',
        'c.objectiveWorkflowId',
        'c.normalizedPassingScore',
        'c.score',
        'c.maxScore',
        'c.holderName',
        'c.objectiveName',
        'c.objectiveCode',
        'c.issuerName',
        'c.language',
        'c.created',
        'c.expirationDate',
        'c.revoked',
        'c.revokedReason',
        't.name as templateName',
        't.kind as templateKind',
        't.layout',
        't.primaryColor',
        't.accentColor',
        't.logoSvg',
        't.signatoryName',
        't.signatoryTitle',
        't.externalUrl as templateExternalUrl',
      ]);
  }
  function holderRows(holder: Holder) {
    return rows().where('c.userId', '=', holder.userId).where('c.tenantId', '=', holder.tenantId);
  }

  return {
    async findPageForHolder(holder: Holder, page: CertificatePage) {
      let query = holderRows(holder);
      if (page.where) query = query.where(page.where);
      return applySort(query, page.sort, sql.ref('c.id'))
        .offset(page.skip)
        .limit(page.take)
        .execute();
    },

    async countForHolder(holder: Holder, where: RawBuilder<SqlBool> | undefined) {
      let query = db
        .selectFrom('certificateRecords as c')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('c.userId', '=', holder.userId)
        .where('c.tenantId', '=', holder.tenantId);
      if (where) query = query.where(where);
      return Number((await query.executeTakeFirstOrThrow()).count);
    },

    /** The holder's certificate, or undefined when it is someone else's (callers answer 404). */
    async findForHolder(holder: Holder, id: string) {
      return holderRows(holder).where('c.id', '=', id).executeTakeFirst();
    },

    /** Any certificate of the tenant (administrators). */
    async findInTenant(tenantId: string, id: string) {
      return rows().where('c.id', '=', id).where('c.tenantId', '=', tenantId).executeTakeFirst();
    },

    async findByNumberInTenant(tenantId: string, certificateNumber: string) {
      return rows()
        .where('c.certificateNumber', '=', certificateNumber)
        .where('c.tenantId', '=', tenantId)
        .executeTakeFirst();
    },

    /**
     * One query whether or not the number exists (no timing difference to tell them apart): the record,
     * the tenant's public-score setting and the course access's grade reveal policy.
     */
    async findByNumber(certificateNumber: string) {
      return rows()
        .innerJoin('objectiveRecords as r', 'r.id', 'c.objectiveRecordId')
        .innerJoin('objectiveWorkflowAggregates as owa', 'owa.id', 'r.objectiveWorkflowAggregateId')
        .innerJoin('objectiveAccesses as oa', 'oa.id', 'owa.objectiveAccessId')
        .leftJoin('settings as st', (join) =>
          join.onRef('st.tenantId', '=', 'c.tenantId').on('st.key', '=', PUBLIC_SCORE_SETTING),
        )
        .select([
          'st.value as publicScoreSetting',
          'oa.gradeRevealPolicy',
          'oa.gradeRevealDate',
          'r.finished as recordFinished',
        ])
        .where('c.certificateNumber', '=', certificateNumber)
        .executeTakeFirst();
    },

    /** Marks the certificate revoked unless it already is; false when it was. */
    async revoke(values: { id: string; reason: string; revokedBy: string; now: string }) {
      const result = await db
        .updateTable('certificateRecords')
        .set({ revoked: values.now, revokedReason: values.reason, revokedBy: values.revokedBy })
        .where('id', '=', values.id)
        .where('revoked', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async findFile(certificateRecordId: string, kind: string) {
      const row = await db
        .selectFrom('certificateFiles')
        .select('content')
        .where('certificateRecordId', '=', certificateRecordId)
        .where('kind', '=', kind)
        .executeTakeFirst();
      return row ? Buffer.from(row.content) : undefined;
    },

    /** Stores a rendered file once; a concurrent first request that rendered it too keeps the first copy. */
    async saveFile(certificateRecordId: string, kind: string, content: Buffer, now: string) {
      await db
        .insertInto('certificateFiles')
        .values({ certificateRecordId, kind, content, created: now })
        .onConflict((oc) => oc.columns(['certificateRecordId', 'kind']).doNothing())
        .execute();
    },
  };
}
