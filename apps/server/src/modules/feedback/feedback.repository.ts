// SQL of the stored product feedback, read for the administrators' export.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

export interface FeedbackExportRow {
  id: string;
  created: string;
  email: string;
  grade: number;
  details: string;
  comment: string;
  locale: string;
  os: string;
  browser: string;
  appVersion: string;
  isMobile: number;
}

export type FeedbackRepository = ReturnType<typeof createFeedbackRepository>;

export function createFeedbackRepository(db: Kysely<Database>) {
  return {
    /** A tenant's feedback received in [from, to), oldest first, with the sender's e-mail address. */
    async listForExport(
      tenantId: string,
      range: { from?: string; to?: string },
    ): Promise<FeedbackExportRow[]> {
      let query = db
        .selectFrom('productFeedback as f')
        .innerJoin('users as u', 'u.id', 'f.userId')
        .select([
          'f.id',
          'f.created',
          'u.email',
          'f.grade',
          'f.details',
          'f.comment',
          'f.locale',
          'f.os',
          'f.browser',
          'f.appVersion',
          'f.isMobile',
        ])
        .where('f.tenantId', '=', tenantId);
      if (range.from) query = query.where('f.created', '>=', range.from);
      if (range.to) query = query.where('f.created', '<', range.to);
      return query.orderBy('f.created').orderBy('f.id').execute();
    },
  };
}
