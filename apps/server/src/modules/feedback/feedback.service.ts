// Use case of the feedback export: a tenant's product feedback as CSV for its administrators.
import { feedbackStruggles, type FeedbackStruggle } from '@portal/contracts';
import { csvRow } from '../../lib/csv.ts';
import type { FeedbackRepository } from './feedback.repository.ts';

export const FEEDBACK_CSV_HEADER = [
  'id',
  'created',
  'email',
  'grade',
  'details',
  'comment',
  'locale',
  'os',
  'browser',
  'appVersion',
  'isMobile',
] as const;

function parseDetails(json: string): FeedbackStruggle[] {
  const value: unknown = JSON.parse(json);
  return Array.isArray(value)
    ? value.filter((code): code is FeedbackStruggle =>
        (feedbackStruggles as readonly string[]).includes(code as string),
      )
    : [];
}

export type FeedbackService = ReturnType<typeof createFeedbackService>;

export function createFeedbackService(deps: { feedbackRepository: FeedbackRepository }) {
  return {
    /** The CSV text: a header, then one record per feedback; details are struggle codes joined by ";". */
    async exportCsv(tenantId: string, range: { from?: string; to?: string }): Promise<string> {
      const rows = await deps.feedbackRepository.listForExport(tenantId, range);
      return [
        csvRow(FEEDBACK_CSV_HEADER),
        ...rows.map((row) =>
          csvRow([
            row.id,
            row.created,
            row.email,
            row.grade,
            parseDetails(row.details).join(';'),
            row.comment,
            row.locale,
            row.os,
            row.browser,
            row.appVersion,
            row.isMobile === 1,
          ]),
        ),
      ].join('');
    },
  };
}
