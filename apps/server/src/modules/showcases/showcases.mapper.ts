// Showcase rows into the contract shape, with the synthetic "Uncategorized" collection last.
import { NIL_ID, type Showcase } from '@portal/contracts';

export function toShowcase(row: {
  id: string;
  name: string;
  code: string;
  description: string | null;
  order: number;
  objectivesCount: number;
}): Showcase {
  return {
    id: row.id,
    name: row.name,
    code: row.code,
    description: row.description,
    objectivesCount: Number(row.objectivesCount),
    order: row.order,
  };
}

/** The synthetic collection of enrolled courses that belong to no showcase; always sorted last. */
export function uncategorizedShowcase(objectivesCount: number, order: number): Showcase {
  return {
    id: NIL_ID,
    name: 'Uncategorized',
    code: 'uncategorized',
    description: null,
    objectivesCount,
    order,
  };
}

/** The listed showcases, then "Uncategorized" when some listed course is in none (spec §3). */
export function withUncategorized(
  rows: Parameters<typeof toShowcase>[0][],
  withoutShowcase: number,
): Showcase[] {
  const showcases = rows.map(toShowcase);
  if (withoutShowcase > 0) {
    const lastOrder = showcases.reduce((max, showcase) => Math.max(max, showcase.order), -1);
    showcases.push(uncategorizedShowcase(withoutShowcase, lastOrder + 1));
  }
  return showcases;
}
