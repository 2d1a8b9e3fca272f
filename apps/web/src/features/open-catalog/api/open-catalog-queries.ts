// Query factories of the public open catalog: courses, one course and collections of the visited domain.
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import {
  MAX_TAKE,
  encodeLoadOptions,
  listEnvelopeSchema,
  publicObjectiveDetailSchema,
  publicObjectiveSchema,
  publicShowcaseSchema,
  type PublicObjective,
} from '@portal/contracts';
import { LMS_API, apiGet } from '../../../lib/api-client.ts';

const OPEN_CATALOG_API = `${LMS_API}/public/open-catalog`;

// A public catalog changes only when an administrator publishes or withdraws a course.
const PUBLIC_DATA_MS = 5 * 60 * 1000;

/** The tenant is chosen by the host name the visitor opened (each tenant has its own domain). */
export function publicCatalogDomain(): string {
  return window.location.hostname;
}

export const openCatalogKeys = {
  all: ['lms', 'public', 'open-catalog'] as const,
  objectives: (domain: string) => [...openCatalogKeys.all, domain, 'objectives'] as const,
  objective: (domain: string, id: string) =>
    [...openCatalogKeys.all, domain, 'objectives', id] as const,
  showcases: (domain: string) => [...openCatalogKeys.all, domain, 'showcases'] as const,
};

const objectivesPageSchema = listEnvelopeSchema(publicObjectiveSchema);

/** Every public course (the search is client-side, so all of them), sorted by name. */
export const publicObjectivesQuery = (domain: string) =>
  queryOptions({
    queryKey: openCatalogKeys.objectives(domain),
    queryFn: async ({ signal }) => {
      const objectives: PublicObjective[] = [];
      for (;;) {
        const query = encodeLoadOptions({
          sort: [{ selector: 'name', desc: false }],
          skip: objectives.length,
          take: MAX_TAKE,
          requireTotalCount: true,
        });
        query.set('domain', domain);
        const page = await apiGet(
          `${OPEN_CATALOG_API}/objectives/query`,
          import.meta.env.PROD ? undefined : objectivesPageSchema,
          {
            query,
            signal,
          },
        );
        objectives.push(...page.data);
        if (page.data.length === 0 || objectives.length >= page.totalCount) return objectives;
      }
    },
    staleTime: PUBLIC_DATA_MS,
  });

export const publicObjectiveQuery = (domain: string, id: string) =>
  queryOptions({
    queryKey: openCatalogKeys.objective(domain, id),
    queryFn: ({ signal }) =>
      apiGet(
        `${OPEN_CATALOG_API}/objectives/${encodeURIComponent(id)}`,
        import.meta.env.PROD ? undefined : publicObjectiveDetailSchema,
        { query: { domain }, signal },
      ),
    staleTime: PUBLIC_DATA_MS,
  });

export const publicShowcasesQuery = (domain: string) =>
  queryOptions({
    queryKey: openCatalogKeys.showcases(domain),
    queryFn: ({ signal }) =>
      apiGet(
        `${OPEN_CATALOG_API}/showcases`,
        import.meta.env.PROD ? undefined : z.array(publicShowcaseSchema),
        {
          query: { domain },
          signal,
        },
      ),
    staleTime: PUBLIC_DATA_MS,
  });
