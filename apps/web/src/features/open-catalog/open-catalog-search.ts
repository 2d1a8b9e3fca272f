// Client-side search of the public catalog (spec §5): case-insensitive on name, code and description,
// narrowed by the selected collections.
import { NIL_ID, type PublicObjective } from '@portal/contracts';
import { normalizeSearch } from '@portal/domain';

export interface OpenCatalogFilters {
  /** What the visitor typed; normalised here, so callers pass the raw text. */
  search: string;
  /** Selected collection ids; the nil id stands for courses without any collection. */
  collections: readonly string[];
}

function matchesSearch(objective: PublicObjective, keyword: string): boolean {
  if (!keyword) return true;
  return [objective.name, objective.code, objective.description].some(
    (text) => text?.toLowerCase().includes(keyword) ?? false,
  );
}

function matchesCollections(objective: PublicObjective, collections: readonly string[]): boolean {
  if (collections.length === 0) return true;
  if (objective.showcases.length === 0) return collections.includes(NIL_ID);
  return objective.showcases.some((showcase) => collections.includes(showcase.id));
}

/** The courses to show, in the order the server sorted them (by name). */
export function filterOpenCatalog(
  objectives: readonly PublicObjective[],
  { search, collections }: OpenCatalogFilters,
): PublicObjective[] {
  const keyword = normalizeSearch(search);
  return objectives.filter(
    (objective) => matchesSearch(objective, keyword) && matchesCollections(objective, collections),
  );
}
