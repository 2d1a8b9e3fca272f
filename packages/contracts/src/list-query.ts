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
