// SQL of the promo banners: the ones a learner sees now, and the administrators' list, add and remove.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { Caller } from './dashboard.repository.ts';

export interface NewPromoBanner {
  id: string;
  tenantId: string;
  title: string;
  text: string;
  imageUrl: string | null;
  imageAlt: string;
  linkUrl: string | null;
  linkLabel: string | null;
  startsAt: string;
  endsAt: string | null;
  sortOrder: number;
  created: string;
  /** Empty: every learner of the tenant. */
  unitIds: string[];
}

export type PromoBannersRepository = ReturnType<typeof createPromoBannersRepository>;

export function createPromoBannersRepository(db: Kysely<Database>) {
  return {
    /** The tenant's banners running at `now` whose audience includes the caller, in their order. */
    async findShownTo(caller: Caller, now: string) {
      return db
        .selectFrom('promoBanners as b')
        .select([
          'b.id',
          'b.title',
          'b.text',
          'b.imageUrl',
          'b.imageAlt',
          'b.linkUrl',
          'b.linkLabel',
        ])
        .where('b.tenantId', '=', caller.tenantId)
        .where('b.startsAt', '<=', now)
        .where((eb) => eb.or([eb('b.endsAt', 'is', null), eb('b.endsAt', '>', now)]))
        .where((eb) =>
          eb.or([
            eb.not(
              eb.exists(
                eb
                  .selectFrom('promoBannerUnits as bu')
                  .select('bu.unitId')
                  .whereRef('bu.bannerId', '=', 'b.id'),
              ),
            ),
            eb.exists(
              eb
                .selectFrom('promoBannerUnits as bu')
                .innerJoin('unitMemberships as m', 'm.unitId', 'bu.unitId')
                .select('bu.unitId')
                .whereRef('bu.bannerId', '=', 'b.id')
                .where('m.userId', '=', caller.userId),
            ),
          ]),
        )
        .orderBy('b.sortOrder')
        .orderBy('b.created')
        .orderBy('b.id')
        .execute();
    },

    async list(tenantId: string) {
      const banners = await db
        .selectFrom('promoBanners')
        .selectAll()
        .where('tenantId', '=', tenantId)
        .orderBy('sortOrder')
        .orderBy('created')
        .orderBy('id')
        .execute();
      const units = banners.length
        ? await db
            .selectFrom('promoBannerUnits')
            .select(['bannerId', 'unitId'])
            .where(
              'bannerId',
              'in',
              banners.map((b) => b.id),
            )
            .execute()
        : [];
      return banners.map((banner) => ({
        ...banner,
        unitIds: units.filter((u) => u.bannerId === banner.id).map((u) => u.unitId),
      }));
    },

    /** The ids among `unitIds` that are units of the tenant. */
    async findUnitIds(tenantId: string, unitIds: string[]): Promise<string[]> {
      if (unitIds.length === 0) return [];
      const rows = await db
        .selectFrom('units')
        .select('id')
        .where('tenantId', '=', tenantId)
        .where('id', 'in', unitIds)
        .execute();
      return rows.map((row) => row.id);
    },

    async insert(banner: NewPromoBanner): Promise<void> {
      const { unitIds, ...row } = banner;
      await db.transaction().execute(async (trx) => {
        await trx.insertInto('promoBanners').values(row).execute();
        if (unitIds.length > 0) {
          await trx
            .insertInto('promoBannerUnits')
            .values(unitIds.map((unitId) => ({ bannerId: banner.id, unitId })))
            .execute();
        }
      });
    },

    /** Removes a banner of the tenant; false when there is none with this id. */
    async remove(tenantId: string, id: string): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const banner = await trx
          .selectFrom('promoBanners')
          .select('id')
          .where('tenantId', '=', tenantId)
          .where('id', '=', id)
          .executeTakeFirst();
        if (!banner) return false;
        await trx.deleteFrom('promoBannerUnits').where('bannerId', '=', id).execute();
        await trx.deleteFrom('promoBanners').where('id', '=', id).execute();
        return true;
      });
    },
  };
}
