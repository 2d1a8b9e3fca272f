// The analytics export: a tenant's events of a time range as NDJSON (one JSON object a line), read from the
// database a page at a time, so that neither the API nor the CLI holds the range in memory.
import { z } from 'zod';
import { storedEventOf } from './events.service.ts';
import type { EventsRepository } from './events.repository.ts';

export const EXPORT_PAGE_SIZE = 500;
/** The longest range one export covers; longer periods are exported in pieces. */
export const EXPORT_MAX_RANGE_DAYS = 366;

const isoTime = z.iso.datetime({ offset: true });

/** `from` (inclusive) and `to` (exclusive): ISO times, from before to, at most a year apart. */
export const exportRangeSchema = z
  .object({ from: isoTime, to: isoTime })
  .strict()
  .transform((range) => ({
    from: new Date(range.from).toISOString(),
    to: new Date(range.to).toISOString(),
  }))
  .superRefine((range, issue) => {
    const span = Date.parse(range.to) - Date.parse(range.from);
    if (span <= 0) {
      issue.addIssue({ code: 'custom', path: ['to'], message: 'Must be after from.' });
    } else if (span > EXPORT_MAX_RANGE_DAYS * 86_400_000) {
      issue.addIssue({
        code: 'custom',
        path: ['to'],
        message: `The range may span at most ${EXPORT_MAX_RANGE_DAYS} days.`,
      });
    }
  });
export type ExportRange = z.output<typeof exportRangeSchema>;

/** One line of the export. */
export interface ExportedEvent {
  id: string;
  name: string;
  created: string;
  tenantId: string | null;
  userId: string | null;
  sessionId: string | null;
  properties: Record<string, unknown>;
  context: Record<string, unknown>;
}

export function createEventsExport(deps: { eventsRepository: EventsRepository }) {
  return {
    count: (tenantId: string, range: ExportRange) =>
      deps.eventsRepository.countForExport(tenantId, range),

    /** The NDJSON lines (each ending in "\n"), oldest first, fetched a page at a time as they are read. */
    async *lines(
      tenantId: string,
      range: ExportRange,
      pageSize = EXPORT_PAGE_SIZE,
    ): AsyncGenerator<string> {
      let after: { created: string; id: string } | null = null;
      for (;;) {
        const page = await deps.eventsRepository.exportPage(tenantId, range, after, pageSize);
        if (page.length === 0) return;
        let chunk = '';
        for (const row of page) {
          const event = storedEventOf(row);
          const line: ExportedEvent = {
            id: event.id,
            name: event.name,
            created: event.created,
            tenantId: event.tenantId,
            userId: event.userId,
            sessionId: event.sessionId,
            properties: event.properties,
            context: event.context,
          };
          chunk += `${JSON.stringify(line)}\n`;
        }
        yield chunk;
        const last = page[page.length - 1]!;
        after = { created: last.created, id: last.id };
        if (page.length < pageSize) return;
      }
    },
  };
}
