// The term group of a list's filter drawer: only terms its courses use, plus "No term" when some have none.
import { NIL_ID, type Term } from '@portal/contracts';
import type { FilterOption } from './filter-drawer.tsx';

export function termFilterOptions(
  terms: readonly Term[],
  usedTermIds: readonly (string | null)[],
  noTermLabel: string,
): FilterOption[] {
  const used = new Set(usedTermIds.map((id) => id ?? NIL_ID));
  const options: FilterOption[] = terms.filter((term) => used.has(term.id));
  if (used.has(NIL_ID)) options.push({ id: NIL_ID, name: noTermLabel });
  return options;
}
