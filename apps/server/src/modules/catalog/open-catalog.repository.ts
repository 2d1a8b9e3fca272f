// SQL of the public open catalog: a tenant (by domain), its public objectives and their showcases.
import { sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import { ActivityState, ObjectiveStatus } from '@portal/contracts';
import type { Database } from '../../db/schema.ts';
import { applySort, type SortSpec } from '../../lib/list-query/load-options.ts';
import {
  findShowcasesOfObjectives,
  findShowcasesWithCounts,
} from '../showcases/showcases.queries.ts';

export interface PublicPageRequest {
  where: RawBuilder<SqlBool> | undefined;
  sort: SortSpec[];
  skip: number;
  take: number;
}

/**
 * The one definition of "public": flagged for the open catalog, active, and a root activity that is
 * neither a draft nor archived. Every public query and the create-objective-accesses command start here.
 */
export function publicObjectives(db: Kysely<Database>, tenantId: string) {
  return db
    .selectFrom('objectives as o')
    .innerJoin('activities as a', 'a.id', 'o.activityId')
    .where('o.tenantId', '=', tenantId)
    .where('o.showInOpenCatalog', '=', 1)
    .where('o.status', '=', ObjectiveStatus.active)
    .where('a.state', 'not in', [ActivityState.draft, ActivityState.archived]);
}

export type PublicObjectiveRow = Awaited<
  ReturnType<OpenCatalogRepository['findPublicObjectives']>
>[number];
export type PublicShowcaseRow = Awaited<
  ReturnType<OpenCatalogRepository['findPublicShowcases']>
>[number];

export type OpenCatalogRepository = ReturnType<typeof createOpenCatalogRepository>;

export function createOpenCatalogRepository(db: Kysely<Database>) {
  /** Only what a public page shows: no learner, access or workflow column is ever selected. */
  function publicColumns(tenantId: string) {
    return publicObjectives(db, tenantId).select((eb) => [
      'o.id as id',
      'o.name as name',
      'o.code as code',
      'o.description as description',
      'o.imageUrl as imageUrl',
      'a.presentationMode as presentationMode',
      eb
        .selectFrom('activityParts as ap')
        .select((sub) => sub.fn.countAll<number>().as('count'))
        .whereRef('ap.parentActivityId', '=', 'a.id')
        .as('childrenCount'),
    ]);
  }

  return {
    async findTenantIdByDomain(domain: string): Promise<string | undefined> {
      const row = await db
        .selectFrom('tenants')
        .select('id')
        .where('domain', '=', domain)
        .executeTakeFirst();
      return row?.id;
    },

    async findPublicObjectives(tenantId: string, page: PublicPageRequest) {
      let query = publicColumns(tenantId);
      if (page.where) query = query.where(page.where);
      return applySort(query, page.sort, sql.ref('o.id'))
        .offset(page.skip)
        .limit(page.take)
        .execute();
    },

    async countPublicObjectives(
      tenantId: string,
      where: RawBuilder<SqlBool> | undefined,
    ): Promise<number> {
      let query = publicObjectives(db, tenantId).select((eb) =>
        eb.fn.countAll<number>().as('count'),
      );
      if (where) query = query.where(where);
      return Number((await query.executeTakeFirstOrThrow()).count);
    },

    async findPublicObjective(tenantId: string, objectiveId: string) {
      return publicColumns(tenantId)
        .select('o.about as about')
        .where('o.id', '=', objectiveId)
        .executeTakeFirst();
    },

    /** Showcases of the given public objectives, in showcase order. */
    findShowcasesOfObjectives(tenantId: string, objectiveIds: string[]) {
      return findShowcasesOfObjectives(db, tenantId, objectiveIds);
    },

    /** Showcases that hold at least one public objective, counting only public objectives. */
    findPublicShowcases(tenantId: string) {
      return findShowcasesWithCounts(
        db,
        tenantId,
        publicObjectives(db, tenantId).select('o.id as id'),
      );
    },
  };
}
