// The list protocol: DevExtreme-style load options in, `{data, totalCount, groupCount, summary}` out.
import { z } from 'zod';

export type FilterValue = string | number | boolean | null;
/** `[field, op, value]`, `[expr, "and"|"or", expr, …]`, `["!", expr]`, or `[expr, expr]` (implicit and). */
export type FilterExpression = unknown[];

export const filterOperators = [
  '=',
  '<>',
  '>',
  '>=',
  '<',
  '<=',
  'startswith',
  'endswith',
  'contains',
  'notcontains',
] as const;
export type FilterOperator = (typeof filterOperators)[number];

export const sortItemSchema = z.object({
  selector: z.string().min(1).max(100),
  desc: z.boolean().optional(),
});
export type SortItem = z.infer<typeof sortItemSchema>;

/** Load options as the client means them (before URL encoding). */
export interface LoadOptions {
  skip?: number;
  take?: number;
  sort?: SortItem[];
  filter?: FilterExpression;
  requireTotalCount?: boolean;
  select?: string[];
}

export const MAX_TAKE = 1000;

/**
 * The longest text value a list filter may carry (the server refuses longer ones), and so the longest
 * search text a list offers: a search goes into the address and, three times (code, name, description),
 * into the request, which must stay far below the servers' and proxies' header limits in any script.
 */
export const MAX_FILTER_TEXT_LENGTH = 200;

/** Turns load options into query-string parameters, JSON-encoding the structured ones. */
export function encodeLoadOptions(options: LoadOptions): URLSearchParams {
  const params = new URLSearchParams();
  if (options.skip !== undefined) params.set('skip', String(options.skip));
  if (options.take !== undefined) params.set('take', String(options.take));
  if (options.sort) params.set('sort', JSON.stringify(options.sort));
  if (options.filter) params.set('filter', JSON.stringify(options.filter));
  if (options.requireTotalCount) params.set('requireTotalCount', 'true');
  if (options.select) params.set('select', JSON.stringify(options.select));
  return params;
}

export function listEnvelopeSchema<T extends z.ZodType>(item: T) {
  return z.object({
    data: z.array(item),
    totalCount: z.number().int(),
    groupCount: z.number().int(),
    summary: z.null(),
  });
}

export interface ListEnvelope<T> {
  data: T[];
  totalCount: number;
  groupCount: number;
  summary: null;
}
