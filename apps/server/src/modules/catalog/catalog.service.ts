// Use cases of the signed-in catalog: the caller's catalog showcases and their access to one course.
import type { ObjectiveAccess, Showcase } from '@portal/contracts';
import type { Principal } from '../../http/principal.ts';
import { NotFoundError } from '../../http/errors.ts';
import { withUncategorized } from '../showcases/showcases.mapper.ts';
import type { CatalogRepository } from './catalog.repository.ts';
import { toObjectiveAccess } from './catalog.mapper.ts';

export interface CatalogServiceDependencies {
  catalogRepository: CatalogRepository;
}

export type CatalogService = ReturnType<typeof createCatalogService>;

export function createCatalogService({ catalogRepository }: CatalogServiceDependencies) {
  return {
    /** Showcases of the catalog courses, then "Uncategorized" when some catalog course has none. */
    async listCatalogShowcases(principal: Principal): Promise<Showcase[]> {
      const [rows, withoutShowcase] = await Promise.all([
        catalogRepository.findCatalogShowcases(principal),
        catalogRepository.countCatalogWithoutShowcase(principal),
      ]);
      return withUncategorized(rows, withoutShowcase);
    },

    /** The caller's access to the course as the lists see it; 404 when the course is not theirs to see. */
    async getObjectiveAccess(principal: Principal, objectiveId: string): Promise<ObjectiveAccess> {
      const row = await catalogRepository.findVisibleAccessOfObjective(principal, objectiveId);
      if (!row) {
        throw new NotFoundError('objective_access_not_found', 'You have no access to this course.');
      }
      return toObjectiveAccess(row);
    },
  };
}
