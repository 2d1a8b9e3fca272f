// Use cases of the public open catalog: no sign-in, scoped to the tenant whose domain the visitor names.
import { z } from 'zod';
import type {
  ListEnvelope,
  PublicObjective,
  PublicObjectiveDetail,
  PublicShowcase,
} from '@portal/contracts';
import { BadRequestError, NotFoundError } from '../../http/errors.ts';
import {
  filterCondition,
  listEnvelope,
  parseLoadOptions,
} from '../../lib/list-query/load-options.ts';
import { toPublicObjective, toPublicObjectiveDetail, toPublicShowcase } from './catalog.mapper.ts';
import { publicObjectiveDefaultSort, publicObjectiveFields } from './open-catalog.fields.ts';
import type { OpenCatalogRepository } from './open-catalog.repository.ts';

const domainSchema = z
  .string()
  .trim()
  .min(1)
  .max(253)
  .transform((value) => value.toLowerCase());

export interface OpenCatalogServiceDependencies {
  openCatalogRepository: OpenCatalogRepository;
}

export type OpenCatalogService = ReturnType<typeof createOpenCatalogService>;

const courseNotFound = () =>
  new NotFoundError('objective_not_found', 'The course is not in the open catalog.');

export function createOpenCatalogService({
  openCatalogRepository,
}: OpenCatalogServiceDependencies) {
  /** Splits `domain` off the query and answers its tenant; an unknown domain is a 404. */
  async function tenantOf(query: unknown): Promise<{ tenantId: string; rest: object }> {
    const { domain, ...rest } = (query ?? {}) as Record<string, unknown>;
    const parsed = domainSchema.safeParse(domain);
    if (!parsed.success) {
      throw new BadRequestError('invalid_query', "The query parameter 'domain' is required.", {
        domain: ["The query parameter 'domain' is required."],
      });
    }
    const tenantId = await openCatalogRepository.findTenantIdByDomain(parsed.data);
    if (!tenantId)
      throw new NotFoundError('open_catalog_not_found', 'No open catalog exists for this domain.');
    return { tenantId, rest };
  }

  async function showcasesByObjective(tenantId: string, objectiveIds: string[]) {
    const links = await openCatalogRepository.findShowcasesOfObjectives(tenantId, objectiveIds);
    return (objectiveId: string) =>
      links
        .filter((link) => link.objectiveId === objectiveId)
        .map(({ id, name }) => ({ id, name }));
  }

  return {
    async listObjectives(query: unknown): Promise<ListEnvelope<PublicObjective>> {
      const { tenantId, rest } = await tenantOf(query);
      const options = parseLoadOptions(rest, {
        fields: publicObjectiveFields,
        defaultSort: publicObjectiveDefaultSort,
      });
      if (options.select) {
        throw new BadRequestError('invalid_query', "'select' is not supported here.", {
          select: ["'select' is not supported here."],
        });
      }
      const where = filterCondition(options);
      const [rows, totalCount] = await Promise.all([
        openCatalogRepository.findPublicObjectives(tenantId, {
          where,
          sort: options.sort,
          skip: options.skip,
          take: options.take,
        }),
        options.requireTotalCount
          ? openCatalogRepository.countPublicObjectives(tenantId, where)
          : undefined,
      ]);
      const showcasesOf = await showcasesByObjective(
        tenantId,
        rows.map((row) => row.id),
      );
      return listEnvelope(
        rows.map((row) => toPublicObjective(row, showcasesOf(row.id))),
        totalCount,
      );
    },

    async getObjective(objectiveId: string, query: unknown): Promise<PublicObjectiveDetail> {
      const { tenantId } = await tenantOf(query);
      if (!z.uuid().safeParse(objectiveId).success) throw courseNotFound();
      const row = await openCatalogRepository.findPublicObjective(tenantId, objectiveId);
      if (!row) throw courseNotFound();
      const showcasesOf = await showcasesByObjective(tenantId, [row.id]);
      return toPublicObjectiveDetail(row, showcasesOf(row.id));
    },

    async listShowcases(query: unknown): Promise<PublicShowcase[]> {
      const { tenantId } = await tenantOf(query);
      return (await openCatalogRepository.findPublicShowcases(tenantId)).map(toPublicShowcase);
    },
  };
}
